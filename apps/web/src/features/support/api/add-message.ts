import type { SupportTicketDetail } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';

export const addMessage = (id: string, message: string) => api<SupportTicketDetail>(`/support/tickets/${id}/messages`, { method: 'POST', json: { message } });
