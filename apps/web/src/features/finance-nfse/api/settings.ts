import { useQuery } from '@tanstack/react-query';
import type { NfseSettings, NfseSettingsInput } from '@sede/shared/finance/nfse';
import { api } from '../../../lib/api-client.ts';
import { nfseKeys } from './keys.ts';

export const useNfseSettings = () => useQuery({ queryKey: nfseKeys.settings, queryFn: () => api<{ settings: NfseSettings | null }>('/finance/nfse/settings') });
export const saveNfseSettings = (input: NfseSettingsInput) => api<NfseSettings>('/finance/nfse/settings', { method: 'PUT', json: input });
