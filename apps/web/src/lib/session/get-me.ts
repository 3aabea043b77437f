import type { Viewer, ViewerCompany, ViewerProfile } from '@sede/shared/viewer';
import { api, ApiError } from '../api-client.ts';
import { authKeys } from './keys.ts';

export { authKeys };

export type MeProfile = ViewerProfile;
export type MeCompany = ViewerCompany;
export type Me = Viewer;

export const meQueryKey = authKeys.me;

/**
 * The local item for the auth token (spec §4), removed on sign-out. The session itself is an
 * httpOnly cookie the page cannot see, so this item is the page's hint that one exists
 * (decision 0087): written when /me answers a person, removed when it answers nobody.
 */
export const LOCAL_AUTH_TOKEN_KEY = 'sede:auth-token';
const HINT_VALUE = 'cookie-session';

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);
const hasSessionHint = () => storage()?.getItem(LOCAL_AUTH_TOKEN_KEY) != null;
const setSessionHint = (present: boolean) => {
  try {
    if (present) storage()?.setItem(LOCAL_AUTH_TOKEN_KEY, HINT_VALUE);
    else storage()?.removeItem(LOCAL_AUTH_TOKEN_KEY);
  } catch {
    // Storage full or blocked: the hint is an optimisation only.
  }
};

/**
 * Without the hint, ask better-auth's get-session first: it answers 200 `null` for nobody, so
 * an anonymous visit logs no 401 in the console (GET /api/me keeps its 401, a hot path).
 */
async function anySession(): Promise<boolean> {
  const session = await api<{ session?: unknown } | null>('/auth/get-session?disableRefresh=true');
  return Boolean(session?.session);
}

/** The signed-in bootstrap; null when nobody is signed in (a 401 is an answer, not an error). */
export async function getMe(): Promise<Me | null> {
  if (!hasSessionHint() && !(await anySession())) return null;
  try {
    const me = await api<Me>('/me');
    setSessionHint(true);
    return me;
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      setSessionHint(false);
      return null;
    }
    throw e;
  }
}
