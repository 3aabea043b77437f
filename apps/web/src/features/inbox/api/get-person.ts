import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PersonHit } from './find-people.ts';
import { inboxKeys } from './keys.ts';

export const getPerson = (id: string) => api<PersonHit>(`/parties/people/${id}`);
export const usePerson = (id: string | null) => useQuery({ queryKey: inboxKeys.person(id ?? ''), queryFn: () => getPerson(id!), enabled: Boolean(id) });
