import { api } from '../../../lib/api-client.ts';

export const markRead = (id: string) => api<{ ok: true }>(`/inbox/conversations/${id}/read`, { method: 'POST', json: {} });
