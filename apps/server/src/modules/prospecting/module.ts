import { defineModule } from '../../platform/module.ts';
import { scheduleRefresh } from './refresh.ts';
import { closeRfPool, prepareRfDatabase } from './rf-pool.ts';
import { prospectingRoutes } from './routes.ts';

/**
 * Prospecting over the Receita Federal open CNPJ data (issue 14; decisions 0200–0204). Its
 * tables (`rf_*`) are reference data without a company, so there is nothing to export or erase
 * per company; the data is loaded with `npm run receita:import`, or refreshed monthly from
 * RECEITA_DATA_URL (decision 0241), on PROSPECT_DATABASE_URL when set (decision 0242).
 */
export default defineModule({
  key: 'prospecting',
  mount: '/prospecting',
  routes: prospectingRoutes,
  start: async (s) => {
    await prepareRfDatabase(s);
    await scheduleRefresh(s);
  },
  stop: closeRfPool,
});
