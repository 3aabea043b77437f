import { api } from '../../../lib/api-client.ts';

/** A deal for the linked person in the company's first pipeline (/api/crm; the CRM creates its default pipeline). */
export async function createDeal(input: { title: string; personId: string }) {
  const { pipelines } = await api<{ pipelines: Array<{ id: string }> }>('/crm/pipelines');
  const pipelineId = pipelines[0]?.id;
  if (!pipelineId) throw new Error('Crie um funil no Kanban de leads antes de criar negócios.');
  return api<{ id: string }>('/crm/deals', { method: 'POST', json: { ...input, pipelineId } });
}
