import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { BilledVsReceived } from '@sede/shared/finance/billing';
import { api } from '../../../lib/api-client.ts';
import { crmMetricsKeys } from './keys.ts';

/** Financeiro's billed vs received of the last 12 months (decision 0548); only asked for by members who read Financeiro. */
export const useBilledVsReceived = (enabled: boolean) =>
  useQuery({ queryKey: crmMetricsKeys.billedVsReceived, queryFn: () => api<BilledVsReceived>('/finance/billing/billed-vs-received?months=12'), enabled, ...CACHE.dynamic });
