import { useQuery } from '@tanstack/react-query';
import type { AutoCancellation, EntryBoleto, ProviderSettings, ProviderSettingsSaveInput } from '@sede/shared/finance/boleto';
import { api } from '../../../lib/api-client.ts';

/** Query keys of boletos (decisions 0570–0573), under the finance area's. */
export const boletoKeys = {
  settings: ['finance', 'boleto', 'settings'] as const,
  entry: (entryId: string) => ['finance', 'boleto', 'entry', entryId] as const,
  autoCancellations: ['finance', 'boleto', 'auto-cancellations'] as const,
};

export const useBoletoSettings = () => useQuery({ queryKey: boletoKeys.settings, queryFn: () => api<ProviderSettings>('/finance/boleto/settings') });
export const saveBoletoSettings = (input: ProviderSettingsSaveInput) => api<ProviderSettings>('/finance/boleto/settings', { method: 'PUT', json: input });
export const rotateBoletoWebhookToken = () => api<ProviderSettings>('/finance/boleto/settings/webhook-token', { method: 'POST', json: {} });
export const deleteBoletoSettings = () => api('/finance/boleto/settings', { method: 'DELETE' });

export const useEntryBoleto = (entryId: string | null) =>
  useQuery({ queryKey: boletoKeys.entry(entryId ?? ''), queryFn: () => api<EntryBoleto>(`/finance/boleto/entries/${entryId}`), enabled: !!entryId });
export const issueBoleto = (entryId: string) => api<EntryBoleto>(`/finance/boleto/entries/${entryId}`, { method: 'POST', json: {} });
export const cancelBoleto = (entryId: string) => api<EntryBoleto>(`/finance/boleto/entries/${entryId}`, { method: 'DELETE' });

/** The boletos Sede cancelled at Asaas by itself, or failed to (decision 0602), and 'Tentar de novo'. */
export const useAutoCancellations = () =>
  useQuery({ queryKey: boletoKeys.autoCancellations, queryFn: () => api<{ cancellations: AutoCancellation[] }>('/finance/boleto/auto-cancellations') });
export const retryAutoCancel = (boletoId: string) => api<AutoCancellation>(`/finance/boleto/auto-cancellations/${boletoId}`, { method: 'POST', json: {} });
