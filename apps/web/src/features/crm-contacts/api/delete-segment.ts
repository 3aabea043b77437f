import { api } from '../../../lib/api-client.ts';

/** DELETE /api/crm-contacts/segments/:id */
export const deleteSegment = (id: string) => api<{ success: true }>(`/crm-contacts/segments/${id}`, { method: 'DELETE' });
