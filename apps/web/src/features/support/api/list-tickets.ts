import { useQuery } from '@tanstack/react-query';
import type { SupportTicketView } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './keys.ts';

export const useTickets = () =>
  useQuery({ queryKey: supportKeys.tickets, queryFn: async () => (await api<{ tickets: SupportTicketView[] }>('/support/tickets')).tickets });
