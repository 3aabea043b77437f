import { useQuery } from '@tanstack/react-query';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointCreate, WebhookEndpointUpdate, WebhookEndpointWithSecret } from '@sede/shared/platform/webhooks';
import { api } from '../../../lib/api-client.ts';
import { webhookKeys } from './keys.ts';

export const useEndpoints = () => useQuery({ queryKey: webhookKeys.endpoints, queryFn: () => api<{ endpoints: WebhookEndpoint[] }>('/webhooks/endpoints').then((a) => a.endpoints) });
export const useEndpoint = (id: string) => useQuery({ queryKey: webhookKeys.endpoint(id), queryFn: () => api<WebhookEndpoint>(`/webhooks/endpoints/${id}`) });

export const createEndpoint = (input: WebhookEndpointCreate) => api<WebhookEndpointWithSecret>('/webhooks/endpoints', { method: 'POST', json: input });
export const updateEndpoint = (id: string, input: WebhookEndpointUpdate) => api<WebhookEndpoint>(`/webhooks/endpoints/${id}`, { method: 'PATCH', json: input });
export const deleteEndpoint = (id: string) => api<{ success: true }>(`/webhooks/endpoints/${id}`, { method: 'DELETE' });
export const rotateSecret = (id: string) => api<WebhookEndpointWithSecret>(`/webhooks/endpoints/${id}/secret`, { method: 'POST' });
export const sendTest = (id: string) => api<{ delivery: WebhookDelivery }>(`/webhooks/endpoints/${id}/test`, { method: 'POST' });
