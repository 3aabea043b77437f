import { useQuery } from '@tanstack/react-query';
import type { FinanceOverview } from '@sede/shared/finance/reports-schemas';
import { api } from '../../../lib/api-client.ts';
import { reportsKeys } from './reports-keys.ts';

export const useFinanceOverview = () => useQuery({ queryKey: reportsKeys.overview, queryFn: () => api<FinanceOverview>('/finance/reports/overview') });
