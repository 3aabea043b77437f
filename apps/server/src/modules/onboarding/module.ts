import { defineModule } from '../../platform/module.ts';
import { onboardingRoutes } from './routes.ts';

/** The company's first-run configuration. */
export default defineModule({
  key: 'onboarding',
  mount: '/onboarding',
  routes: onboardingRoutes,
});
