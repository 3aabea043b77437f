import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineModule } from '../../platform/module.ts';
import { registerSalesTile } from '../sales/public.ts';
import { crmMetricsRoutes } from './routes.ts';
import { metricsTileKpi } from './tile.ts';

/** /metricas' figures and the sales targets (decisions 0165–0168). */
export default defineModule({
  key: 'crm-metrics',
  area: 'sales',
  mount: '/crm-metrics',
  routes: crmMetricsRoutes,
  start: (s) => registerSalesTile(s, { tool: 'metricas', kpi: metricsTileKpi }),
  exportData: async (_s, tenant, out) => {
    out.csv('metas.csv', ['id', 'userId', 'month', 'targetCents', 'updatedBy', 'createdAt', 'updatedAt'], companyRows(tenant, schema.crmTargets));
  },
});
