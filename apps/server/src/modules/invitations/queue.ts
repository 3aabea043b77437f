import type pg from 'pg';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { bossDb } from '@sede/db/transaction';
import { invitationEmail } from './mail.ts';

export const INVITATION_EMAIL_QUEUE = 'invitation-email';
type InvitationEmailJob = { invitationId: string; token: string };

/** Queues the e-mail inside the caller's transaction: stored and queued commit together. */
export async function queueInvitationEmail(s: Services, client: pg.PoolClient, job: InvitationEmailJob) {
  await s.boss.send(INVITATION_EMAIL_QUEUE, job, { db: bossDb(client), retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInMinutes: 5 });
}

/** After the commit: wake the worker now instead of at its next poll. */
export function wakeInvitationWorker(s: Services) {
  const { workerId } = worker(s);
  if (workerId) s.boss.notifyWorker(workerId);
}

const worker = (s: Services) => serverState(s, 'invitations.worker', () => ({ workerId: null as string | null }));

const JOB_SQL = `
SELECT i.email, i.role, c.name AS company_name,
       NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), '') AS inviter_profile_name, u.name AS inviter_user_name
  FROM company_invitations i
  JOIN companies c ON c.id = i.company_id
  LEFT JOIN profiles p ON p.id = i.invited_by
  LEFT JOIN "user" u ON u.id = i.invited_by
 WHERE i.id = $1 AND i.token = $2 AND i.accepted_at IS NULL`;

/** Delivers invitation e-mails; a job whose invitation was revoked, replaced or accepted sends nothing. */
export async function registerInvitationQueue(s: Services) {
  await s.boss.createQueue(INVITATION_EMAIL_QUEUE);
  // One job per fetch, so a failed delivery retries only its own e-mail; after a delivery the
  // worker fetches again at once, so a backlog drains without waiting for the poll.
  worker(s).workerId = await s.boss.work<InvitationEmailJob>(INVITATION_EMAIL_QUEUE, { pollingIntervalSeconds: 1, batchSize: 1 }, async (jobs) => {
    wakeInvitationWorker(s);
    for (const job of jobs) {
      const { rows } = await s.pool.query(JOB_SQL, [job.data.invitationId, job.data.token]);
      const row = rows[0];
      if (!row) continue;
      await s.mailer.send({
        to: row.email,
        ...invitationEmail({
          appUrl: s.cfg.appUrl,
          token: job.data.token,
          email: row.email,
          role: row.role,
          companyName: row.company_name,
          inviterName: row.inviter_profile_name ?? row.inviter_user_name,
        }),
      });
    }
  });
}
