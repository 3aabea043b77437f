import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { ProspectSearchResult } from '@sede/shared/prospecting/schemas';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** `query` is the filters as a query string (the page's URL search). */
export const searchProspects = (query: string) => api<ProspectSearchResult>(`/prospecting/search${query ? `?${query}` : ''}`);
export const useProspectSearch = (query: string, enabled: boolean) =>
  useQuery({ queryKey: prospectingKeys.search(query), queryFn: () => searchProspects(query), enabled, placeholderData: keepPreviousData, retry: false, ...CACHE.default });
