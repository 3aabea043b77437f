import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailMessage } from '@sede/shared/platform/dev-mailbox';
import { api } from '../../../lib/api-client.ts';
import { mailboxKeys } from './keys.ts';

export type { MailMessage };

/** GET /api/dev/mailbox?to=: the newest 200 messages, newest first (only in dev-mailbox mode). */
export const listMessages = (to: string) =>
  api<{ messages: MailMessage[] }>(`/dev/mailbox${to ? `?to=${encodeURIComponent(to.trim().toLowerCase())}` : ''}`).then((r) => r.messages);

export const messagesQueryOptions = (to: string) =>
  queryOptions({ queryKey: mailboxKeys.list(to), queryFn: () => listMessages(to), staleTime: 0, refetchInterval: 5000 });

export const useMessages = (to: string, enabled: boolean) => useQuery({ ...messagesQueryOptions(to), enabled });
