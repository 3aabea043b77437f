import { useQuery } from '@tanstack/react-query';
import type { PixAutomatic, PixAutomaticRequest } from '@sede/shared/finance/pix-automatic';
import { api } from '../../../lib/api-client.ts';

/** Pix Automático of a recurring receivable's series (decisions 0610–0612). */
export const pixAutomaticKey = (entryId: string) => ['finance', 'pix-automatic', entryId] as const;
const base = (entryId: string) => `/finance/pix-api/entries/${entryId}/automatic`;

export const usePixAutomatic = (entryId: string | null, enabled = true) =>
  useQuery({ queryKey: pixAutomaticKey(entryId ?? ''), queryFn: () => api<PixAutomatic>(base(entryId!)), enabled: !!entryId && enabled });
export const requestPixAutomatic = (entryId: string, input: PixAutomaticRequest) => api<PixAutomatic>(base(entryId), { method: 'POST', json: input });
export const requestPixAutomaticQr = (entryId: string) => api<PixAutomatic>(`${base(entryId)}/qr`, { method: 'POST', json: {} });
/** Jornadas 3–4 (decision 0756): one QR that pays the first open occurrence and authorises the rest. */
export const requestPixAutomaticFirstPaymentQr = (entryId: string) => api<PixAutomatic>(`${base(entryId)}/qr-first-payment`, { method: 'POST', json: {} });
export const refreshPixAutomatic = (entryId: string) => api<PixAutomatic>(`${base(entryId)}/refresh`, { method: 'POST', json: {} });
export const cancelPixAutomatic = (entryId: string) => api<PixAutomatic>(base(entryId), { method: 'DELETE' });
