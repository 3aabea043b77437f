import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConversationList } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys, type ConversationFilters } from './keys.ts';

export const listConversations = (f: ConversationFilters) => {
  const q = new URLSearchParams({ scope: f.scope, ...(f.status ? { status: f.status } : {}) });
  return api<ConversationList>(`/inbox/conversations?${q}`);
};
export const useConversations = (f: ConversationFilters) => useQuery({ queryKey: inboxKeys.list(f), queryFn: () => listConversations(f), placeholderData: keepPreviousData });
