import { api } from '../../../lib/api-client.ts';

export const deleteFolder = (id: string) => api<{ ok: true }>(`/documents/folders/${id}`, { method: 'DELETE' });
