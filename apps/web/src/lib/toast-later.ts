import type { toast as SonnerToast } from 'sonner';

type Toast = typeof SonnerToast;

let loading: Promise<Toast> | null = null;
/** sonner with the app's toast rules, fetched once (decision 0635). */
export const loadToaster = () => (loading ??= import('./toaster.tsx').then(() => import('sonner')).then((m) => m.toast));

/**
 * sonner's `toast.success` / `toast.error` for the pages of the first paint (/auth and its forms):
 * sonner is not on their critical path, so the toast shows once it arrived (it is fetched right
 * after the first paint; a toast raised earlier waits for it, and the Toaster replays it).
 */
export const toastLater = {
  success: (...args: Parameters<Toast['success']>) => void loadToaster().then((t) => t.success(...args)),
  error: (...args: Parameters<Toast['error']>) => void loadToaster().then((t) => t.error(...args)),
};
