import type { SupportOperatorTicketDetail, SupportStatus } from '@sede/shared/support/schemas';
import { api } from '../../../lib/api-client.ts';

export const operatorReply = (id: string, message: string) => api<SupportOperatorTicketDetail>(`/support/operator/tickets/${id}/replies`, { method: 'POST', json: { message } });
export const operatorSetStatus = (id: string, status: SupportStatus) => api<SupportOperatorTicketDetail>(`/support/operator/tickets/${id}/status`, { method: 'POST', json: { status } });
