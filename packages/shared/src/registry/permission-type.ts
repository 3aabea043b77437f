import type { AREA_DECLARATIONS } from './areas/index.ts';

type Declared = (typeof AREA_DECLARATIONS)[number];
export type PermissionArea = Declared['key'];
export type AreaActions<A extends PermissionArea> = Extract<Declared, { key: A }>['actions'][number];
/** `<area>.<action>`, only the actions the area declares: `comercial.export` compiles, `projetos.ai` does not. */
export type Permission = { [A in PermissionArea]: `${A}.${AreaActions<A>}` }[PermissionArea];
