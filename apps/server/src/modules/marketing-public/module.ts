import { defineModule } from '../../platform/module.ts';
import { marketingPublicRoutes } from './routes.ts';

/** The marketing area's pages open without an account: the client's approval link (decision 0331). */
export default defineModule({
  key: 'marketing-public',
  area: 'marketing',
  mount: '/public/marketing',
  routes: marketingPublicRoutes,
});
