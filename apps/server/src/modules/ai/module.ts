import { defineModule } from '../../platform/module.ts';
import { platformAiConfigured } from '../../platform/ai/index.ts';
import { aiRoutes } from './routes.ts';

/** The AI gateway's endpoints (docs/decisions/0121); areas call platform/ai directly. */
export default defineModule({
  key: 'ai',
  mount: '/ai',
  routes: aiRoutes,
  publicConfig: (s) => ({ aiPlatform: platformAiConfigured(s.cfg) }),
});
