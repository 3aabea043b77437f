import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { PaymentItem } from '@sede/shared/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export type { PaymentItem };


export const paymentsKey = billingKeys.payments;

export const listPayments = () => api<{ payments: PaymentItem[] }>('/billing/payments').then((r) => r.payments);

export const paymentsQueryOptions = () => queryOptions({ queryKey: paymentsKey, queryFn: listPayments, ...CACHE.dynamic });

export const usePayments = () => useQuery(paymentsQueryOptions());
