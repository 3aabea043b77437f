import { api } from '../../../lib/api-client.ts';

/** DELETE /api/crm-contacts/lists/:id */
export const deleteList = (id: string) => api<{ success: true }>(`/crm-contacts/lists/${id}`, { method: 'DELETE' });
