import type { FinEntryDetail } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';

export const cancelEntry = (id: string, cancelled: boolean) => api<FinEntryDetail>(`/finance/entries/${id}/${cancelled ? 'cancel' : 'reopen'}`, { method: 'POST', json: {} });
