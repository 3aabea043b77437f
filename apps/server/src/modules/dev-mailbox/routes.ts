import { Hono, type Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { DEV_MAILBOX_MESSAGES, devMailboxQuerySchema, mailMessageListSchema, mailMessageSchema, type MailMessage } from '@sede/shared/platform/dev-mailbox';
import type { AppEnv, Services } from '../../services.ts';
import { contract, idParams } from '../../http/contract.ts';

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

const messageId = idParams(DEV_MAILBOX_MESSAGES.messageNotFound);
const toView = (m: typeof schema.devMailbox.$inferSelect): MailMessage => ({
  id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  sentAt: m.sentAt.toISOString(),
});

/** Only mounted when SMTP_URL is unset: every e-mail the app sends, newest first. */
export function devMailboxRoutes(s: Services) {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    if (!devMailboxServes(s, c)) return c.json(notFound, 404);
    await next();
  });
  app.get('/', contract({ summary: 'Listar e-mails enviados (desenvolvimento)', query: devMailboxQuerySchema, response: mailMessageListSchema, public: true }), async (c) => {
    const { to } = c.req.valid('query');
    const rows = await s.db
      .select()
      .from(schema.devMailbox)
      .where(to ? eq(schema.devMailbox.to, to) : undefined)
      .orderBy(desc(schema.devMailbox.sentAt))
      .limit(200);
    return c.json({ messages: rows.map(toView) });
  });
  app.get('/:id', contract({ summary: 'Ver e-mail enviado (desenvolvimento)', params: messageId, response: mailMessageSchema, public: true }), async (c) => {
    const [m] = await s.db.select().from(schema.devMailbox).where(eq(schema.devMailbox.id, c.req.valid('param').id));
    if (!m) return c.json({ error: DEV_MAILBOX_MESSAGES.messageNotFound, code: 'NOT_FOUND' }, 404);
    return c.json(toView(m));
  });
  return app;
}
