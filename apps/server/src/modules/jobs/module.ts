import { defineModule } from '../../platform/module.ts';
import { jobsRoutes } from './routes.ts';

/** GET /api/jobs: the progress of the areas' background jobs (each area defines its own in `start`). */
export default defineModule({ key: 'jobs', mount: '/jobs', routes: jobsRoutes });
