import { keepPreviousData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

/**
 * A list read a page at a time, following the server's `nextCursor` ('Carregar mais', an endless
 * list); a new filter keeps the last rows on screen until its first page comes.
 */
export const useCursorPages = <P extends { nextCursor: string | null }>(queryKey: QueryKey, fetchPage: (cursor: string | null) => Promise<P>) =>
  useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

/** A list's filters that are set, as a query string's parameters. */
export const filtersQuery = (filters: Record<string, string | undefined>) => new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => Boolean(e[1])));

/** One page's address: `path` with the filters that are set and the page's cursor. */
export const pageUrl = (path: string, filters: Record<string, string | undefined>, cursor?: string | null) => {
  const q = filtersQuery(filters);
  if (cursor) q.set('cursor', cursor);
  return `${path}${q.size ? `?${q}` : ''}`;
};
