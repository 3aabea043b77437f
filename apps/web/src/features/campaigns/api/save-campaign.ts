import type { CampaignView } from '@sede/shared/campaigns/schemas';
import { api } from '../../../lib/api-client.ts';

export type CampaignDraft = { name: string; listId: string | null; segmentId: string | null; subject: string; html: string; text: string | null };

/** POST /api/campaigns */
export const createCampaign = (body: Partial<CampaignDraft> & { name: string }) => api<CampaignView>('/campaigns', { method: 'POST', json: body });

/** PATCH /api/campaigns/:id */
export const updateCampaign = (id: string, body: Partial<CampaignDraft>) => api<CampaignView>(`/campaigns/${id}`, { method: 'PATCH', json: body });
