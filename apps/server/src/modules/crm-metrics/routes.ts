import { METRICS_MESSAGES, metricsQuerySchema, monthsBetween, targetsPutSchema } from '@sede/shared/crm/metrics';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { areaRouter } from '../../http/area-router.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { funnel, monthly, options, pipelineByStage, wonBreakdown } from './queries.ts';
import { assertFilters, deleteTarget, overview, putTargets, targetRows } from './service.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /api/crm-metrics (issue 12 item 5): the figures of /metricas behind `comercial.read`, each
 * with the filters `from`, `to` (YYYY-MM), `pipelineId`, `ownerId`; targets set by admins
 * (decision 0166).
 */
export function crmMetricsRoutes(s: Services) {
  const r = areaRouter(s, 'comercial.read');

  r.get('/options', async (c) => {
    const tenant = c.get('tenant');
    return c.json({ ...(await options(tenant)), canEditTargets: canAny(grantsFor(c.get('viewer').membership), ['admin.write']) });
  });
  r.get('/overview', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    return c.json(await overview(c.get('tenant'), f));
  });
  r.get('/pipeline', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, stages: await pipelineByStage(c.get('tenant'), f) });
  });
  r.get('/funnel', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, stages: await funnel(c.get('tenant'), f) });
  });
  r.get('/monthly', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, months: await monthly(c.get('tenant'), f, monthsBetween(f.from, f.to)) });
  });
  r.get('/revenue', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    await assertFilters(c.get('tenant'), f);
    const won = await wonBreakdown(c.get('tenant'), f);
    return c.json({ filters: f, byOwner: won.byOwner, bySource: won.bySource });
  });
  r.get('/cycle', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, cycle: (await wonBreakdown(c.get('tenant'), f)).cycle });
  });
  r.get('/targets', async (c) => {
    const f = parseWith(metricsQuerySchema, c.req.query());
    await assertFilters(c.get('tenant'), f);
    return c.json({ filters: f, targets: await targetRows(c.get('tenant'), f) });
  });
  r.put('/targets', requirePermission('admin.write'), async (c) => {
    const { targets } = parseWith(targetsPutSchema, await readJson(c));
    return c.json(await putTargets(c.get('tenant'), targets));
  });
  r.delete('/targets/:id', requirePermission('admin.write'), async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw notFound(METRICS_MESSAGES.targetNotFound);
    await deleteTarget(c.get('tenant'), id);
    return c.body(null, 204);
  });
  return r;
}
