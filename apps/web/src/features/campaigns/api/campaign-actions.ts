import type { CampaignView } from '@sede/shared/campaigns/schemas';
import { api } from '../../../lib/api-client.ts';

/** POST /api/campaigns/:id/send — now (no date) or at a date and time in America/Sao_Paulo. */
export const sendCampaign = (id: string, scheduledAt: string | null) => api<CampaignView>(`/campaigns/${id}/send`, { method: 'POST', json: { scheduledAt } });

/** POST /api/campaigns/:id/(pause|resume|cancel) */
export const campaignAction = (id: string, action: 'pause' | 'resume' | 'cancel') => api<CampaignView>(`/campaigns/${id}/${action}`, { method: 'POST', json: {} });

/** POST /api/campaigns/:id/test — to the member's own e-mail. */
export const testCampaign = (id: string, personId: string | null) => api<{ message: string }>(`/campaigns/${id}/test`, { method: 'POST', json: { personId } });

/** DELETE /api/campaigns/:id */
export const deleteCampaign = (id: string) => api<{ success: true }>(`/campaigns/${id}`, { method: 'DELETE' });
