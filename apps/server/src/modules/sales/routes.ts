import { salesOverviewSchema } from '@sede/shared/crm/sales';
import { areaRouter } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { overview } from './service.ts';

/** /api/comercial: the overview of /comercial (permission `comercial`, decision 0163). */
export function salesRoutes(s: Services) {
  const r = areaRouter(s, 'sales.read');
  r.get('/overview', contract({ summary: 'Visão geral do Comercial', response: salesOverviewSchema }), async (c) => c.json(await overview(s, c.get('tenant'))));
  return r;
}
