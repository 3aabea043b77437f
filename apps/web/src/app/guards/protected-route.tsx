import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/session/auth-provider.tsx';

const OAuthErrorRedirect = lazy(() => import('../../features/company-setup/components/oauth-error-redirect.tsx'));

/** Signed-in area: 'Carregando...' while auth loads; nobody signed in → /auth (replacing history). */
export function ProtectedRoute() {
  const { isLoading, isAuthenticated } = useAuth();
  const location = useLocation();
  if (isLoading) {
    const hasToken = /access_token|oauth=true/.test(location.hash + location.search);
    if (location.pathname === '/company-setup' && hasToken) return <FullScreenSpinner label="Processando autenticação..." />;
    return <FullScreenSpinner label="Carregando..." />;
  }
  if (!isAuthenticated) {
    // A failed Google sign-in returns here without a session: show its error on the way out.
    if (location.pathname === '/company-setup' && new URLSearchParams(location.search).has('error')) {
      return (
        <Suspense fallback={null}>
          <OAuthErrorRedirect />
        </Suspense>
      );
    }
    return <Navigate to="/auth" replace />;
  }
  return <Outlet />;
}
