import { NOTIFICATION_EMAIL_QUEUE, type NotificationEmailJob } from '../../platform/notifications/notify.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { notificationEmail } from './mail.ts';

// Recipients still members of the company, with a confirmed address.
const RECIPIENTS_SQL = `
SELECT u.email, NULLIF(coalesce(p.first_name, u.first_name), '') AS first_name
  FROM company_members m
  JOIN "user" u ON u.id = m.user_id
  LEFT JOIN profiles p ON p.id = m.user_id
 WHERE m.company_id = $1 AND m.user_id = ANY($2::text[]) AND u.email_verified`;

/** Delivers the e-mails of `notify` (one job per call, one message per recipient). */
export async function registerNotificationQueue(s: Services) {
  await s.boss.createQueue(NOTIFICATION_EMAIL_QUEUE);
  await s.boss.work<NotificationEmailJob>(NOTIFICATION_EMAIL_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
    for (const job of jobs) {
      const tenant = systemTenant(s, job.data.companyId, 'job');
      const { rows } = await tenant.db.$client.query<{ email: string; first_name: string | null }>(RECIPIENTS_SQL, [job.data.companyId, job.data.userIds]);
      for (const row of rows) {
        await s.mailer.send({ to: row.email, ...notificationEmail({ appUrl: s.cfg.appUrl, kind: job.data.kind, title: job.data.title, body: job.data.body, link: job.data.link, firstName: row.first_name }) });
      }
    }
  });
}
