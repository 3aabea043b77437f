import type { EntryCreateInput, FinEntry } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';

export const createEntry = (input: EntryCreateInput) => api<{ entries: FinEntry[] }>('/finance/entries', { method: 'POST', json: input });
