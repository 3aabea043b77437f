import { defineModule } from '../../platform/module.ts';
import { apiKeysRoutes } from './routes.ts';

/** The company's API keys (decision 0640): created, listed and revoked by its admins. */
export default defineModule({ key: 'api-keys', area: 'admin', mount: '/api-keys', routes: apiKeysRoutes });
