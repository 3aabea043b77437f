import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@sede/shared/text';
import type { AppEnv, Services } from '../../services.ts';

const LOOPBACK_PEER = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether this request may read the dev mailbox (docs/decisions/0072): only without SMTP and
 * where it is allowed (DEV_MAILBOX=on, or a loopback APP_URL). Allowed by a loopback APP_URL
 * alone, it answers only callers on this machine: a server left on HOST=0.0.0.0 without APP_URL
 * must not hand its reset links to the network.
 */
export function devMailboxServes(s: Services, c: Context): boolean {
  if (s.mailer.mode !== 'dev-mailbox') return false;
  if (s.cfg.DEV_MAILBOX === 'on') return true;
  let address = '';
  try {
    address = getConnInfo(c).remote.address ?? '';
  } catch {
    return false;
  }
  return LOOPBACK_PEER.test(address);
}

const notFound = { error: 'Rota não encontrada', code: 'NOT_FOUND' } as const;

/** Only mounted when SMTP_URL is unset: every e-mail the app sends, newest first. */
export function devMailboxRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    if (!devMailboxServes(s, c)) return c.json(notFound, 404);
    await next();
  });
  app.get('/', async (c) => {
    const to = c.req.query('to')?.trim().toLowerCase();
    if (to && hasControlCharacters(to)) return c.json({ error: CONTROL_CHARACTERS_MESSAGE, code: 'VALIDATION_ERROR' }, 400);
    const rows = await s.db
      .select()
      .from(schema.devMailbox)
      .where(to ? eq(schema.devMailbox.to, to) : undefined)
      .orderBy(desc(schema.devMailbox.sentAt))
      .limit(200);
    return c.json({
      messages: rows.map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, sentAt: m.sentAt.toISOString() })),
    });
  });
  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f-]{36}$/i.test(id)) return c.json({ error: 'Mensagem não encontrada', code: 'NOT_FOUND' }, 404);
    const [m] = await s.db.select().from(schema.devMailbox).where(eq(schema.devMailbox.id, id));
    if (!m) return c.json({ error: 'Mensagem não encontrada', code: 'NOT_FOUND' }, 404);
    return c.json({ id: m.id, to: m.to, subject: m.subject, text: m.text, html: m.html, sentAt: m.sentAt.toISOString() });
  });
  return app;
}
