import { useQuery } from '@tanstack/react-query';
import type { InboxMessage } from '@sede/shared/inbox/schemas';
import type { HeaderFormat, WhatsappSettings, WhatsappTemplate, WhatsappTestResult } from '@sede/shared/whatsapp/schemas';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

/** WhatsApp Business Cloud API (decisions 0290–0294): the company's account, its templates, a template into a conversation. */
export const useWhatsappSettings = (enabled: boolean) => useQuery({ queryKey: inboxKeys.whatsapp, queryFn: () => api<WhatsappSettings>('/whatsapp/settings'), enabled });
export const updateWhatsappSettings = (input: { phoneNumberId: string; wabaId: string; accessToken?: string; appSecret?: string }) =>
  api<WhatsappSettings>('/whatsapp/settings', { method: 'PUT', json: input });
export const testWhatsapp = () => api<WhatsappTestResult>('/whatsapp/settings/test', { method: 'POST', json: {} });
export const useWhatsappTemplates = (enabled: boolean) =>
  useQuery({ queryKey: inboxKeys.whatsappTemplates, queryFn: () => api<{ templates: WhatsappTemplate[] }>('/whatsapp/templates').then((r) => r.templates), enabled, staleTime: 60_000 });
export const sendWhatsappTemplate = (
  conversationId: string,
  input: { template: string; language: string; variables: string[]; header: { format: HeaderFormat; value: string; fileId?: string } | null; buttons: Array<{ index: number; value: string }> },
) =>
  api<InboxMessage>(`/whatsapp/conversations/${conversationId}/template`, { method: 'POST', json: input });
