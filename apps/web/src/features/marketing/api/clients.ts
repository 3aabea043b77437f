import { useQuery } from '@tanstack/react-query';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

export const useClients = () => useQuery({ queryKey: marketingKeys.clients, queryFn: async () => (await api<{ clients: ClientSummary[] }>('/marketing/clients')).clients });
export const createClient = (organizationId: string) => api<ClientSummary>('/marketing/clients', { method: 'POST', json: { organizationId } });
