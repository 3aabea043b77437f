import { aiApi } from '../../../lib/ai-api.ts';

export const suggestReply = (id: string, requestId: string) => aiApi<{ reply: string; charged: number; balance: number }>(`/inbox/conversations/${id}/suggested-reply`, { method: 'POST', json: { requestId } });
