import { apiCallLog } from '../../http/api-key.ts';
import { defineModule } from '../../platform/module.ts';
import { publicApiRoutes } from './routes.ts';

/** The public API under /api/v1 (decisions 0641–0644): keys from modules/api-keys, the OpenAPI document, idempotency. */
export default defineModule({
  key: 'api-v1',
  mount: '/v1',
  after: ['api-keys'],
  routes: publicApiRoutes,
  // The calls' lines not yet in the activity log.
  stop: (s) => apiCallLog(s).flush(),
});
