import { api } from '../../../lib/api-client.ts';

export const deleteDocument = (id: string) => api<{ ok: true }>(`/documents/${id}`, { method: 'DELETE' });
