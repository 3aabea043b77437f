import { entityDefinition, registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { exportCollaboration } from './export.ts';
import { collaborationRoutes } from './routes.ts';
import { sendDueReminders, taskIsVisible } from './service.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';

export const DUE_REMINDERS_QUEUE = 'collaboration-due-reminders';
/** Every 15 minutes: a task due today gets its reminder in the morning's first run after 00:00 (Brasília). */
export const DUE_REMINDERS_CRON = '*/15 * * * *';

async function start(s: Services) {
  // The company itself (any member): its page is /empresa. Files registered `company` first.
  const company = entityDefinition(s, 'company');
  registerEntity(s, 'company', { canSee: company?.canSee ?? (async (tenant, id) => id === tenant.companyId), path: () => '/empresa' });
  // Comments (and files) on a task: whoever sees the task.
  registerEntity(s, 'task', { canSee: (tenant, id, viewer) => taskIsVisible(s, tenant, viewer, id), path: () => '/empresa' });

  await scheduleRecurring(s.boss, { queue: DUE_REMINDERS_QUEUE, cron: DUE_REMINDERS_CRON, label: '[collaboration] due-date reminders:' }, () => sendDueReminders(s));
}

/**
 * Comments with @mentions and activities/tasks on any entity (decisions
 * 0130–0132). Mounted at the root of /api: `/api/comments…`, `/api/tasks…`.
 */
export default defineModule({ key: 'collaboration', mount: '/', routes: collaborationRoutes, start, exportData: exportCollaboration, after: ['files'] });
