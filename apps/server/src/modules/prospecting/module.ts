import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { defineJob } from '../../platform/jobs/run.ts';
import { defineModule } from '../../platform/module.ts';
import { setLocalCnpjSource } from '../cnpj/public.ts';
import { localRecord } from './local-record.ts';
import { scheduleRefresh } from './refresh.ts';
import { closeRfPool, prepareRfDatabase, rfPool } from './rf-pool.ts';
import type { Services } from '../../services.ts';
import { prospectingRoutes } from './routes.ts';
import { runSendToList, SEND_JOB } from './send-to-list.ts';

/**
 * Prospecting over the Receita Federal open CNPJ data (decisions 0200–0209, 0240–0244).
 * Its reference tables (`rf_*`) are without a company, so nothing of them is exported or erased
 * per company; the data is loaded with `npm run receita:import`, or refreshed monthly from
 * RECEITA_DATA_URL (decision 0241), on PROSPECT_DATABASE_URL when set (decision 0242). What a
 * company did with it (the leads it revealed, its saved searches) is company data, exported here.
 */
export default defineModule({
  key: 'prospecting',
  area: 'prospecting',
  mount: '/prospecting',
  routes: prospectingRoutes,
  start: async (s: Services) => {
    // The CNPJ lookup reads the imported data first (decision 0243); it does not import this module.
    setLocalCnpjSource(s, (cnpj) => localRecord(rfPool(s), cnpj));
    await prepareRfDatabase(s);
    await scheduleRefresh(s);
    await defineJob(s, SEND_JOB, (ctx) => runSendToList(s, ctx as never), { retryLimit: 2, expireInMinutes: 30 });
  },
  stop: closeRfPool,
  exportData: async (_s, tenant, out) => {
    const { prospectReveals, prospectSavedSearches } = schema;
    out.csv('leads-revelados.csv', ['id', 'cnpj', 'status', 'revealedBy', 'createdAt'], companyRows(tenant, prospectReveals));
    out.csv('buscas-salvas.csv', ['id', 'name', 'filters', 'createdBy', 'createdAt'], companyRows(tenant, prospectSavedSearches));
  },
});
