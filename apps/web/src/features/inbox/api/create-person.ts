import { api } from '../../../lib/api-client.ts';
import type { PersonHit } from './find-people.ts';

export const createPerson = (input: { name: string; emails?: string[]; phones?: string[] }) => api<PersonHit>('/parties/people', { method: 'POST', json: input });
