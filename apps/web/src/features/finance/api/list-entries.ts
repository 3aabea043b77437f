import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { FinEntryPage } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';
import { financeKeys, type EntryFilters } from './keys.ts';

export const entriesQueryString = (filters: EntryFilters, extra: Record<string, string> = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...filters, ...extra })) if (v) params.set(k, v);
  return params.toString();
};

export const listEntries = (filters: EntryFilters, cursor?: string) => api<FinEntryPage>(`/finance/entries?${entriesQueryString(filters, cursor ? { cursor } : {})}`);

export const useEntries = (filters: EntryFilters) =>
  useInfiniteQuery({
    queryKey: financeKeys.entryList(filters),
    queryFn: ({ pageParam }) => listEntries(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    ...CACHE.dynamic,
  });
