import { useQuery } from '@tanstack/react-query';
import type { DealPage } from '@sede/shared/crm/deals';
import { api } from '../../../lib/api-client.ts';
import { meetingKeys } from './keys.ts';

/** The CRM's open deals (GET /api/crm/deals), to link a meeting to one. */
export const useDealOptions = (q: string) =>
  useQuery({
    queryKey: meetingKeys.deals(q),
    queryFn: () => api<DealPage>(`/crm/deals?status=open&limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`),
    staleTime: 30_000,
  });
