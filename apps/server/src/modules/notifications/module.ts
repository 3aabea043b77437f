import { defineModule } from '../../platform/module.ts';
import { registerNotificationQueue } from './queue.ts';
import { notificationsRoutes } from './routes.ts';

/** The bell: a person's notifications, read marks, preferences per kind, and their e-mails. */
export default defineModule({
  key: 'notifications',
  mount: '/notifications',
  routes: notificationsRoutes,
  start: registerNotificationQueue,
});
