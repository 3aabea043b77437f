import { queryOptions } from '@tanstack/react-query';
import type { SenderInput, SenderView } from '@sede/shared/campaigns/schemas';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';

/** GET /api/campaigns/sender */
export const senderQueryOptions = () => queryOptions({ queryKey: campaignKeys.sender, queryFn: () => api<SenderView>('/campaigns/sender') });

/** PUT /api/campaigns/sender */
export const saveSender = (body: SenderInput) => api<SenderView>('/campaigns/sender', { method: 'PUT', json: body });

/** POST /api/campaigns/sender/test — connects and sends a test message to the member. */
export const testSender = (body: SenderInput) => api<{ message: string }>('/campaigns/sender/test', { method: 'POST', json: body });
