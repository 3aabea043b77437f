import type { LiveEntityEvent } from '@sede/shared/platform/live';

/**
 * The areas' live events on the page (decision 0115). The one SSE connection of the session
 * (features/auth/hooks/use-live-company.ts) re-emits every 'entity' event as a `sede:live`
 * window event (detail = the event; no detail = it reconnected, everyone refetches), so the
 * session code stays a line and /auth loads nothing of this.
 */
export const LIVE_WINDOW_EVENT = 'sede:live';
export type EntityListener = (event: LiveEntityEvent) => void;

const listeners = new Map<string, Set<EntityListener>>();

export function subscribeEntity(entity: string, listener: EntityListener): () => void {
  let set = listeners.get(entity);
  if (!set) listeners.set(entity, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (!set.size) listeners.delete(entity);
  };
}

const call = (listener: EntityListener, event: LiveEntityEvent) => {
  try {
    listener(event);
  } catch (e) {
    console.error('[live]', e);
  }
};

/** Called by the SSE connection for each 'entity' event (ids only). */
export function dispatchEntityEvent(event: LiveEntityEvent) {
  for (const listener of listeners.get(event.entity) ?? []) call(listener, event);
}

/** Called by the SSE connection when it came back: every subscriber refetches. */
export function dispatchLiveResync() {
  for (const [entity, set] of listeners) for (const listener of set) call(listener, { entity, id: '*', action: 'resync' });
}

if (typeof window !== 'undefined') {
  window.addEventListener(LIVE_WINDOW_EVENT, (e) => {
    const detail = (e as CustomEvent<LiveEntityEvent | null>).detail;
    if (detail) dispatchEntityEvent(detail);
    else dispatchLiveResync();
  });
}
