import { useQuery } from '@tanstack/react-query';
import type { PixKey, PixKeyCreateInput } from '@sede/shared/finance/pix';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

export const usePixKeys = () => useQuery({ queryKey: financeKeys.pixKeys, queryFn: () => api<{ keys: PixKey[] }>('/finance/pix/keys') });
export const createPixKey = (input: PixKeyCreateInput) => api<PixKey>('/finance/pix/keys', { method: 'POST', json: input });
export const makeDefaultPixKey = (id: string) => api<PixKey>(`/finance/pix/keys/${id}`, { method: 'PATCH', json: { isDefault: true } });
export const deletePixKey = (id: string) => api(`/finance/pix/keys/${id}`, { method: 'DELETE' });
