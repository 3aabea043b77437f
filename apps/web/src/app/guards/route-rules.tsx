import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { resolveRedirect } from '@sede/shared/routing';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { createDecidedKeys } from './decided-keys.ts';
import { signedInRoutingInput } from './routing-input.ts';

const TOKEN_IN_URL = /access_token|oauth=true/;

/**
 * The "routing rules after sign-in" of spec §2 (see packages/shared/src/routing.ts). They are
 * evaluated once per navigation and person, so a page that changes the profile (creating a
 * company, say) keeps control of where it goes next.
 */
export function RouteRules() {
  const auth = useAuth();
  const location = useLocation();
  const [decided] = useState(createDecidedKeys);

  if (auth.isProfileLoading) return null; // blank screen while the profile loads
  if (auth.isLoading || !auth.isAuthenticated) return <Outlet />;

  const key = `${location.key}:${auth.user?.id}`;
  if (decided.firstTime(key)) {
    const urlHasToken = TOKEN_IN_URL.test(location.hash) || new URLSearchParams(location.search).get('oauth') === 'true';
    const target = resolveRedirect(signedInRoutingInput(auth, location.pathname, urlHasToken));
    if (urlHasToken) {
      // Tokens are cleaned from the URL first; the page learns of the OAuth return by state.
      const search = new URLSearchParams(location.search);
      const error = search.get('error');
      search.delete('oauth');
      search.delete('error');
      const clean = `${target ?? location.pathname}${search.size ? `?${search}` : ''}`;
      return <Navigate to={clean} replace state={{ oauth: true, oauthError: error }} />;
    }
    if (target && target !== location.pathname) return <Navigate to={target} replace />;
  }
  return <Outlet />;
}
