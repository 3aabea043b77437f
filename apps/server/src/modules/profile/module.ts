import { defineModule } from '../../platform/module.ts';
import { profileRoutes } from './routes.ts';

/** The signed-in person's own profile. */
export default defineModule({
  key: 'profile',
  area: 'profile',
  mount: '/profile',
  routes: profileRoutes,
});
