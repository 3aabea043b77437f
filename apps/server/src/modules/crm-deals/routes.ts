import { Hono, type Context } from 'hono';
import {
  boardQuerySchema,
  columnQuerySchema,
  customFieldCreateSchema,
  customFieldListQuerySchema,
  customFieldUpdateSchema,
  dealCreateSchema,
  dealListQuerySchema,
  dealLostSchema,
  dealMoveSchema,
  dealUpdateSchema,
  dealWonSchema,
  pipelineCreateSchema,
  pipelineUpdateSchema,
  stageCreateSchema,
  stageDeleteQuerySchema,
  stageOrderSchema,
  stageUpdateSchema,
} from '@sede/shared/crm/deals';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission, requireViewer, type Access } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import * as svc from './service.ts';

/**
 * /api/crm: pipelines, stages, custom fields, deals and the board (issue 12 items 1–2).
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
  const settings = need('empresa.settings');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');

  // ---- pipelines and stages
  r.get('/pipelines', ...read, async (c) => c.json({ pipelines: await svc.listPipelines(tenant(c)) }));
  r.post('/pipelines', ...settings, async (c) => c.json(await svc.createPipeline(tenant(c), parseWith(pipelineCreateSchema, await readJson(c))), 201));
  r.get('/pipelines/:id', ...read, async (c) => c.json(await svc.getPipeline(tenant(c), c.req.param('id'))));
  r.patch('/pipelines/:id', ...settings, async (c) => {
    const { name } = parseWith(pipelineUpdateSchema, await readJson(c));
    return c.json(await svc.renamePipeline(tenant(c), c.req.param('id'), name));
  });
  r.delete('/pipelines/:id', ...settings, async (c) => {
    await svc.deletePipeline(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.post('/pipelines/:id/stages', ...settings, async (c) => c.json(await svc.addStage(tenant(c), c.req.param('id'), parseWith(stageCreateSchema, await readJson(c))), 201));
  r.put('/pipelines/:id/stages/order', ...settings, async (c) => {
    const { stageIds } = parseWith(stageOrderSchema, await readJson(c));
    return c.json(await svc.reorderStages(tenant(c), c.req.param('id'), stageIds));
  });
  r.patch('/stages/:id', ...settings, async (c) => c.json(await svc.updateStage(tenant(c), c.req.param('id'), parseWith(stageUpdateSchema, await readJson(c)))));
  r.delete('/stages/:id', ...settings, async (c) => {
    const { moveTo } = parseWith(stageDeleteQuerySchema, c.req.query());
    return c.json(await svc.deleteStage(tenant(c), c.req.param('id'), moveTo));
  });

  // ---- the board
  r.get('/pipelines/:id/board', ...read, async (c) => {
    const { limit, ...filters } = parseWith(boardQuerySchema, c.req.query());
    return c.json(await svc.board(tenant(c), c.req.param('id'), filters, limit));
  });
  r.get('/pipelines/:id/totals', ...read, async (c) => {
    const { limit: _limit, ...filters } = parseWith(boardQuerySchema, c.req.query());
    return c.json({ totals: await svc.totals(tenant(c), c.req.param('id'), filters) });
  });
  r.get('/pipelines/:id/stages/:stageId/deals', ...read, async (c) => {
    const { limit, cursor, ...filters } = parseWith(columnQuerySchema, c.req.query());
    return c.json(await svc.column(tenant(c), c.req.param('id'), c.req.param('stageId'), filters, cursor, limit));
  });
  r.get('/facets', ...read, async (c) => c.json(await svc.facets(tenant(c))));

  // ---- custom fields
  r.get('/custom-fields', ...read, async (c) => {
    const { entity } = parseWith(customFieldListQuerySchema, c.req.query());
    return c.json({ fields: await svc.listCustomFields(tenant(c).db, tenant(c).companyId, entity) });
  });
  r.post('/custom-fields', ...settings, async (c) => c.json(await svc.createCustomField(tenant(c), parseWith(customFieldCreateSchema, await readJson(c))), 201));
  r.patch('/custom-fields/:id', ...settings, async (c) => c.json(await svc.updateCustomField(tenant(c), c.req.param('id'), parseWith(customFieldUpdateSchema, await readJson(c)))));
  r.delete('/custom-fields/:id', ...settings, async (c) => {
    await svc.deleteCustomField(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });

  // ---- deals
  r.get('/deals', ...read, async (c) => c.json(await svc.listDeals(tenant(c), parseWith(dealListQuerySchema, c.req.query()))));
  r.post('/deals', ...write, async (c) => c.json(await svc.createDeal(tenant(c), parseWith(dealCreateSchema, await readJson(c))), 201));
  r.get('/deals/:id', ...read, async (c) => c.json(await svc.getDeal(tenant(c), c.req.param('id'))));
  r.patch('/deals/:id', ...write, async (c) => c.json(await svc.updateDeal(tenant(c), c.req.param('id'), parseWith(dealUpdateSchema, await readJson(c)))));
  r.delete('/deals/:id', ...del, async (c) => {
    await svc.deleteDeal(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.post('/deals/:id/move', ...write, async (c) => c.json(await svc.moveDeal(tenant(c), c.req.param('id'), parseWith(dealMoveSchema, await readJson(c)))));
  r.post('/deals/:id/won', ...write, async (c) => c.json(await svc.winDeal(tenant(c), c.req.param('id'), parseWith(dealWonSchema, await readJson(c)))));
  r.post('/deals/:id/lost', ...write, async (c) => c.json(await svc.loseDeal(tenant(c), c.req.param('id'), parseWith(dealLostSchema, await readJson(c)))));
  r.post('/deals/:id/reopen', ...write, async (c) => c.json(await svc.reopenDeal(tenant(c), c.req.param('id'))));

  return r;
}
