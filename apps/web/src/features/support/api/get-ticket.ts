import { useQuery } from '@tanstack/react-query';
import type { SupportTicketDetail } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './keys.ts';

export const useTicket = (id: string) => useQuery({ queryKey: supportKeys.ticket(id), queryFn: () => api<SupportTicketDetail>(`/support/tickets/${id}`) });
