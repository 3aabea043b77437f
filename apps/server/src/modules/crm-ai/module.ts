import { defineModule } from '../../platform/module.ts';
import { crmAiRoutes } from './routes.ts';

/** AI in the pipeline (decision 0162). Its table is exported by crm-quotes (same schema file). */
export default defineModule({
  key: 'crm-ai',
  area: 'crm',
  mount: '/crm-ai',
  routes: crmAiRoutes,
});
