import { Toaster } from 'sonner';
import { TOASTS } from '@sede/shared/constants';
import { installToastRules } from './toast-rules.ts';

// The rules hold from the moment sonner is on the page: lib/toast.ts loads it through this module.
installToastRules();

/** The app's one Toaster; loaded after the first paint by RootLayout (decisions 0635, 0749). */
export default function AppToaster() {
  return <Toaster richColors closeButton position="top-right" duration={TOASTS.defaultDuration} visibleToasts={TOASTS.visible} />;
}
