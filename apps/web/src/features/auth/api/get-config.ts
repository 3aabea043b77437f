import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsMode } from '@sede/shared/billing';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';

/** GET /api/config: public switches the app needs before sign-in. */
export type AppConfig = { googleEnabled: boolean; devMailbox: boolean; paymentsMode: PaymentsMode };

export const getConfig = () => api<AppConfig>('/config');

export const configQueryOptions = () => queryOptions({ queryKey: ['config'], queryFn: getConfig, ...CACHE.static });

export const useAppConfig = () => useQuery(configQueryOptions());
