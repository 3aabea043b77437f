import { AREA_DECLARATIONS } from './areas/index.ts';
import { GUARDS, type GuardKey, type PermissionFlag } from './guards.ts';
import type { Permission } from './permission-type.ts';

type Declared = (typeof AREA_DECLARATIONS)[number];
const titleOf = (area: string) => AREA_DECLARATIONS.find((a) => a.key === area)?.title ?? area;
const labelOf = (key: GuardKey) => {
  const area = AREA_DECLARATIONS.find((a) => (a as { guards?: ReadonlyArray<{ key: string }> }).guards?.some((g) => g.key === key)) as Declared;
  const guard = (area as { guards: ReadonlyArray<{ key: string; label?: string }> }).guards.find((g) => g.key === key)!;
  return guard.label ?? area.title;
};

/** Each guard key's words (access-denied screen, /user-access-debug): its label, else its area's title. */
export const GUARD_LABELS = /* @__PURE__ */ Object.fromEntries(GUARDS.map((g) => [g.key, labelOf(g.key)])) as Record<GuardKey, string>;

const FLAG_LABELS = /* @__PURE__ */ Object.fromEntries(GUARDS.map((g) => [g.flag, GUARD_LABELS[g.key]])) as Record<PermissionFlag, string>;

/** A flag's label ('canAccessRH' → 'Recursos Humanos'). */
export const flagLabel = (flag: PermissionFlag) => FLAG_LABELS[flag];

/** What a route or an entry requires, in words: a guard key's label, or a permission's area title ('frota.read' → 'Frota'). */
export const accessLabel = (access: GuardKey | Permission) => (access.includes('.') ? titleOf(access.slice(0, access.indexOf('.'))) : GUARD_LABELS[access as GuardKey]);
