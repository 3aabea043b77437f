import { api } from '../../../lib/api-client.ts';

export const deleteCannedReply = (id: string) => api<null>(`/inbox/canned-replies/${id}`, { method: 'DELETE' });
