import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AuthProvider } from '../../lib/session/auth-provider.tsx';
import { loadToasts, onToastsLoaded } from '../../lib/toast.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { documentTitle } from '../routes.ts';

const AppToaster = lazy(() => import('../../lib/toaster.tsx'));

/** The browser tab follows the page: '<route title> · Sede' (the deepest route with a title). */
function useDocumentTitle() {
  const matches = useMatches();
  const title = matches.findLast((m) => (m.handle as { title?: string } | undefined)?.title)?.handle as { title: string } | undefined;
  useEffect(() => {
    document.title = documentTitle(title?.title);
  }, [title?.title]);
}

/**
 * sonner's Toaster is no part of the first paint: it is fetched when the browser is first idle
 * (decisions 0635, 0690), or earlier by the first toast (lib/toast.ts, decision 0749), and
 * mounted as soon as it is on the page.
 */
function LateToaster() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const stopWaiting = onToastsLoaded(() => setWanted(true));
    const cancelIdle = whenIdle(() => void loadToasts().catch(() => {}));
    return () => {
      stopWaiting();
      cancelIdle();
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

export function RootLayout() {
  const navigation = useNavigation();
  useDocumentTitle();
  return (
    <AuthProvider>
      {navigation.state === 'loading' && (
        // The next page's chunk is on its way: the current page stays, with the spec's spinner on top.
        <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex flex-col items-center" data-testid="page-loading">
          <div className="h-0.5 w-full animate-pulse bg-[var(--color-accent)]" />
          <div className="mt-2 rounded-full border border-slate-200 bg-white px-4 py-1.5 shadow-md">
            <Spinner label="Carregando página..." />
          </div>
        </div>
      )}
      <Outlet />
      <LateToaster />
    </AuthProvider>
  );
}
