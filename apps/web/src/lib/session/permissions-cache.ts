import { PERMISSIONS_CACHE_VERSION, permissionsCacheKey, type PermissionSet } from '@sede/shared/permission-set';

const PREFIX = 'sede:permissions:v';
const LAST_USER_KEY = 'sede:last-user';

/** Local copy of the permissions, per user, under the version-2 key (older versions removed). */
export function readCachedPermissions(): PermissionSet | null {
  try {
    const userId = localStorage.getItem(LAST_USER_KEY);
    if (!userId) return null;
    const raw = localStorage.getItem(permissionsCacheKey(userId));
    return raw ? (JSON.parse(raw) as PermissionSet) : null;
  } catch {
    return null;
  }
}

export function writeCachedPermissions(userId: string, permissions: PermissionSet) {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX) && !key.startsWith(`${PREFIX}${PERMISSIONS_CACHE_VERSION}:`)) localStorage.removeItem(key);
    }
    localStorage.setItem(LAST_USER_KEY, userId);
    localStorage.setItem(permissionsCacheKey(userId), JSON.stringify(permissions));
  } catch {
    /* storage full or blocked: the server's answer is still used */
  }
}

export function clearCachedPermissions() {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    /* ignore */
  }
}
