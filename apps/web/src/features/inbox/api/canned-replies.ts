import { useQuery } from '@tanstack/react-query';
import type { CannedReply } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

export const listCannedReplies = async () => (await api<{ replies: CannedReply[] }>('/inbox/canned-replies')).replies;
export const useCannedReplies = () => useQuery({ queryKey: inboxKeys.canned, queryFn: listCannedReplies });
