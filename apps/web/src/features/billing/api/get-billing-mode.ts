import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsMode } from '@sede/shared/billing';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

/** GET /api/billing/mode: real payments (Stripe), the offline sandbox ('Modo de teste'), or none configured. */
export type BillingMode = { mode: PaymentsMode };

export const billingModeKey = billingKeys.mode;

export const getBillingMode = () => api<BillingMode>('/billing/mode');

export const billingModeQueryOptions = () => queryOptions({ queryKey: billingModeKey, queryFn: getBillingMode, ...CACHE.static });

export const useBillingMode = () => useQuery(billingModeQueryOptions());

/** True once the server said payments are not configured: the screens then offer nothing to buy. */
export const usePaymentsDisabled = () => useBillingMode().data?.mode === 'disabled';
