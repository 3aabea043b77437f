/**
 * The permission engine of spec §6, shared by the server (which decides) and the web app
 * (which only uses it for comfort: guards, locked cards). The spec's flags are derived from
 * the grants by action of the registry (`registry/permissions.ts`, `registry/guards.ts`).
 */
import { GUARDS, type GuardKey, type PermissionFlag } from './registry/guards.ts';
import { canAny, CUSTOM_PERMISSION_KEYS as KEYS, grantsFor, type CustomPermissionKey, type Membership, type Permission } from './registry/permissions.ts';
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

/**
 * What a route, a sidebar entry or an API requires: one of the spec's guard keys (`'comercial'`,
 * read from the spec flags) or a permission by action (`'frota.read'`, read from the membership's
 * grants). An area the spec does not name is opened by a permission, never by a new flag.
 */
export type Access = GuardKey | Permission;

/** A check of `keys` built once (a route's middleware): passes when at least one key is open. */
export function accessCheck(keys: readonly Access[]) {
  const guards = keys.filter((k): k is GuardKey => !k.includes('.'));
  const actions = keys.filter((k): k is Permission => k.includes('.'));
  return (set: PermissionSet, membership: Membership) => hasAnyPermission(set, guards) || (actions.length > 0 && canAny(grantsFor(membership), actions));
}

/** Whether the flags (spec keys) or the membership's grants (permissions) open at least one of `keys`. */
export const allows = (set: PermissionSet, membership: Membership, keys: readonly Access[]) => accessCheck(keys)(set, membership);
