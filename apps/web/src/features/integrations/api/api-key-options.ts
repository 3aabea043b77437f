import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { ApiKeyOptions } from '@sede/shared/platform/api-keys';
import { api } from '../../../lib/api-client.ts';
import { integrationsKeys } from './keys.ts';

/** The permissions a new key may get (the public API's, among the admin's own). */
export const useApiKeyOptions = (enabled: boolean) =>
  useQuery({ queryKey: integrationsKeys.options, queryFn: () => api<ApiKeyOptions>('/api-keys/options'), enabled, ...CACHE.dynamic });
