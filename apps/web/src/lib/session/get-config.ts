import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsMode } from '@sede/shared/billing';
import { CACHE } from '@sede/shared/constants';
import { api } from '../api-client.ts';
// Through get-me.ts (in the entry chunk): importing keys.ts here made the bundler split it into a chunk of its own on /auth.
import { authKeys } from './get-me.ts';

/** GET /api/config: public switches the app needs before sign-in. */
export type AppConfig = { googleEnabled: boolean; devMailbox: boolean; paymentsMode: PaymentsMode };

export const getConfig = () => api<AppConfig>('/config');

export const configQueryOptions = () => queryOptions({ queryKey: authKeys.config, queryFn: getConfig, ...CACHE.static });

export const useAppConfig = () => useQuery(configQueryOptions());
