import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

export type PersonHit = { id: string; name: string; emails: string[]; phones: string[] };
/** The CRM's people matching an e-mail, phone or name (the contact panel; /api/parties). */
export const findPeople = async (q: string) => (await api<{ items: PersonHit[] }>(`/parties/people?q=${encodeURIComponent(q)}&limit=5`)).items;
export const usePeopleSearch = (q: string) => useQuery({ queryKey: inboxKeys.people(q), queryFn: () => findPeople(q), enabled: q.trim().length >= 3 });
