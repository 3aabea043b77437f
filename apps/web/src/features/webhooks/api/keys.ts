/** TanStack Query keys of outgoing webhooks (endpoints, an endpoint's deliveries, a delivery). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  endpoint: (id: string) => ['webhooks', 'endpoints', id] as const,
  deliveries: (endpointId: string, status?: string) => ['webhooks', 'endpoints', endpointId, 'deliveries', status ?? 'all'] as const,
  endpointDeliveries: (endpointId: string) => ['webhooks', 'endpoints', endpointId, 'deliveries'] as const,
  delivery: (id: string) => ['webhooks', 'deliveries', id] as const,
};
