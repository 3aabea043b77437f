import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsMode } from '@sede/shared/billing';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';

/** GET /api/billing/mode: real payments (Stripe), the offline sandbox ('Modo de teste'), or none configured. */
export type BillingMode = { mode: PaymentsMode };

// Not under 'billing': the mode never changes with the company, so live events leave it alone.
export const billingModeKey = ['billing-mode'] as const;

export const getBillingMode = () => api<BillingMode>('/billing/mode');

export const billingModeQueryOptions = () => queryOptions({ queryKey: billingModeKey, queryFn: getBillingMode, ...CACHE.static });

export const useBillingMode = () => useQuery(billingModeQueryOptions());

/** True once the server said payments are not configured: the screens then offer nothing to buy. */
export const usePaymentsDisabled = () => useBillingMode().data?.mode === 'disabled';
