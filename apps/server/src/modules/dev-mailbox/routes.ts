import { Hono } from 'hono';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@sede/shared/text';
import type { AppEnv, Services } from '../../services.ts';

/** Only mounted when SMTP_URL is unset: every e-mail the app sends, newest first. */
export function devMailboxRoutes(s: Services) {
  const app = new Hono<AppEnv>();
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
