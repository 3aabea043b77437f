import { useEffect, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { showOAuthError } from '../hooks/use-oauth-return.ts';

/**
 * A Google sign-in that failed (cancelled, refused) comes back to /company-setup?error=…
 * without a session, so the guard sends the person to /auth: the §8 error is still shown,
 * not swallowed (decision 0049). Lazy-loaded by the guard, outside the entry chunk.
 */
export default function OAuthErrorRedirect() {
  const location = useLocation();
  const shown = useRef(false);
  const error = new URLSearchParams(location.search).get('error');
  useEffect(() => {
    if (error && !shown.current) {
      shown.current = true;
      showOAuthError(error);
    }
  }, [error]);
  return <Navigate to="/auth" replace />;
}
