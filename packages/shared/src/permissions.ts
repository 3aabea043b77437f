/**
 * The permission engine of spec §6, shared by the server (which decides) and the web app
 * (which only uses it for comfort: guards, locked cards). The spec's flags are derived from
 * the grants by action of the registry (`registry/permissions.ts`, `registry/guards.ts`).
 */
import { GUARDS, type GuardKey, type PermissionFlag } from './registry/guards.ts';
import { CUSTOM_PERMISSION_GRANTS, grantsFor, type CustomPermissionKey, type Membership } from './registry/permissions.ts';

export { parseCustomPermissions, type Membership, type CustomPermissionKey } from './registry/permissions.ts';
export type { GuardKey, PermissionFlag } from './registry/guards.ts';

export const ROLES = ['admin', 'vendas', 'marketing', 'rh', 'financeiro', 'juridico', 'custom'] as const;
export type StoredRole = (typeof ROLES)[number];

export type PermissionSet = { role: string | null } & Record<PermissionFlag, boolean>;

export const PERMISSION_FLAGS: PermissionFlag[] = GUARDS.map((g) => g.flag);

/** Keys used by route guards (spec §3) and the flag each one opens. */
export const GUARD_KEY_FLAGS = Object.fromEntries(GUARDS.map((g) => [g.key, g.flag])) as { readonly [K in GuardKey]: Extract<(typeof GUARDS)[number], { key: K }>['flag'] };

export const CUSTOM_PERMISSION_KEYS = Object.keys(CUSTOM_PERMISSION_GRANTS) as CustomPermissionKey[];

/** The spec §6 permission set: each flag is its guard's permission in the membership's grants. */
export function computePermissions(membership: Membership): PermissionSet {
  const grants = grantsFor(membership);
  const set = { role: membership ? membership.role : null } as PermissionSet;
  for (const guard of GUARDS) set[guard.flag] = grants.has(guard.permission);
  return set;
}

/** Default set: no membership, an error, or while loading (spec §6). A fresh object each time. */
export const defaultPermissions = (): PermissionSet => computePermissions(null);

/** A guard passes when at least one required key's flag is true. */
export function hasAnyPermission(set: PermissionSet, keys: readonly GuardKey[]): boolean {
  return keys.some((key) => set[GUARD_KEY_FLAGS[key]]);
}

export function grantedKeys(set: PermissionSet): GuardKey[] {
  return GUARDS.filter((g) => set[g.flag]).map((g) => g.key);
}

/** Local cache key (spec: version 2, older versions removed). */
export const PERMISSIONS_CACHE_VERSION = 2;
export const permissionsCacheKey = (userId: string) => `sede:permissions:v${PERMISSIONS_CACHE_VERSION}:${userId}`;
