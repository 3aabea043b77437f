import type { FinEntryDetail, FinPayment, PaymentCreateInput } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';

export const settleEntry = (id: string, input: PaymentCreateInput) =>
  api<{ payment: FinPayment; entry: FinEntryDetail }>(`/finance/entries/${id}/payments`, { method: 'POST', json: input });
