import type pg from 'pg';
import { bossDb, withTransaction } from '@sede/db/transaction';
import { NOTIFICATION_DEFAULTS, type NotificationKind } from '@sede/shared/platform/notifications';
import { LIVE_NOTIFICATION } from '@sede/shared/platform/live';
import type { Services } from '../../services.ts';
import { announce, type Announcement } from '../live/announce.ts';

/** The pg-boss queue of notification e-mails (one job per `notify` call; worker in modules/notifications). */
export const NOTIFICATION_EMAIL_QUEUE = 'notification-email';

export type NotificationEmailJob = {
  companyId: string;
  userIds: string[];
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string | null;
};

export type NotifyInput = {
  companyId: string;
  userIds: readonly string[];
  kind: NotificationKind;
  title: string;
  body?: string | null;
  /** A path inside the app ('/kanban-leads?deal=…'); the e-mail links to APP_URL + it. */
  link?: string | null;
  entity?: { type: string; id: string };
};

export type NotifyResult = { inApp: number; email: number; skipped: number };

const LIMITS = { title: 200, body: 2000, link: 500 };
const clip = (v: string | null | undefined, max: number) => (v == null ? null : v.length > max ? `${v.slice(0, max - 1)}…` : v);

// Recipients are the given people who are members of the company (anyone else is skipped
// silently), with their preference for the kind or its default; one INSERT for all of them.
const NOTIFY_SQL = `
WITH r AS (
  SELECT m.user_id, coalesce(p.in_app, $3::boolean) AS in_app, coalesce(p.email, $4::boolean) AS email
    FROM company_members m
    LEFT JOIN notification_preferences p ON p.user_id = m.user_id AND p.kind = $2
   WHERE m.company_id = $1 AND m.user_id = ANY($5::text[])
), ins AS (
  INSERT INTO notifications (company_id, user_id, kind, title, body, link, entity_type, entity_id)
  SELECT $1, r.user_id, $2, $6, $7, $8, $9, $10 FROM r WHERE r.in_app
  RETURNING user_id
)
SELECT r.user_id, r.in_app, r.email FROM r`;

/**
 * The one way an area tells people something (reminders, mentions, assignments, due dates,
 * alerts): stores the in-app notifications, announces them live to their recipients (the
 * bell's unread count) and queues one e-mail job for those who want e-mail. Runs in the given
 * transaction when there is one (`client`), so a rolled-back change notifies nobody. With `later`,
 * the live announcement is pushed there for the caller to send after its commit (decision 0765).
 */
export async function notify(s: Services, input: NotifyInput, client?: pg.PoolClient, later?: Announcement[]): Promise<NotifyResult> {
  const userIds = [...new Set(input.userIds)];
  if (!userIds.length) return { inApp: 0, email: 0, skipped: 0 };
  const defaults = NOTIFICATION_DEFAULTS[input.kind];
  if (!defaults) throw new Error(`notify: unknown kind ${input.kind}`);
  const title = clip(input.title, LIMITS.title)!;
  const body = clip(input.body, LIMITS.body);
  const link = input.link?.startsWith('/') && !input.link.startsWith('//') ? clip(input.link, LIMITS.link) : null;
  const work = async (c: pg.PoolClient): Promise<NotifyResult> => {
    const { rows } = await c.query<{ user_id: string; in_app: boolean; email: boolean }>(NOTIFY_SQL, [
      input.companyId,
      input.kind,
      defaults.inApp,
      defaults.email,
      userIds,
      title,
      body,
      link,
      input.entity?.type ?? null,
      input.entity?.id ?? null,
    ]);
    const inApp = rows.filter((r) => r.in_app).map((r) => r.user_id);
    const email = rows.filter((r) => r.email).map((r) => r.user_id);
    if (inApp.length) {
      const a: Announcement = { companyId: input.companyId, entity: LIVE_NOTIFICATION, id: 'new', action: 'created', userIds: inApp };
      if (later) later.push(a);
      else await announce(c, a);
    }
    if (email.length) {
      const job: NotificationEmailJob = { companyId: input.companyId, userIds: email, kind: input.kind, title, body, link };
      await s.boss.send(NOTIFICATION_EMAIL_QUEUE, job, { db: bossDb(c), retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInMinutes: 10 });
    }
    return { inApp: inApp.length, email: email.length, skipped: userIds.length - rows.length };
  };
  return client ? work(client) : withTransaction(s.pool, ({ client: c }) => work(c));
}
