import type { toast as SonnerToast } from 'sonner';

/**
 * The app's `toast`: sonner's call surface (`toast()`, `.success`, `.error`, `.info`, `.warning`,
 * `.message`, `.dismiss`) without sonner on any page's first download (decision 0749). sonner
 * (with the app's Toaster and toast rules) is fetched when the browser is first idle
 * (RootLayout) or by the first toast, whichever comes first; a toast raised before it arrived is
 * shown once it has, under the id returned here, so it can still be updated or dismissed.
 */
type Sonner = typeof SonnerToast;
type Message = Parameters<Sonner['success']>[0];
type Options = Parameters<Sonner['success']>[1];
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
export type ToastId = string | number;

/** The queue in front of sonner; `load` fetches it (the app's below, a test's its own). */
export function createToasts(load: () => Promise<Sonner>) {
  let sonner: Sonner | null = null;
  let loading: Promise<Sonner> | null = null;
  /** Toasts raised before sonner arrived, in order, with the id each was given. */
  let waiting: Array<{ id: ToastId; show: (s: Sonner) => void }> = [];
  const loadedListeners = new Set<() => void>();
  let lastId = 0;

  /** Fetches sonner once, then shows what waited. A failed fetch is asked again by the next toast. */
  function loadToasts(): Promise<Sonner> {
    loading ??= load().then(
      (loaded) => {
        sonner = loaded;
        const shown = waiting;
        waiting = [];
        for (const t of shown) t.show(loaded);
        for (const listener of loadedListeners) listener();
        loadedListeners.clear();
        return loaded;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  }

  /** Calls `listener` once sonner is on the page (at once when it already is); returns the unsubscribe. */
  function onToastsLoaded(listener: () => void): () => void {
    if (sonner) {
      listener();
      return () => {};
    }
    loadedListeners.add(listener);
    return () => loadedListeners.delete(listener);
  }

  function show(kind: Kind | null, message: Message, options?: Options): ToastId {
    // Looked up at call time: the toast rules (toast-rules.ts) replace sonner's `success`.
    const call = (s: Sonner, o?: Options) => (kind ? s[kind](message, o) : s(message, o));
    if (sonner) return call(sonner, options);
    const id = options?.id ?? `toast-${++lastId}`;
    waiting.push({ id, show: (s) => void call(s, { ...options, id }) });
    loadToasts().catch(() => {});
    return id;
  }

  /** Removes a toast (every toast without an id); one still waiting for sonner is never shown. */
  function dismiss(id?: ToastId): void {
    if (sonner) sonner.dismiss(id);
    else waiting = id === undefined ? [] : waiting.filter((t) => t.id !== id);
  }

  const toast = Object.assign((message: Message, options?: Options) => show(null, message, options), {
    success: (message: Message, options?: Options) => show('success', message, options),
    error: (message: Message, options?: Options) => show('error', message, options),
    info: (message: Message, options?: Options) => show('info', message, options),
    warning: (message: Message, options?: Options) => show('warning', message, options),
    message: (message: Message, options?: Options) => show('message', message, options),
    dismiss,
  });
  return { toast, loadToasts, onToastsLoaded };
}

/** sonner with the app's Toaster module, which installs the toast rules (toast-rules.ts) as it loads. */
export const { toast, loadToasts, onToastsLoaded } = createToasts(() => import('./toaster.tsx').then((m) => m.toast));
