import type { CampaignChannel, CampaignView, CampaignWhatsappTemplate } from '@sede/shared/campaigns/schemas';
import type { WhatsappTemplate } from '@sede/shared/whatsapp/schemas';
import { api } from '../../../lib/api-client.ts';

export type CampaignDraft = { name: string; listId: string | null; segmentId: string | null; subject: string; html: string; text: string | null; whatsappTemplate?: CampaignWhatsappTemplate | null };

/** POST /api/campaigns */
export const createCampaign = (body: Partial<CampaignDraft> & { name: string; channel?: CampaignChannel }) => api<CampaignView>('/campaigns', { method: 'POST', json: body });

/** PATCH /api/campaigns/:id */
export const updateCampaign = (id: string, body: Partial<CampaignDraft>) => api<CampaignView>(`/campaigns/${id}`, { method: 'PATCH', json: body });

/** GET /api/whatsapp/templates: the company's approved WhatsApp templates (decision 0293). */
export const whatsappTemplates = () => api<{ templates: WhatsappTemplate[] }>('/whatsapp/templates').then((r) => r.templates);
