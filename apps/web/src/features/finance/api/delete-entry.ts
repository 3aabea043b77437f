import { api } from '../../../lib/api-client.ts';

export const deleteEntry = (id: string) => api<{ success: true }>(`/finance/entries/${id}`, { method: 'DELETE' });
