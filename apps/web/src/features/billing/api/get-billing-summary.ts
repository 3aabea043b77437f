import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { BillingSummary } from '@sede/shared/billing';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

export type { BillingSummary };

// Keys start with 'billing': the live company events invalidate them (use-live-company.ts).
export const billingSummaryKey = billingKeys.summary;

export const getBillingSummary = () => api<BillingSummary>('/billing/summary');

export const billingSummaryQueryOptions = () => queryOptions({ queryKey: billingSummaryKey, queryFn: getBillingSummary, ...CACHE.dynamic });

export const useBillingSummary = (enabled = true) => useQuery({ ...billingSummaryQueryOptions(), enabled });
