import { defineModule } from '../../platform/module.ts';
import { companiesRoutes } from './routes.ts';
import { exportCompany } from './export.ts';

/** Companies: linking by CNPJ, the company's registration data and its refresh. */
export default defineModule({
  key: 'companies',
  area: 'company',
  mount: '/companies',
  routes: companiesRoutes,
  exportData: exportCompany,
});
