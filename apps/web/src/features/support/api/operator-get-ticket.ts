import { useQuery } from '@tanstack/react-query';
import type { SupportOperatorTicketDetail } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';
import { supportKeys } from './keys.ts';

export const useOperatorTicket = (id: string | null) =>
  useQuery({ queryKey: supportKeys.operatorTicket(id ?? ''), queryFn: () => api<SupportOperatorTicketDetail>(`/support/operator/tickets/${id}`), enabled: !!id });

export const operatorFileUrl = (ticketId: string, fileId: string) => `/api/support/operator/tickets/${ticketId}/files/${fileId}`;
