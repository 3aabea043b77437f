import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';

export type PaymentItem = {
  id: string;
  kind: 'coins' | 'subscription';
  item: string;
  amountCents: number;
  coins: number;
  status: string;
  provider: string;
  createdAt: string;
  paidAt: string | null;
  createdBy: string | null;
};

export const paymentsKey = ['billing', 'payments'] as const;

export const listPayments = () => api<{ payments: PaymentItem[] }>('/billing/payments').then((r) => r.payments);

export const paymentsQueryOptions = () => queryOptions({ queryKey: paymentsKey, queryFn: listPayments, ...CACHE.dynamic });

export const usePayments = () => useQuery(paymentsQueryOptions());
