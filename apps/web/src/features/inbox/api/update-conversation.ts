import type { ConversationStatus, ConversationSummary } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateConversation = (id: string, input: { status?: ConversationStatus; assigneeId?: string | null; personId?: string | null }) =>
  api<ConversationSummary>(`/inbox/conversations/${id}`, { method: 'PATCH', json: input });
