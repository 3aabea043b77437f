import type { Tenant } from '../../services.ts';
import {
  NOTIFICATION_DEFAULTS,
  NOTIFICATION_KINDS,
  NOTIFICATION_NOT_FOUND,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreference,
} from '@sede/shared/platform/notifications';
import { LIVE_NOTIFICATION } from '@sede/shared/platform/live';
import { badRequest, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import { tenantTransaction } from '../../platform/tenant.ts';

type Row = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string | null;
  entity_type: string | null;
  entity_id: string | null;
  read_at: Date | null;
  created_at: Date;
};

const toItem = (r: Row): NotificationItem => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  link: r.link,
  entityType: r.entity_type,
  entityId: r.entity_id,
  readAt: r.read_at?.toISOString() ?? null,
  createdAt: r.created_at.toISOString(),
});

/** Cursor = the last item's created_at (µs precision kept as text) and id, base64url. */
const encodeCursor = (createdAt: string, id: string) => Buffer.from(`${createdAt}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!createdAt || !id || Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id)) throw badRequest('Cursor inválido.', 'INVALID_CURSOR');
  return { createdAt, id };
}

/** A person's notifications in their current company, newest first, by cursor. */
export async function listNotifications(t: Tenant, q: { cursor?: string; limit?: number; unreadOnly?: boolean }): Promise<NotificationPage> {
  const limit = q.limit ?? 20;
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const { rows } = await t.db.$client.query<Row & { created_text: string }>(
    `SELECT id, kind, title, body, link, entity_type, entity_id, read_at, created_at, created_at::text AS created_text
       FROM notifications
      WHERE user_id = $1 AND company_id = $2
        AND ($3::boolean IS FALSE OR read_at IS NULL)
        AND ($4::timestamptz IS NULL OR (created_at, id) < ($4::timestamptz, $5::uuid))
      ORDER BY created_at DESC, id DESC
      LIMIT $6`,
    [t.actorId, t.companyId, q.unreadOnly ?? false, after?.createdAt ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { items: page.map(toItem), nextCursor: rows.length > limit && last ? encodeCursor(last.created_text, last.id) : null };
}

export async function unreadCount(t: Tenant): Promise<number> {
  const { rows } = await t.db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND company_id = $2 AND read_at IS NULL', [t.actorId, t.companyId]);
  return rows[0]!.n;
}

/** Marks one of the person's notifications read; anyone else's (or another company's) is 404. */
export async function markRead(t: Tenant, id: string): Promise<NotificationItem> {
  return tenantTransaction(t, async ({ client }) => {
    const { rows } = await client.query<Row>(
      `UPDATE notifications SET read_at = coalesce(read_at, now())
        WHERE id = $1 AND user_id = $2 AND company_id = $3
        RETURNING id, kind, title, body, link, entity_type, entity_id, read_at, created_at`,
      [id, t.actorId, t.companyId],
    );
    if (!rows[0]) throw notFound(NOTIFICATION_NOT_FOUND);
    await announce(client, { companyId: t.companyId, entity: LIVE_NOTIFICATION, id, action: 'read', userIds: [t.actorId] });
    return toItem(rows[0]);
  });
}

export async function markAllRead(t: Tenant): Promise<number> {
  return tenantTransaction(t, async ({ client }) => {
    const { rowCount } = await client.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND company_id = $2 AND read_at IS NULL', [t.actorId, t.companyId]);
    if (rowCount) await announce(client, { companyId: t.companyId, entity: LIVE_NOTIFICATION, id: 'all', action: 'read', userIds: [t.actorId] });
    return rowCount ?? 0;
  });
}

/** Every kind with the person's choice or its default (the person's own, in every company). */
export async function getPreferences(t: Tenant): Promise<NotificationPreference[]> {
  const { rows } = await t.db.$client.query<{ kind: string; in_app: boolean; email: boolean }>('SELECT kind, in_app, email FROM notification_preferences WHERE user_id = $1', [t.actorId]);
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return NOTIFICATION_KINDS.map((kind) => {
    const row = chosen.get(kind);
    return { kind, inApp: row?.in_app ?? NOTIFICATION_DEFAULTS[kind].inApp, email: row?.email ?? NOTIFICATION_DEFAULTS[kind].email };
  });
}

export async function savePreferences(t: Tenant, prefs: NotificationPreference[]): Promise<NotificationPreference[]> {
  const kinds = prefs.map((p) => p.kind);
  if (new Set(kinds).size !== kinds.length) throw badRequest('Cada tipo de notificação só pode aparecer uma vez.');
  await t.db.$client.query(
    `INSERT INTO notification_preferences (user_id, kind, in_app, email)
     SELECT $1, k, i, e FROM unnest($2::text[], $3::boolean[], $4::boolean[]) AS x(k, i, e)
     ON CONFLICT (user_id, kind) DO UPDATE SET in_app = excluded.in_app, email = excluded.email, updated_at = now()`,
    [t.actorId, kinds, prefs.map((p) => p.inApp), prefs.map((p) => p.email)],
  );
  return getPreferences(t);
}
