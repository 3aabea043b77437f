import type { LeadsSelection, SendToListResult } from '@sede/shared/prospecting/leads';
import { api } from '../../../lib/api-client.ts';

/** POST /api/prospecting/leads/send: reveals, then a job adds the leads to the CRM list. */
export const sendToList = (body: { selection: LeadsSelection; listId?: string; listName?: string }) =>
  api<SendToListResult>('/prospecting/leads/send', { method: 'POST', json: body });
