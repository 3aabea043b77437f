import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

export type CnaeOption = { codigo: string; descricao: string };
export const getCnaes = (q: string) => api<{ cnaes: CnaeOption[] }>(`/prospecting/cnaes?q=${encodeURIComponent(q)}`);
export const useCnaes = (q: string) => useQuery({ queryKey: prospectingKeys.cnaes(q), queryFn: () => getCnaes(q), enabled: q.trim().length >= 2, ...CACHE.static });
