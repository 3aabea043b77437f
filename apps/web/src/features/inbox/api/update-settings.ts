import type { InboxSettings } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';

export const updateInboxSettings = (input: Partial<Omit<InboxSettings, 'publicKey'>>) => api<InboxSettings>('/inbox/settings', { method: 'PUT', json: input });
