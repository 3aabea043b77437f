import { Toaster } from 'sonner';
import { TOASTS } from '@sede/shared/constants';
import { installToastRules } from './toast-rules.ts';

// The rules hold from the moment sonner is on the page (this module is how the first paint's pages reach it).
installToastRules();

/** The app's one Toaster; loaded after the first paint by RootLayout (decision 0635). */
export default function AppToaster() {
  return <Toaster richColors closeButton position="top-right" duration={TOASTS.defaultDuration} visibleToasts={TOASTS.visible} />;
}
