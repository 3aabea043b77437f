import { useQuery } from '@tanstack/react-query';
import type { BlockedSite } from '@sede/shared/inbox/schemas';
import { api } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

/** Sites outside 'Sites autorizados' that tried the widget (decision 0401). */
export const useBlockedSites = () => useQuery({ queryKey: inboxKeys.blockedSites, queryFn: () => api<{ sites: BlockedSite[] }>('/inbox/blocked-sites').then((r) => r.sites) });
export const allowBlockedSite = (id: string) => api<{ ok: true }>(`/inbox/blocked-sites/${id}/allow`, { method: 'POST', json: {} });
export const dismissBlockedSite = (id: string) => api<{ ok: true }>(`/inbox/blocked-sites/${id}/dismiss`, { method: 'POST', json: {} });
