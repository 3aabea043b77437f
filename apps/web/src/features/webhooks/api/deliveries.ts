import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookDeliveryDetail, WebhookDeliveryPage, WebhookDeliveryStatus } from '@sede/shared/platform/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

const waiting = (d: WebhookDelivery) => d.status === 'pending' || d.status === 'sending';
/** While something is on its way, the log looks again every few seconds. */
const POLL_MS = 3_000;

export const useDeliveries = (endpointId: string, status?: WebhookDeliveryStatus) =>
  useInfiniteQuery({
    queryKey: webhookKeys.deliveries(endpointId, status),
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams({ limit: '30' });
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam);
      return api<WebhookDeliveryPage>(`/webhooks/endpoints/${endpointId}/deliveries?${q}`);
    },
    initialPageParam: '' as string,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((p) => p.deliveries.some(waiting)) ? POLL_MS : false),
  });

export const useDelivery = (id: string) =>
  useQuery({
    queryKey: webhookKeys.delivery(id),
    queryFn: () => api<WebhookDeliveryDetail>(`/webhooks/deliveries/${id}`),
    refetchInterval: (query) => (query.state.data && waiting(query.state.data.delivery) ? POLL_MS / 3 : false),
  });

export const resendDelivery = (id: string) => api<{ delivery: WebhookDelivery }>(`/webhooks/deliveries/${id}/resend`, { method: 'POST' });
