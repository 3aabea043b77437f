import type { EntryUpdateInput, FinEntryDetail } from '@sede/shared/finance/entries';
import { api } from '../../../lib/api-client.ts';

export const updateEntry = (id: string, input: EntryUpdateInput) => api<FinEntryDetail>(`/finance/entries/${id}`, { method: 'PATCH', json: input });
