import { api } from '../../../lib/api-client.ts';

export type UnsubscribeInfo = { company: string; email: string; unsubscribed: boolean };

/** GET /api/public/campaigns/unsubscribe/:token — reads only. */
export const unsubscribeInfo = (token: string) => api<UnsubscribeInfo>(`/public/campaigns/unsubscribe/${token}`);

/** POST /api/public/campaigns/unsubscribe/:token — unsubscribes at once. */
export const confirmUnsubscribe = (token: string) => api<{ company: string; unsubscribed: true }>(`/public/campaigns/unsubscribe/${token}`, { method: 'POST', json: {} });
