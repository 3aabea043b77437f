import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

/** GET /api/billing/mode: real payments (Stripe) or the offline sandbox ('Modo de teste'). */
export type BillingMode = { mode: 'stripe' | 'sandbox' };

export const billingModeKey = billingKeys.mode;

export const getBillingMode = () => api<BillingMode>('/billing/mode');

export const billingModeQueryOptions = () => queryOptions({ queryKey: billingModeKey, queryFn: getBillingMode, ...CACHE.static });

export const useBillingMode = () => useQuery(billingModeQueryOptions());
