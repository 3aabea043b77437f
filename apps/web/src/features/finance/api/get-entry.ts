import { useQuery } from '@tanstack/react-query';
import type { FinEntryDetail } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

export const getEntry = (id: string) => api<FinEntryDetail>(`/finance/entries/${id}`);
export const useEntry = (id: string | null) => useQuery({ queryKey: financeKeys.entry(id ?? ''), queryFn: () => getEntry(id!), enabled: !!id });
