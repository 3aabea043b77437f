import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

/** GET /api/config: public switches the app needs before sign-in. */
export type AppConfig = { googleEnabled: boolean; devMailbox: boolean; paymentsMode: 'stripe' | 'sandbox' };

export const getConfig = () => api<AppConfig>('/config');

export const configQueryOptions = () => queryOptions({ queryKey: authKeys.config, queryFn: getConfig, ...CACHE.static });

export const useAppConfig = () => useQuery(configQueryOptions());
