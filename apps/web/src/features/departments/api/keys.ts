import type { AreaKey } from '@sede/shared/registry/areas';

/** TanStack Query keys of the department areas. */
export const departmentKeys = {
  all: ['departments'] as const,
  summary: (area: AreaKey) => ['departments', area, 'summary'] as const,
};
