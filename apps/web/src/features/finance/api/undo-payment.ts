import type { FinEntryDetail } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';

export const undoPayment = (entryId: string, paymentId: string) => api<FinEntryDetail>(`/finance/entries/${entryId}/payments/${paymentId}`, { method: 'DELETE' });
