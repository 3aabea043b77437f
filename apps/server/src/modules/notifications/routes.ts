import { Hono } from 'hono';
import {
  NOTIFICATION_NOT_FOUND,
  notificationItemSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesSchema,
  notificationPreferencesViewSchema,
  readAllSchema,
  unreadCountSchema,
} from '@sede/shared/platform/notifications';
import type { CompanyEnv, Services } from '../../services.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { getPreferences, listNotifications, markAllRead, markRead, savePreferences, unreadCount } from './service.ts';

/** The person's own notifications in their company: every member, only their own rows. */
export function notificationsRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  r.use('*', requireViewer(s), requireCompany);

  r.get('/', contract({ summary: 'Listar minhas notificações', query: notificationListQuerySchema, response: notificationPageSchema }), async (c) => {
    const q = c.req.valid('query');
    return c.json(await listNotifications(c.get('tenant'), { cursor: q.cursor, limit: q.limit, unreadOnly: q.unread === '1' || q.unread === 'true' }));
  });

  r.get('/unread-count', contract({ summary: 'Contar notificações não lidas', response: unreadCountSchema }), async (c) => c.json({ count: await unreadCount(c.get('tenant')) }));

  r.post('/read-all', contract({ summary: 'Marcar todas as notificações como lidas', response: readAllSchema }), async (c) => c.json({ updated: await markAllRead(c.get('tenant')) }));

  r.get('/preferences', contract({ summary: 'Ver preferências de notificação', response: notificationPreferencesViewSchema }), async (c) =>
    c.json({ preferences: await getPreferences(c.get('tenant')) }),
  );

  r.put('/preferences', contract({ summary: 'Salvar preferências de notificação', body: notificationPreferencesSchema, response: notificationPreferencesViewSchema }), async (c) =>
    c.json({ preferences: await savePreferences(c.get('tenant'), c.req.valid('json').preferences) }),
  );

  r.post('/:id/read', contract({ summary: 'Marcar notificação como lida', params: idParams(NOTIFICATION_NOT_FOUND), response: notificationItemSchema }), async (c) =>
    c.json(await markRead(c.get('tenant'), c.req.valid('param').id)),
  );

  return r;
}
