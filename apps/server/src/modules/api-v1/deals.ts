import type { Hono } from 'hono';
import { z } from 'zod';
import { dealCardSchema, dealCreateSchema, dealListQuerySchema, dealLostSchema, dealMovedSchema, dealMoveSchema, dealSchema, DEALS_MESSAGES as M, dealUpdateSchema, dealWonSchema, DEAL_STATUS_FILTERS, pipelineSchema } from '@sede/shared/crm/deals';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import { cachedList } from '../../platform/list-cache.ts';
import type { Services } from '../../services.ts';
import { createDeal, getDeal, getPipeline, listDeals, listPipelines, loseDeal, moveDeal, updateDeal, winDeal } from '../crm-deals/public.ts';
import { tenant, type V1Access } from './access.ts';
import { listAnswer, listQuery, pageOf } from './list.ts';

/** A deal as the list shows it: its card, where it is and when it changed. */
const listedDealSchema = dealCardSchema.extend({ pipelineId: z.string(), organizationId: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() });
const { pipelineId, organizationId, personId, tag, q } = dealListQuerySchema.shape;
const dealsQuery = listQuery(listedDealSchema, {
  pipelineId,
  organizationId,
  personId,
  tag,
  q,
  status: z.enum(DEAL_STATUS_FILTERS, { error: M.statusInvalid }).default('all').describe('open, won, lost ou all (padrão: all).'),
});
const dealId = idParams(M.dealNotFound);
const pipelineId_ = idParams(M.pipelineNotFound);

/** Deals (newest first) and the pipelines they move through (decisions 0150–0154). */
export function dealRoutes(r: Hono<ApiKeyEnv>, s: Services, { read, write }: V1Access) {
  r.get('/pipelines', ...read('crm.read'), contract({ summary: 'Listar funis e suas etapas', response: z.object({ data: z.array(pipelineSchema) }) }), async (c) =>
    c.json({ data: await listPipelines(tenant(c)) }),
  );
  r.get('/pipelines/:id', ...read('crm.read'), contract({ summary: 'Ver funil', params: pipelineId_, response: pipelineSchema }), async (c) => c.json(await getPipeline(tenant(c), c.req.valid('param').id)));

  // Kept in memory while the company's deals, organizations, stages and owners' names stay as they
  // are (decision 0771): per company, query (fields= too) and the person the key acts as.
  r.get('/deals', ...read('crm.read'), contract({ summary: 'Listar negócios', query: dealsQuery, response: pageOf(listedDealSchema) }), async (c) => {
    const t = tenant(c);
    const query = c.req.valid('query');
    return cachedList(c, s, t, { list: 'crm.deals.v1', scope: [query, t.actorId] }, () => listAnswer(query, (q) => listDeals(t, q, true)));
  });
  r.post('/deals', ...write('crm.write'), contract({ summary: 'Criar negócio', body: dealCreateSchema, response: dealSchema, status: 201 }), async (c) => c.json(await createDeal(tenant(c), c.req.valid('json')), 201));
  r.get('/deals/:id', ...read('crm.read'), contract({ summary: 'Ver negócio', params: dealId, response: dealSchema }), async (c) => c.json(await getDeal(tenant(c), c.req.valid('param').id)));
  r.patch('/deals/:id', ...write('crm.write'), contract({ summary: 'Alterar negócio', params: dealId, body: dealUpdateSchema, response: dealSchema }), async (c) =>
    c.json(await updateDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/deals/:id/move', ...write('crm.write'), contract({ summary: 'Mover negócio de etapa', params: dealId, body: dealMoveSchema, response: dealMovedSchema }), async (c) =>
    c.json(await moveDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/deals/:id/won', ...write('crm.write'), contract({ summary: 'Marcar negócio como ganho', params: dealId, body: dealWonSchema, response: dealSchema }), async (c) =>
    c.json(await winDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/deals/:id/lost', ...write('crm.write'), contract({ summary: 'Marcar negócio como perdido', params: dealId, body: dealLostSchema, response: dealSchema }), async (c) =>
    c.json(await loseDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
}
