import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * A value only the browser knows (its storage, its screen's width), read so that a page the
 * server rendered (decision 0766) hydrates with `onServer`, what the server wrote, and shows the
 * browser's value right after; a page rendered in the browser reads it at once. `read` must
 * return a primitive (or the same object while nothing changed), and may throw where there is no
 * browser (it is never called on the server). `subscribe` tells React when it changes.
 */
export function useBrowserValue<T>(read: () => T, onServer: T, subscribe: (onChange: () => void) => () => void = noChanges): T {
  return useSyncExternalStore(subscribe, read, () => onServer);
}
