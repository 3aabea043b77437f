import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveEntityEvent } from '@sede/shared/platform/live';

/**
 * The areas' live updates on the page (decision 0115). The one SSE connection of the session
 * (GET /api/events) hands every 'entity' event to `dispatchEntityEvent`; pages subscribe per
 * entity type and refetch through TanStack Query. After a reconnect, events may have been
 * missed: every subscriber is called once with `{ id: '*', action: 'resync' }`.
 */
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

/** Runs `onChange` for every change of `entity` this person may see, while mounted. */
export function useLiveEntity(entity: string, onChange: EntityListener) {
  const ref = useRef(onChange);
  ref.current = onChange;
  useEffect(() => subscribeEntity(entity, (e) => ref.current(e)), [entity]);
}

/**
 * Refetches the queries under `queryKey` when an `entity` changes — e.g.
 * `useLiveInvalidate('deal', crmKeys.deals)`; `keyFor` narrows it to the changed id.
 */
export function useLiveInvalidate(entity: string, queryKey: QueryKey, keyFor?: (id: string) => QueryKey) {
  const queryClient = useQueryClient();
  useLiveEntity(entity, (e) => {
    void queryClient.invalidateQueries({ queryKey: keyFor && e.id !== '*' ? keyFor(e.id) : queryKey });
  });
}
