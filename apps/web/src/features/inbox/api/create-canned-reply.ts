import type { CannedReply } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';

export const createCannedReply = (input: { shortcut: string; body: string }) => api<CannedReply>('/inbox/canned-replies', { method: 'POST', json: input });
