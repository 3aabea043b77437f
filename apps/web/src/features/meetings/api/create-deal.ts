import type { Pipeline } from '@sede/shared/crm/deals';
import { api } from '../../../lib/api-client.ts';

/**
 * A new open deal in the CRM's first pipeline (its first stage), for a meeting whose deal is not
 * there yet. GET /crm/pipelines makes the default 'Funil de vendas' when the company has none.
 */
export async function createDeal(title: string): Promise<{ id: string; title: string }> {
  const { pipelines } = await api<{ pipelines: Pipeline[] }>('/crm/pipelines');
  return api<{ id: string; title: string }>('/crm/deals', { method: 'POST', json: { title, pipelineId: pipelines[0]?.id } });
}
