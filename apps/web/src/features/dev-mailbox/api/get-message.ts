import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { MailMessage } from './list-messages.ts';
import { mailboxKeys } from './keys.ts';

/** GET /api/dev/mailbox/:id */
export const getMessage = (id: string) => api<MailMessage>(`/dev/mailbox/${encodeURIComponent(id)}`);

export const messageQueryOptions = (id: string) =>
  queryOptions({ queryKey: mailboxKeys.message(id), queryFn: () => getMessage(id), staleTime: Infinity });

export const useMessage = (id: string | null) => useQuery({ ...messageQueryOptions(id ?? ''), enabled: Boolean(id) });
