import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { refreshQueries } from '../refresh-queries.ts';
import { subscribeEntity, type EntityListener } from './entity-bus.ts';

export { dispatchEntityEvent, dispatchLiveResync, subscribeEntity, type EntityListener } from './entity-bus.ts';

/**
 * The areas' live updates on the page (decision 0115). The one SSE connection of the session
 * (GET /api/events) hands every 'entity' event to the bus (entity-bus.ts); pages subscribe per
 * entity type and refetch through TanStack Query. After a reconnect, events may have been
 * missed: every subscriber is called once with `{ id: '*', action: 'resync' }`.
 */
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
    void refreshQueries(queryClient, keyFor && e.id !== '*' ? keyFor(e.id) : queryKey);
  });
}
