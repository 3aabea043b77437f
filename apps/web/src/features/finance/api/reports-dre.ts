import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DreBasis, DreReport } from '@sede/shared/finance/reports-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

export type DreQuery = { to: string; months: number; basis: DreBasis };

export const useDre = (q: DreQuery) =>
  useQuery({ queryKey: reportsKeys.dre(q), queryFn: () => api<DreReport>(`/finance/reports/dre?to=${q.to}&months=${q.months}&basis=${q.basis}`), placeholderData: keepPreviousData });

export const dreExportUrl = (q: DreQuery, format: 'csv' | 'xlsx') => `/api/finance/reports/dre/export?to=${q.to}&months=${q.months}&basis=${q.basis}&format=${format}`;
