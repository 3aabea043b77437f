import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CampaignCreateInput, CampaignDetail, CampaignFinishInput, CampaignList, CampaignListQuery, CampaignUpdateInput } from '@sede/shared/marketing/campaigns';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

const search = (q: CampaignListQuery & { cursor?: string }) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
};

export const fetchCampaigns = (q: CampaignListQuery) => api<CampaignList>(`/marketing/campaigns${search(q)}`);
/** A list of campaigns, a page at a time ('Carregar mais'). */
export const useCampaignPages = (q: CampaignListQuery) =>
  useInfiniteQuery({
    queryKey: marketingKeys.campaignList(q),
    queryFn: ({ pageParam }) => fetchCampaigns({ ...q, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
export const useCampaigns = (q: CampaignListQuery, enabled = true) => useQuery({ queryKey: marketingKeys.campaignList(q), queryFn: () => fetchCampaigns(q), enabled });
export const useCampaign = (id: string | null) => useQuery({ queryKey: marketingKeys.campaign(id ?? ''), queryFn: () => api<CampaignDetail>(`/marketing/campaigns/${id}`), enabled: !!id });
export const createCampaign = (data: CampaignCreateInput) => api<CampaignDetail>('/marketing/campaigns', { method: 'POST', json: data });
export const updateCampaign = (id: string, data: CampaignUpdateInput) => api<CampaignDetail>(`/marketing/campaigns/${id}`, { method: 'PATCH', json: data });
export const finishCampaign = (id: string, data: CampaignFinishInput) => api<CampaignDetail>(`/marketing/campaigns/${id}/finish`, { method: 'POST', json: data });
export const reopenCampaign = (id: string) => api<CampaignDetail>(`/marketing/campaigns/${id}/reopen`, { method: 'POST' });
export const deleteCampaign = (id: string) => api<{ ok: true }>(`/marketing/campaigns/${id}`, { method: 'DELETE' });
export const campaignReportUrl = (id: string) => `/api/marketing/campaigns/${id}/report.pdf`;
