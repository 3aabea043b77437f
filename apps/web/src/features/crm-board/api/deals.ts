import { queryOptions } from '@tanstack/react-query';
import type { Deal, DealCreateInput, DealLostInput, DealMoved, DealMoveInput, DealUpdateInput, DealWonInput } from '@sede/shared/crm/deals';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './keys.ts';

export const dealQueryOptions = (id: string) => queryOptions({ queryKey: crmKeys.deal(id), queryFn: () => api<Deal>(`/crm/deals/${id}`) });

export const createDeal = (input: DealCreateInput) => api<Deal>('/crm/deals', { method: 'POST', json: input });
export const updateDeal = (id: string, input: DealUpdateInput) => api<Deal>(`/crm/deals/${id}`, { method: 'PATCH', json: input });
export const moveDeal = (id: string, input: DealMoveInput) => api<DealMoved>(`/crm/deals/${id}/move`, { method: 'POST', json: input });
export const winDeal = (id: string, input: DealWonInput) => api<Deal>(`/crm/deals/${id}/won`, { method: 'POST', json: input });
export const loseDeal = (id: string, input: DealLostInput) => api<Deal>(`/crm/deals/${id}/lost`, { method: 'POST', json: input });
export const reopenDeal = (id: string) => api<Deal>(`/crm/deals/${id}/reopen`, { method: 'POST', json: {} });
export const deleteDeal = (id: string) => api<{ success: true }>(`/crm/deals/${id}`, { method: 'DELETE' });
