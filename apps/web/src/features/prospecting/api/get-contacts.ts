import { useQuery } from '@tanstack/react-query';
import type { LeadRow } from '@sede/shared/prospecting/leads';
import { api } from '../../../lib/api-client.ts';
import { prospectingKeys } from './keys.ts';

/** POST /api/prospecting/leads/contacts: the leads' contacts, masked until the company revealed them. */
export const getContacts = (cnpjs: string[]) => api<{ leads: LeadRow[] }>('/prospecting/leads/contacts', { method: 'POST', json: { cnpjs } });
export const useContacts = (cnpjs: string[]) =>
  useQuery({ queryKey: prospectingKeys.contacts(cnpjs.join(',')), queryFn: () => getContacts(cnpjs), enabled: cnpjs.length > 0 });
