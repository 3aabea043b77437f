import {
  METRICS_MESSAGES,
  metricsCycleSchema,
  metricsFunnelSchema,
  metricsMonthlySchema,
  metricsOptionsSchema,
  metricsOverviewSchema,
  metricsPipelineSchema,
  metricsQuerySchema,
  metricsRevenueSchema,
  metricsTargetsSchema,
  monthsBetween,
  targetsPutSchema,
  targetsSavedSchema,
} from '@sede/shared/crm/metrics';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { areaRouter } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { funnel, monthly, options, pipelineByStage, wonBreakdown } from './queries.ts';
import { assertFilters, deleteTarget, overview, putTargets, targetRows } from './service.ts';

const query = metricsQuerySchema;

/**
 * /api/crm-metrics (decisions 0165–0168): the figures of /metricas behind `sales.read`, each
 * with the filters `from`, `to` (YYYY-MM), `pipelineId`, `ownerId`; targets set by admins
 * (decision 0166).
 */
export function crmMetricsRoutes(s: Services) {
  const r = areaRouter(s, 'sales.read');

  r.get('/options', contract({ summary: 'Opções dos filtros de métricas', response: metricsOptionsSchema }), async (c) => {
    const tenant = c.get('tenant');
    return c.json({ ...(await options(tenant)), canEditTargets: canAny(grantsFor(c.get('viewer').membership), ['admin.write']) });
  });
  r.get('/overview', contract({ summary: 'Visão geral das métricas', query, response: metricsOverviewSchema }), async (c) =>
    c.json(await overview(c.get('tenant'), c.req.valid('query'))),
  );
  r.get('/pipeline', contract({ summary: 'Funil aberto por etapa', query, response: metricsPipelineSchema }), async (c) => {
    const f = c.req.valid('query');
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, stages: await pipelineByStage(c.get('tenant'), f) });
  });
  r.get('/funnel', contract({ summary: 'Conversão entre etapas', query, response: metricsFunnelSchema }), async (c) => {
    const f = c.req.valid('query');
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, stages: await funnel(c.get('tenant'), f) });
  });
  r.get('/monthly', contract({ summary: 'Ganhos e perdas por mês', query, response: metricsMonthlySchema }), async (c) => {
    const f = c.req.valid('query');
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, months: await monthly(c.get('tenant'), f, monthsBetween(f.from, f.to)) });
  });
  r.get('/revenue', contract({ summary: 'Receita por vendedor e origem', query, response: metricsRevenueSchema }), async (c) => {
    const f = c.req.valid('query');
    await assertFilters(c.get('tenant'), f);
    const won = await wonBreakdown(c.get('tenant'), f);
    return c.json({ filters: f, byOwner: won.byOwner, bySource: won.bySource });
  });
  r.get('/cycle', contract({ summary: 'Ciclo de vendas', query, response: metricsCycleSchema }), async (c) => {
    const f = c.req.valid('query');
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, cycle: (await wonBreakdown(c.get('tenant'), f)).cycle });
  });
  r.get('/targets', contract({ summary: 'Metas e realizado', query, response: metricsTargetsSchema }), async (c) => {
    const f = c.req.valid('query');
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, targets: await targetRows(c.get('tenant'), f) });
  });
  r.put('/targets', requirePermission('admin.write'), contract({ summary: 'Definir metas', body: targetsPutSchema, response: targetsSavedSchema }), async (c) =>
    c.json(await putTargets(c.get('tenant'), c.req.valid('json').targets)),
  );
  r.delete(
    '/targets/:id',
    requirePermission('admin.write'),
    contract({ summary: 'Excluir meta', params: idParams(METRICS_MESSAGES.targetNotFound), status: 204 }),
    async (c) => {
      await deleteTarget(c.get('tenant'), c.req.valid('param').id);
      return c.body(null, 204);
    },
  );
  return r;
}
