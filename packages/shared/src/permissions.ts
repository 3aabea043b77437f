/**
 * The permission engine of spec §6, shared by the server (which decides) and the web app
 * (which only uses it for comfort: guards, locked cards). The spec's flags are derived from
 * the grants by action of the registry (`registry/permissions.ts`, `registry/guards.ts`).
 */
import { GUARDS, type GuardKey, type PermissionFlag } from './registry/guards.ts';
import { CUSTOM_PERMISSION_KEYS as KEYS, grantsFor, type CustomPermissionKey, type Membership } from './registry/permissions.ts';
import { flagsOf, type PermissionSet } from './permission-set.ts';

export { defaultPermissions, PERMISSIONS_CACHE_VERSION, permissionsCacheKey, type PermissionSet } from './permission-set.ts';

export { parseCustomPermissions, type Membership, type CustomPermissionKey } from './registry/permissions.ts';
export type { GuardKey, PermissionFlag } from './registry/guards.ts';

export const ROLES = ['admin', 'vendas', 'marketing', 'rh', 'financeiro', 'juridico', 'custom'] as const;
export type StoredRole = (typeof ROLES)[number];

export const PERMISSION_FLAGS: PermissionFlag[] = /* @__PURE__ */ GUARDS.map((g) => g.flag);

/** Keys used by route guards (spec §3) and the flag each one opens. */
export const GUARD_KEY_FLAGS = /* @__PURE__ */ Object.fromEntries(GUARDS.map((g) => [g.key, g.flag])) as { readonly [K in GuardKey]: Extract<(typeof GUARDS)[number], { key: K }>['flag'] };

export const CUSTOM_PERMISSION_KEYS = KEYS as readonly CustomPermissionKey[] as CustomPermissionKey[];

/** The spec §6 permission set: each flag is its guard's permission in the membership's grants. */
export function computePermissions(membership: Membership): PermissionSet {
  return flagsOf(membership ? membership.role : null, grantsFor(membership));
}

/** A guard passes when at least one required key's flag is true. */
export function hasAnyPermission(set: PermissionSet, keys: readonly GuardKey[]): boolean {
  return keys.some((key) => set[GUARD_KEY_FLAGS[key]]);
}

export function grantedKeys(set: PermissionSet): GuardKey[] {
  return GUARDS.filter((g) => set[g.flag]).map((g) => g.key);
}
