import { useQuery } from '@tanstack/react-query';
import type { ConversationSummary, InboxMessage } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

export type ConversationDetail = { conversation: ConversationSummary; messages: InboxMessage[] };
export const getConversation = (id: string) => api<ConversationDetail>(`/inbox/conversations/${id}`);
export const useConversation = (id: string | null) => useQuery({ queryKey: inboxKeys.conversation(id ?? ''), queryFn: () => getConversation(id!), enabled: Boolean(id) });
