import { Hono } from 'hono';
import { boardQuerySchema, boardSchema, columnQuerySchema, columnTotalsListSchema, customFieldCreateSchema, customFieldListQuerySchema, customFieldUpdateSchema, customFieldListSchema, customFieldSchema, DEALS_MESSAGES as M, dealCreateSchema, dealFacetsSchema, dealListQuerySchema, dealMovedSchema, dealPageSchema, dealSchema, dealLostSchema, dealMoveSchema, dealUpdateSchema, dealWonSchema, pipelineCreateSchema, pipelineListSchema, pipelineSchema, pipelineUpdateSchema, stageCreateSchema, stageDeletedSchema, stageDeleteQuerySchema, stageOrderSchema, stageUpdateSchema } from '@sede/shared/crm/deals';
import { okSchema } from '@sede/shared/platform/api';
import { tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission, requireViewer, type Access } from '../../http/middleware.ts';
import { cachedList } from '../../platform/list-cache.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import * as svc from './service.ts';

const pipelineId = idParams(M.pipelineNotFound);
const stageId = idParams(M.stageNotFound);
const fieldId = idParams(M.fieldNotFound);
const dealId = idParams(M.dealNotFound);

/**
 * /api/crm: pipelines, stages, custom fields, deals and the board (decisions 0150–0154).
 * Permissions (decision 0125 and 0150): read and write every member (`crm.read`, `crm.write`),
 * delete `crm.delete` (sales and admin), the settings of pipelines, stages and custom fields the
 * company's admin (`empresa.settings`). Guards sit on each route rather than on `/crm/*`, so
 * other CRM modules mounted under /crm keep their own.
 */
export function crmDealsRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  const viewer = requireViewer(s) as unknown as ReturnType<typeof requirePermission>;
  const need = (p: Access) => [viewer, requirePermission(p)] as const;
  const read = need('crm.read');
  const write = need('crm.write');
  const del = need('crm.delete');
  const settings = need('company.settings');

  // ---- pipelines and stages
  r.get('/pipelines', ...read, contract({ summary: 'Listar funis', response: pipelineListSchema }), async (c) => c.json({ pipelines: await svc.listPipelines(tenant(c)) }));
  r.post('/pipelines', ...settings, contract({ summary: 'Criar funil', body: pipelineCreateSchema, response: pipelineSchema, status: 201 }), async (c) =>
    c.json(await svc.createPipeline(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/pipelines/:id', ...read, contract({ summary: 'Ver funil', params: pipelineId, response: pipelineSchema }), async (c) =>
    c.json(await svc.getPipeline(tenant(c), c.req.valid('param').id)),
  );
  r.patch('/pipelines/:id', ...settings, contract({ summary: 'Renomear funil', params: pipelineId, body: pipelineUpdateSchema, response: pipelineSchema }), async (c) =>
    c.json(await svc.renamePipeline(tenant(c), c.req.valid('param').id, c.req.valid('json').name)),
  );
  r.delete('/pipelines/:id', ...settings, contract({ summary: 'Excluir funil', params: pipelineId, response: okSchema }), async (c) => answerSuccess(c, svc.deletePipeline(tenant(c), c.req.valid('param').id)));
  r.post('/pipelines/:id/stages', ...settings, contract({ summary: 'Criar etapa', params: pipelineId, body: stageCreateSchema, response: pipelineSchema, status: 201 }), async (c) =>
    c.json(await svc.addStage(tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.put('/pipelines/:id/stages/order', ...settings, contract({ summary: 'Reordenar etapas', params: pipelineId, body: stageOrderSchema, response: pipelineSchema }), async (c) =>
    c.json(await svc.reorderStages(tenant(c), c.req.valid('param').id, c.req.valid('json').stageIds)),
  );
  r.patch('/stages/:id', ...settings, contract({ summary: 'Alterar etapa', params: stageId, body: stageUpdateSchema, response: pipelineSchema }), async (c) =>
    c.json(await svc.updateStage(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/stages/:id', ...settings, contract({ summary: 'Excluir etapa', params: stageId, query: stageDeleteQuerySchema, response: stageDeletedSchema }), async (c) =>
    c.json(await svc.deleteStage(tenant(c), c.req.valid('param').id, c.req.valid('query').moveTo)),
  );

  // ---- the board
  r.get('/pipelines/:id/board', ...read, contract({ summary: 'Ver quadro do funil', params: pipelineId, query: boardQuerySchema, response: boardSchema }), async (c) => {
    const { limit, ...filters } = c.req.valid('query');
    return c.json(await svc.board(tenant(c), c.req.valid('param').id, filters, limit));
  });
  r.get('/pipelines/:id/totals', ...read, contract({ summary: 'Totais das etapas do funil', params: pipelineId, query: boardQuerySchema, response: columnTotalsListSchema }), async (c) => {
    const { limit: _limit, ...filters } = c.req.valid('query');
    return c.json({ totals: await svc.totals(tenant(c), c.req.valid('param').id, filters) });
  });
  r.get(
    '/pipelines/:id/stages/:stageId/deals',
    ...read,
    contract({ summary: 'Listar negócios da etapa', params: idParams({ id: M.pipelineNotFound, stageId: M.stageNotFound }), query: columnQuerySchema, response: dealPageSchema }),
    async (c) => {
      const { limit, cursor, ...filters } = c.req.valid('query');
      const { id, stageId } = c.req.valid('param');
      return c.json(await svc.column(tenant(c), id, stageId, filters, cursor, limit));
    },
  );
  r.get('/facets', ...read, contract({ summary: 'Etiquetas e origens em uso', response: dealFacetsSchema }), async (c) => c.json(await svc.facets(tenant(c))));

  // ---- custom fields
  r.get('/custom-fields', ...read, contract({ summary: 'Listar campos personalizados', query: customFieldListQuerySchema, response: customFieldListSchema }), async (c) =>
    c.json({ fields: await svc.listCustomFields(tenant(c).db, tenant(c).companyId, c.req.valid('query').entity) }),
  );
  r.post('/custom-fields', ...settings, contract({ summary: 'Criar campo personalizado', body: customFieldCreateSchema, response: customFieldSchema, status: 201 }), async (c) =>
    c.json(await svc.createCustomField(tenant(c), c.req.valid('json')), 201),
  );
  r.patch('/custom-fields/:id', ...settings, contract({ summary: 'Alterar campo personalizado', params: fieldId, body: customFieldUpdateSchema, response: customFieldSchema }), async (c) =>
    c.json(await svc.updateCustomField(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/custom-fields/:id', ...settings, contract({ summary: 'Excluir campo personalizado', params: fieldId, response: okSchema }), async (c) => answerSuccess(c, svc.deleteCustomField(tenant(c), c.req.valid('param').id)));

  // ---- deals
  // Kept in memory while what it reads stays as it is (decision 0771): per company, query and person.
  r.get('/deals', ...read, contract({ summary: 'Listar negócios', query: dealListQuerySchema, response: dealPageSchema }), async (c) => {
    const t = tenant(c);
    const query = c.req.valid('query');
    return cachedList(c, s, t, { list: 'crm.deals', scope: [query, t.actorId] }, () => svc.listDeals(t, query));
  });
  r.post('/deals', ...write, contract({ summary: 'Criar negócio', body: dealCreateSchema, response: dealSchema, status: 201 }), async (c) =>
    c.json(await svc.createDeal(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/deals/:id', ...read, contract({ summary: 'Ver negócio', params: dealId, response: dealSchema }), async (c) => c.json(await svc.getDeal(tenant(c), c.req.valid('param').id)));
  r.patch('/deals/:id', ...write, contract({ summary: 'Alterar negócio', params: dealId, body: dealUpdateSchema, response: dealSchema }), async (c) =>
    c.json(await svc.updateDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/deals/:id', ...del, contract({ summary: 'Excluir negócio', params: dealId, response: okSchema }), async (c) => answerSuccess(c, svc.deleteDeal(tenant(c), c.req.valid('param').id)));
  r.post('/deals/:id/move', ...write, contract({ summary: 'Mover negócio', params: dealId, body: dealMoveSchema, response: dealMovedSchema }), async (c) =>
    c.json(await svc.moveDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/deals/:id/won', ...write, contract({ summary: 'Marcar negócio como ganho', params: dealId, body: dealWonSchema, response: dealSchema }), async (c) =>
    c.json(await svc.winDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/deals/:id/lost', ...write, contract({ summary: 'Marcar negócio como perdido', params: dealId, body: dealLostSchema, response: dealSchema }), async (c) =>
    c.json(await svc.loseDeal(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/deals/:id/reopen', ...write, contract({ summary: 'Reabrir negócio', params: dealId, response: dealSchema }), async (c) =>
    c.json(await svc.reopenDeal(tenant(c), c.req.valid('param').id)),
  );

  return r;
}
