import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { PlanType } from '@sede/shared/billing';
import { api } from '../../../lib/api-client.ts';

/** GET /api/billing/summary (the company comes from the session). */
export type BillingSummary = {
  mode: 'stripe' | 'sandbox';
  canManage: boolean;
  plan: PlanType | null;
  status: string;
  balance: number;
  trialEndsAt: string | null;
  trialDaysLeft: number;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  nextCharge: { date: string; amountCents: number; plan: PlanType } | null;
  scheduledSubscription: boolean;
  collaborators: { count: number; included: number; extra: number; extraMonthlyCents: number };
};

// Keys start with 'billing': the live company events invalidate them (use-live-company.ts).
export const billingSummaryKey = ['billing', 'summary'] as const;

export const getBillingSummary = () => api<BillingSummary>('/billing/summary');

export const billingSummaryQueryOptions = () => queryOptions({ queryKey: billingSummaryKey, queryFn: getBillingSummary, ...CACHE.dynamic });

export const useBillingSummary = (enabled = true) => useQuery({ ...billingSummaryQueryOptions(), enabled });
