import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { ApiKeyList } from '@sede/shared/platform/api-keys';
import { api } from '../../../lib/api-client.ts';
import { integrationsKeys } from './keys.ts';

export const listApiKeys = () => api<ApiKeyList>('/api-keys').then((r) => r.keys);

export const useApiKeys = () => useQuery(queryOptions({ queryKey: integrationsKeys.apiKeys, queryFn: listApiKeys, ...CACHE.dynamic }));
