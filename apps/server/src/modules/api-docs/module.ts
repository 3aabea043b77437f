import { defineModule } from '../../platform/module.ts';
import { apiDocsRoutes } from './routes.ts';

/** /api/docs: the public API's reference page (decision 0643). */
export default defineModule({ key: 'api-docs', mount: '/docs', routes: apiDocsRoutes });
