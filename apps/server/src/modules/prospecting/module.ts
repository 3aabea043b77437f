import { defineModule } from '../../platform/module.ts';
import { prospectingRoutes } from './routes.ts';

/**
 * Prospecting over the Receita Federal open CNPJ data (issue 14; decisions 0200–0204). Its
 * tables (`rf_*`) are reference data without a company, so there is nothing to export or erase
 * per company; the data is loaded with `npm run receita:import`.
 */
export default defineModule({
  key: 'prospecting',
  mount: '/prospecting',
  routes: prospectingRoutes,
});
