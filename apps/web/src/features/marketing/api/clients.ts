import { useQuery } from '@tanstack/react-query';
import type { ClientContact, ClientOptionsInput, ClientOptionsView, ClientSummary, ClientUpdateInput, ClientView, ContactCreateInput, ContactUpdateInput } from '@sede/shared/marketing/clients';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

const fetchClients = async () => (await api<{ clients: ClientSummary[] }>('/marketing/clients')).clients;
/** Every client the member sees (archived ones flagged). */
export const useClients = () => useQuery({ queryKey: marketingKeys.clients, queryFn: fetchClients });
/** The clients a picker offers: archived ones left out (decision 0322). */
export const useActiveClients = () => useQuery({ queryKey: marketingKeys.clients, queryFn: fetchClients, select: (list) => list.filter((c) => !c.archived) });
export const createClient = (organizationId: string) => api<ClientSummary>('/marketing/clients', { method: 'POST', json: { organizationId } });

/** One client by id, or `propria` for the company itself (decision 0320). */
export const useClient = (id: string) => useQuery({ queryKey: marketingKeys.client(id), queryFn: () => api<ClientView>(`/marketing/clients/${encodeURIComponent(id)}`), retry: false });
export const updateClient = (id: string, data: ClientUpdateInput) => api<ClientView>(`/marketing/clients/${encodeURIComponent(id)}`, { method: 'PATCH', json: data });
export const deleteClient = (id: string) => api<{ ok: true }>(`/marketing/clients/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useClientOptions = (id: string) =>
  useQuery({ queryKey: marketingKeys.clientOptions(id), queryFn: () => api<ClientOptionsView>(`/marketing/clients/${encodeURIComponent(id)}/options`), retry: false });
export const setClientOptions = (id: string, data: ClientOptionsInput) => api<ClientOptionsView>(`/marketing/clients/${encodeURIComponent(id)}/options`, { method: 'PATCH', json: data });

export const addContact = (clientId: string, data: ContactCreateInput) => api<ClientContact>(`/marketing/clients/${encodeURIComponent(clientId)}/contacts`, { method: 'POST', json: data });
export const updateContact = (clientId: string, contactId: string, data: ContactUpdateInput) =>
  api<ClientContact>(`/marketing/clients/${encodeURIComponent(clientId)}/contacts/${contactId}`, { method: 'PATCH', json: data });
export const removeContact = (clientId: string, contactId: string) => api<{ ok: true }>(`/marketing/clients/${encodeURIComponent(clientId)}/contacts/${contactId}`, { method: 'DELETE' });

/** A new organization in the contact base (parties), to become a client. */
export const createOrganization = (data: { razaoSocial: string; nomeFantasia?: string }) => api<{ id: string }>('/parties/organizations', { method: 'POST', json: data });
