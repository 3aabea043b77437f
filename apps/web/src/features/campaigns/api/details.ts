import { queryOptions } from '@tanstack/react-query';
import type { AudiencePreview, CampaignReport, MessagePreview, RecipientPage } from '@sede/shared/campaigns/schemas';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';

/** GET /api/campaigns/:id/audience */
export const audienceQueryOptions = (id: string) => queryOptions({ queryKey: campaignKeys.audience(id), queryFn: () => api<AudiencePreview>(`/campaigns/${id}/audience`) });

/** GET /api/campaigns/:id/preview?personId= */
export const previewQueryOptions = (id: string, personId: string | null) =>
  queryOptions({ queryKey: campaignKeys.preview(id, personId), queryFn: () => api<MessagePreview>(`/campaigns/${id}/preview${personId ? `?personId=${personId}` : ''}`) });

/** GET /api/campaigns/:id/report */
export const reportQueryOptions = (id: string) => queryOptions({ queryKey: campaignKeys.report(id), queryFn: () => api<CampaignReport>(`/campaigns/${id}/report`) });

/** GET /api/campaigns/:id/recipients?status= */
export const recipientsQueryOptions = (id: string, status: string) =>
  queryOptions({
    queryKey: campaignKeys.recipients(id, status),
    queryFn: () => api<RecipientPage>(`/campaigns/${id}/recipients?limit=100${status ? `&status=${status}` : ''}`),
  });
