import { queryOptions } from '@tanstack/react-query';
import type { CampaignView } from '@sede/shared/campaigns/schemas';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';

/** GET /api/campaigns */
export const campaignsQueryOptions = () => queryOptions({ queryKey: campaignKeys.list, queryFn: async () => (await api<{ items: CampaignView[] }>('/campaigns')).items });

/** GET /api/campaigns/:id */
export const campaignQueryOptions = (id: string) => queryOptions({ queryKey: campaignKeys.one(id), queryFn: () => api<CampaignView>(`/campaigns/${id}`) });
