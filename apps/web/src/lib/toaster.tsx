import { Toaster } from 'sonner';
import { TOASTS } from '@sede/shared/constants';
import { installToastRules } from './toast-rules.ts';

// lib/toast.ts takes sonner's `toast` from here: sonner, the rules and the Toaster are one chunk,
// fetched after the first paint (decision 0749).
export { toast } from 'sonner';

// The rules hold from the moment sonner is on the page.
installToastRules();

/** The app's one Toaster; loaded after the first paint by RootLayout (decisions 0635, 0749). */
export default function AppToaster() {
  return <Toaster richColors closeButton position="top-right" duration={TOASTS.defaultDuration} visibleToasts={TOASTS.visible} />;
}
