import { useQuery } from '@tanstack/react-query';
import type { NfseDelivery } from '@sede/shared/finance/nfse';
import { api } from '../../../lib/api-client.ts';
import { nfseKeys } from './keys.ts';

const path = (entryId: string) => `/finance/nfse/entries/${entryId}/invoice`;
export const useDeliveries = (entryId: string) => useQuery({ queryKey: nfseKeys.deliveries(entryId), queryFn: () => api<{ deliveries: NfseDelivery[] }>(`${path(entryId)}/deliveries`) });
export const resendInvoice = (entryId: string, to?: string) => api<{ deliveries: NfseDelivery[] }>(`${path(entryId)}/send`, { method: 'POST', json: to ? { to } : {} });
