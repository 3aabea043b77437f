import type { Person } from '@sede/shared/platform/parties';
import { api } from '../../../lib/api-client.ts';

/** A new person of the company (the platform's parties); the CPF is validated there. */
export const createPerson = (input: { name: string; cpf?: string | null }) => api<Person>('/parties/people', { method: 'POST', json: input });
