import { Outlet, useNavigation } from 'react-router';
import { Toaster } from 'sonner';
import { TOASTS } from '@sede/shared/constants';
import { AuthProvider } from '../../features/auth/auth-provider.tsx';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <AuthProvider>
      {navigation.state === 'loading' && (
        <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50">
          <div className="h-0.5 w-full animate-pulse bg-[var(--color-accent)]" />
          <span className="sr-only">Carregando página...</span>
        </div>
      )}
      <Outlet />
      <Toaster richColors closeButton position="top-right" duration={TOASTS.defaultDuration} visibleToasts={TOASTS.visible} />
    </AuthProvider>
  );
}
