import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignKeys } from './keys.ts';

type Source = { id: string; name: string };

/** The CRM's lists and segments (GET /api/crm-contacts/lists and /segments): a campaign's audience. */
export const sourcesQueryOptions = () =>
  queryOptions({
    queryKey: campaignKeys.sources,
    queryFn: async () => {
      const [lists, segments] = await Promise.all([api<{ items: Source[] }>('/crm-contacts/lists'), api<{ items: Source[] }>('/crm-contacts/segments')]);
      return { lists: lists.items, segments: segments.items };
    },
  });
