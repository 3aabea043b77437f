import { Hono } from 'hono';
import { notificationIdSchema, notificationListQuerySchema, notificationPreferencesSchema } from '@sede/shared/platform/notifications';
import type { CompanyEnv, Services } from '../../services.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { getPreferences, listNotifications, markAllRead, markRead, savePreferences, unreadCount } from './service.ts';

/** The person's own notifications in their company: every member, only their own rows. */
export function notificationsRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  r.use('*', requireViewer(s), requireCompany);

  r.get('/', async (c) => {
    const q = parseWith(notificationListQuerySchema, c.req.query());
    return c.json(await listNotifications(s.pool, c.get('tenant'), { cursor: q.cursor, limit: q.limit, unreadOnly: q.unread === '1' || q.unread === 'true' }));
  });

  r.get('/unread-count', async (c) => c.json({ count: await unreadCount(s.pool, c.get('tenant')) }));

  r.post('/read-all', async (c) => c.json({ updated: await markAllRead(s.pool, c.get('tenant')) }));

  r.get('/preferences', async (c) => c.json({ preferences: await getPreferences(s.pool, c.get('tenant').actorId) }));

  r.put('/preferences', async (c) => {
    const body = parseWith(notificationPreferencesSchema, await readJson(c));
    return c.json({ preferences: await savePreferences(s.pool, c.get('tenant').actorId, body.preferences) });
  });

  r.post('/:id/read', async (c) => {
    const id = notificationIdSchema.safeParse(c.req.param('id'));
    if (!id.success) throw notFound('Notificação não encontrada.');
    return c.json(await markRead(s.pool, c.get('tenant'), id.data));
  });

  return r;
}
