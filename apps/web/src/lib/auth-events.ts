/**
 * Auth state change events (SIGNED_IN, SIGNED_OUT, ...) within the tab and, through a
 * BroadcastChannel, across the person's other tabs.
 */
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';
type Listener = (event: AuthEvent) => void;

const listeners = new Set<Listener>();
const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('sede-auth') : null;
channel?.addEventListener('message', (e) => {
  for (const l of listeners) l(e.data as AuthEvent);
});

export function emitAuthEvent(event: AuthEvent, { broadcast = true } = {}) {
  for (const l of listeners) l(event);
  if (broadcast) channel?.postMessage(event);
}

export function onAuthEvent(listener: Listener) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
