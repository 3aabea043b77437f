import { useQuery } from '@tanstack/react-query';
import type { EntryCharge, PaymentLinkCreated } from '@sede/shared/finance/pix';
import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

const base = (entryId: string) => `/finance/pix/entries/${entryId}`;

export const useEntryCharge = (entryId: string | null) =>
  useQuery({ queryKey: financeKeys.charge(entryId ?? ''), queryFn: () => api<EntryCharge>(`${base(entryId!)}/charge`), enabled: !!entryId });
export const chargeByPix = (entryId: string) => api<EntryCharge>(`${base(entryId)}/charge`, { method: 'POST', json: {} });
export const createPaymentLink = (entryId: string) => api<PaymentLinkCreated>(`${base(entryId)}/link`, { method: 'POST', json: {} });
export const revokePaymentLink = (entryId: string) => api(`${base(entryId)}/link`, { method: 'DELETE' });
export const sendCharge = (entryId: string, to: string | null) => api<{ to: string; url: string }>(`${base(entryId)}/send`, { method: 'POST', json: { to } });
