import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CashFlowGranularity, CashFlowReport } from '@sede/shared/finance/reports-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

export type CashFlowQuery = { from: string; to: string; granularity: CashFlowGranularity; accountId?: string };

const qs = (q: Record<string, string | undefined>) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => Boolean(e[1]))).toString();

export const useCashFlow = (q: CashFlowQuery) =>
  useQuery({ queryKey: reportsKeys.cashFlow(q), queryFn: () => api<CashFlowReport>(`/finance/reports/cash-flow?${qs(q)}`), placeholderData: keepPreviousData });

/** The download link of the cash flow as CSV or XLSX (a plain GET: the browser saves the file). */
export const cashFlowExportUrl = (q: CashFlowQuery, format: 'csv' | 'xlsx') => `/api/finance/reports/cash-flow/export?${qs({ ...q, format })}`;
