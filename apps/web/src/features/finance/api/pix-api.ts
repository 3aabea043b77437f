import { useQuery } from '@tanstack/react-query';
import type { PixApiSettings, PixApiSettingsAnswer, PixApiSettingsInput } from '@sede/shared/finance/pix-api';
import { api } from '../../../lib/api-client.ts';

/** An account's API Pix settings (decision 0560). */
export const pixApiKey = (accountId: string) => ['finance', 'pix-api', accountId] as const;
export const usePixApiSettings = (accountId: string | null) =>
  useQuery({ queryKey: pixApiKey(accountId ?? ''), queryFn: () => api<PixApiSettingsAnswer>(`/finance/pix-api/accounts/${accountId}`), enabled: !!accountId });
export const savePixApiSettings = (accountId: string, input: PixApiSettingsInput) => api<PixApiSettings>(`/finance/pix-api/accounts/${accountId}`, { method: 'PUT', json: input });
export const removePixApiSettings = (accountId: string) => api<{ success: true }>(`/finance/pix-api/accounts/${accountId}`, { method: 'DELETE' });
export function uploadPixApiCertificate(accountId: string, file: File, password: string) {
  const form = new FormData();
  form.set('file', file);
  form.set('password', password);
  return api<PixApiSettings>(`/finance/pix-api/accounts/${accountId}/certificate`, { method: 'POST', body: form });
}
