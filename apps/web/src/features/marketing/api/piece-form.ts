import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketingKeys } from './keys.ts';

/**
 * The marketing campaigns of one client, for the piece form's campaign field. The campaigns'
 * endpoint is built by the campaigns part of issue 18: until it answers, the field offers only
 * 'Sem campanha' and the piece's own campaign.
 */
export const useClientCampaigns = (clientId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...marketingKeys.campaigns, 'options', clientId] as const,
    queryFn: async () => (await api<{ campaigns: Array<{ id: string; name: string }> }>(`/marketing/campaigns?clientId=${encodeURIComponent(clientId)}`)).campaigns ?? [],
    enabled: enabled && !!clientId,
    retry: false,
    staleTime: 60_000,
  });
