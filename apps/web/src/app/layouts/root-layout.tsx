import { Outlet, useNavigation } from 'react-router';
import { Toaster } from 'sonner';
import { TOASTS } from '@sede/shared/constants';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AuthProvider } from '../../features/auth/auth-provider.tsx';

export function RootLayout() {
  const navigation = useNavigation();
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
      <Toaster richColors closeButton position="top-right" duration={TOASTS.defaultDuration} visibleToasts={TOASTS.visible} />
    </AuthProvider>
  );
}
