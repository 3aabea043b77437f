import { defineModule } from '../../platform/module.ts';
import { departmentRoutes } from './routes.ts';

/** Placeholder overviews of the department areas (until the areas' own modules). */
export default defineModule({
  key: 'departments',
  mount: '/departments',
  routes: departmentRoutes,
});
