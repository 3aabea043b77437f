import { cashFlowQuerySchema, dreQuerySchema } from '@sede/shared/finance/reports-schemas';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { cashFlow, dre, overview } from './service.ts';

/** Relatórios do financeiro under /api/finance/reports: `financeiro.read` (decision 0125). */
export function reportRoutes(s: Services) {
  const r = areaRouter(s, 'financeiro');
  r.use('*', requirePermission('financeiro.read'));
  r.get('/overview', async (c) => c.json(await overview(c.get('tenant'))));
  r.get('/cash-flow', async (c) => c.json(await cashFlow(c.get('tenant'), parseWith(cashFlowQuerySchema, c.req.query()))));
  r.get('/dre', async (c) => c.json(await dre(c.get('tenant'), parseWith(dreQuerySchema, c.req.query()))));
  return r;
}
