import { lazy, Suspense, createContext, use, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_INIT_TIMEOUT_MS, SIGN_OUT_REDIRECT_MS } from '@sede/shared/constants';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { defaultPermissions, type PermissionSet } from '@sede/shared/permission-set';
import { setSignedIn } from '../api-client.ts';

import { emitAuthEvent, onAuthEvent } from '../auth-events.ts';
import { LOCAL_AUTH_TOKEN_KEY, type Me, type MeCompany, type MeProfile } from './get-me.ts';
import { endSession, ensureMe, fetchMe, meState, subscribeMe } from './me-store.ts';
import { readCachedPermissions, writeCachedPermissions } from './permissions-cache.ts';

const LiveCompany = lazy(() => import('./live-company.tsx'));

/** Local items removed on sign-out (spec §4): the auth token and the AI key. */
export { LOCAL_AUTH_TOKEN_KEY };
export const LOCAL_AI_KEY = 'sede:ai-key';

export type AuthState = {
  session: { userId: string } | null;
  user: Me['user'] | null;
  profile: MeProfile | null;
  company: MeCompany | null;
  membership: Me['membership'];
  permissions: PermissionSet;
  permissionsLoading: boolean;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** True between a sign-in and the arrival of the profile: pages show a blank screen. */
  isProfileLoading: boolean;
  error: string | null;
  refresh: () => Promise<Me | null>;
  signOut: () => Promise<void>;
};

/** Exported for the tests' providers (test/render.tsx); the app reads it through `useAuth`. */
export const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const pathRef = useRef(location.pathname);
  pathRef.current = location.pathname;
  const [signingOut, setSigningOut] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const [profileLoading, setProfileLoading] = useState(false);

  const me = useSyncExternalStore(subscribeMe, meState, meState);
  const enabled = !signingOut && !timedOut;
  useEffect(() => {
    if (enabled) ensureMe();
  }, [enabled]);
  const data = signingOut || timedOut ? null : (me.data ?? null);
  const initialising = me.data === undefined && !me.error && enabled;
  const verifyingAccess = Boolean(data) && me.fetching && me.invalidated;

  // Auth start-up that takes over 15 s ends unauthenticated with 'Timeout de autenticação'.
  useEffect(() => {
    if (!initialising) return;
    const timer = setTimeout(() => setTimedOut(true), AUTH_INIT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [initialising]);

  useEffect(() => {
    setSignedIn(Boolean(data));
    if (data) writeCachedPermissions(data.user.id, data.permissions);
  }, [data]);

  const refresh = useCallback(async () => {
    setTimedOut(false);
    return fetchMe();
  }, []);

  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'SIGNED_OUT') {
          // A missing user clears profile, company and caches, then /auth after 100 ms.
          endSession();
          setSignedIn(false);
          if (pathRef.current !== '/auth') setTimeout(() => navigate('/auth', { replace: true }), SIGN_OUT_REDIRECT_MS);
        } else {
          // A sign-in after a start-up timeout starts over.
          setTimedOut(false);
          setProfileLoading(true);
          void fetchMe()
            .catch(() => null)
            .finally(() => setProfileLoading(false));
        }
      }),
    [navigate],
  );

  const signOut = useCallback(async () => {
    // Order of spec §4: local state at once, caches, local items, then the server.
    setSigningOut(true);
    setSignedIn(false);
    endSession();
    localStorage.removeItem(LOCAL_AUTH_TOKEN_KEY);
    localStorage.removeItem(LOCAL_AI_KEY);
    try {
      const { authClient } = await import('../auth-client.ts');
      const result = await authClient.signOut();
      if (result.error) throw new Error(AUTH_MESSAGES.signOutFailed);
    } catch (e) {
      setSigningOut(false);
      throw e instanceof Error ? e : new Error(AUTH_MESSAGES.signOutFailed);
    }
    emitAuthEvent('SIGNED_OUT');
    endSession();
    setSigningOut(false);
    navigate('/auth', { replace: true });
  }, [navigate]);


  const value = useMemo<AuthState>(() => {
    const error = timedOut ? AUTH_MESSAGES.authTimeout : me.error ? AUTH_MESSAGES.authInitFailed : null;
    const cached = initialising ? readCachedPermissions() : null;
    return {
      session: data ? { userId: data.user.id } : null,
      user: data?.user ?? null,
      profile: data?.profile ?? null,
      company: data?.company ?? null,
      membership: data?.membership ?? null,
      permissions: data?.permissions ?? cached ?? defaultPermissions(),
      // Also while access is re-read after a change was announced (a 'me' event): the
      // permissions in hand may be stale, so permission routes wait for the new answer.
      permissionsLoading: initialising || verifyingAccess,
      isAuthenticated: Boolean(data),
      isLoading: initialising,
      isProfileLoading: profileLoading,
      error,
      refresh,
      signOut,
    };
  }, [data, initialising, me.error, profileLoading, refresh, signOut, timedOut, verifyingAccess]);

  return (
    <AuthContext value={value}>
      {data && (
        <Suspense fallback={null}>
          <LiveCompany />
        </Suspense>
      )}
      {children}
    </AuthContext>
  );
}

export function useAuth(): AuthState {
  const ctx = use(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
