/**
 * The spec §6 permission set (the flags `GET /api/me` sends and the browser caches) and the
 * default set. Apart from `permissions.ts` so the web's entry chunk carries only this.
 */
import { DEFAULT_GRANTS, GUARDS, type PermissionFlag } from './registry/guards.ts';
import type { Grants } from './registry/permissions.ts';

export type PermissionSet = { role: string | null } & Record<PermissionFlag, boolean>;

/** The flags of a set of grants: each flag is its guard's permission. */
export function flagsOf(role: string | null, grants: Grants): PermissionSet {
  const set = { role } as PermissionSet;
  for (const guard of GUARDS) set[guard.flag] = grants.has(guard.permission);
  return set;
}

/**
 * Default set: no membership, an error, or while loading (spec §6). A fresh object each time.
 * From the generated guard table only, so the web's entry chunk carries no grant engine.
 */
export const defaultPermissions = (): PermissionSet => flagsOf(null, new Set(DEFAULT_GRANTS));

/** Local cache key (spec: version 2, older versions removed). */
export const PERMISSIONS_CACHE_VERSION = 2;
export const permissionsCacheKey = (userId: string) => `sede:permissions:v${PERMISSIONS_CACHE_VERSION}:${userId}`;
