import { useQuery } from '@tanstack/react-query';
import type { NfseInvoice } from '@sede/shared/finance/nfse';
import { api } from '../../../lib/api-client.ts';
import { nfseKeys } from './keys.ts';

const path = (entryId: string) => `/finance/nfse/entries/${entryId}/invoice`;
export const useInvoice = (entryId: string) => useQuery({ queryKey: nfseKeys.invoice(entryId), queryFn: () => api<{ invoice: NfseInvoice | null }>(path(entryId)) });
export const issueInvoice = (entryId: string, body: { serviceCode?: string }) => api<NfseInvoice>(path(entryId), { method: 'POST', json: body });
export const cancelInvoice = (entryId: string, reason: string) => api<NfseInvoice>(`${path(entryId)}/cancel`, { method: 'POST', json: { reason } });
