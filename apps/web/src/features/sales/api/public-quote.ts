import type { PublicQuote } from '@sede/shared/crm/quotes';
import { api } from '../../../lib/api-client.ts';

/** The client's view of a quote through its signed link (no account). */
export const getPublicQuote = (token: string) => api<PublicQuote>(`/crm-quotes/public/${encodeURIComponent(token)}`);
export const answerPublicQuote = (token: string, answer: 'aceito' | 'recusado', reason?: string) =>
  api<{ status: string }>(`/crm-quotes/public/${encodeURIComponent(token)}/answer`, { method: 'POST', json: { answer, reason } });
export const publicQuotePdfUrl = (token: string) => `/api/crm-quotes/public/${encodeURIComponent(token)}/pdf`;
