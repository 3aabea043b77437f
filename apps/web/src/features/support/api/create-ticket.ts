import type { SupportTicketCreate, SupportTicketDetail } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';

export const createTicket = (data: SupportTicketCreate) => api<SupportTicketDetail>('/support/tickets', { method: 'POST', json: data });
