import { defineModule } from '../../platform/module.ts';
import { cnpjRoutes } from './routes.ts';

/** CNPJ lookup through the public providers, cached in PostgreSQL. */
export default defineModule({
  key: 'cnpj',
  mount: '/cnpj',
  routes: cnpjRoutes,
});
