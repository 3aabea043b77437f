import { queryOptions } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { DeepSearchResult } from '@sede/shared/prospecting/deep-search';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** One establishment's relations (decision 0240); each expansion of the graph is one of these. */
export const getDeepSearch = (cnpj: string) => api<DeepSearchResult>(`/prospecting/deep-search/${encodeURIComponent(cnpj)}`);
export const deepSearchQuery = (cnpj: string) => queryOptions({ queryKey: prospectingKeys.deepSearch(cnpj), queryFn: () => getDeepSearch(cnpj), retry: false, ...CACHE.default });
