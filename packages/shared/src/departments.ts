import { AREAS } from './registry/areas.ts';

/** The department areas (spec §1, §2): key, the guard key that opens it, its route and words. Read from the registry. */
export const DEPARTMENTS = AREAS;

export type { AreaKey as DepartmentKey } from './registry/areas.ts';
