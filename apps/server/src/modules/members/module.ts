import { defineModule } from '../../platform/module.ts';
import { membersRoutes } from './routes.ts';
import { exportMembers } from './export.ts';

/** The admin area: members, roles, removal and the activity log. */
export default defineModule({
  key: 'members',
  area: 'admin',
  mount: '/members',
  routes: membersRoutes,
  exportData: exportMembers,
});
