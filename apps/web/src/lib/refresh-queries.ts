import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

const answersOf = (q: Query) => q.state.dataUpdateCount + q.state.errorUpdateCount;

/**
 * The queries under `queryKey` fetched again after a change, wherever they are shown, now or
 * when their page mounts again. A fetch already under way started before the change, and
 * TanStack Query lets its answer stand: an invalidation of a query with no data yet (a page's
 * first load) joins that fetch (decision 0743), and one of a query nobody shows (the list behind
 * a record's page) is cleared by that fetch's success, so the list came back stale for two
 * minutes (decision 0745). Such a query is invalidated once more when that fetch ends, unless a
 * new fetch has replaced it. Nothing is cancelled: a caller awaiting that fetch still gets it.
 */
export async function refreshQueries(qc: QueryClient, queryKey: QueryKey, o: { exact?: boolean } = {}): Promise<void> {
  const filters = { queryKey, exact: o.exact };
  const underway = qc
    .getQueryCache()
    .findAll({ ...filters, fetchStatus: 'fetching' })
    .map((query) => ({ query, before: query.promise, answers: answersOf(query) }));
  await qc.invalidateQueries(filters);
  await Promise.all(
    underway.map(async ({ query, before, answers }) => {
      await before?.catch(() => undefined);
      // The query stores that answer after its promise settles: look once it has.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const replaced = query.promise !== undefined && query.promise !== before;
      if (!replaced && answersOf(query) - answers <= 1) await qc.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }),
  );
}
