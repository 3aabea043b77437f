import type { SupportTicketDetail } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';

export const resolveTicket = (id: string) => api<SupportTicketDetail>(`/support/tickets/${id}/resolve`, { method: 'POST', json: {} });
