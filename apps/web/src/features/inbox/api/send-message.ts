import type { InboxMessage } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';

export const sendMessage = (id: string, input: { body?: string; fileId?: string; note?: boolean }) => api<InboxMessage>(`/inbox/conversations/${id}/messages`, { method: 'POST', json: input });
