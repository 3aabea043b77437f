import type { UnsubscribeInfo, Unsubscribed } from '@sede/shared/campaigns/schemas';
import { api } from '../../../lib/api-client.ts';

/** GET /api/public/campaigns/unsubscribe/:token — reads only. */
export const unsubscribeInfo = (token: string) => api<UnsubscribeInfo>(`/public/campaigns/unsubscribe/${token}`);

/** POST /api/public/campaigns/unsubscribe/:token — unsubscribes at once. */
export const confirmUnsubscribe = (token: string) => api<Unsubscribed>(`/public/campaigns/unsubscribe/${token}`, { method: 'POST', json: {} });
