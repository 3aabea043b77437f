import { useQuery } from '@tanstack/react-query';
import { fetchCampaigns } from './campaigns.ts';
import { marketingKeys } from './keys.ts';

/** The campaigns under way of one client, for the piece form's campaign field (decision 0340). */
export const useClientCampaigns = (clientId: string, enabled: boolean) => {
  const query = { clientId, status: 'planejada,ativa', limit: 100 };
  return useQuery({
    queryKey: marketingKeys.campaignList(query),
    queryFn: async () => (await fetchCampaigns(query)).campaigns,
    enabled: enabled && !!clientId,
    staleTime: 60_000,
  });
};
