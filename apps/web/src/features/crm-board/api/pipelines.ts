import { queryOptions } from '@tanstack/react-query';
import type { Pipeline } from '@sede/shared/crm/deals';
import { api } from '../../../lib/api-client.ts';
import { crmKeys } from './keys.ts';

/** GET /api/crm/pipelines (the first call creates the default pipeline). */
export const pipelinesQueryOptions = () =>
  queryOptions({ queryKey: crmKeys.pipelines, queryFn: async () => (await api<{ pipelines: Pipeline[] }>('/crm/pipelines')).pipelines, staleTime: 30_000 });

export const createPipeline = (name: string) => api<Pipeline>('/crm/pipelines', { method: 'POST', json: { name } });
export const renamePipeline = (id: string, name: string) => api<Pipeline>(`/crm/pipelines/${id}`, { method: 'PATCH', json: { name } });
export const deletePipeline = (id: string) => api<{ success: true }>(`/crm/pipelines/${id}`, { method: 'DELETE' });
export const addStage = (pipelineId: string, name: string) => api<Pipeline>(`/crm/pipelines/${pipelineId}/stages`, { method: 'POST', json: { name } });
export const updateStage = (id: string, input: { name?: string; probability?: number }) => api<Pipeline>(`/crm/stages/${id}`, { method: 'PATCH', json: input });
export const reorderStages = (pipelineId: string, stageIds: string[]) => api<Pipeline>(`/crm/pipelines/${pipelineId}/stages/order`, { method: 'PUT', json: { stageIds } });
export const deleteStage = (id: string, moveTo: string) => api<{ moved: number; pipeline: Pipeline }>(`/crm/stages/${id}?moveTo=${encodeURIComponent(moveTo)}`, { method: 'DELETE' });
