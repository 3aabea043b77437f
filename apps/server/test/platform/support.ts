import { Hono } from 'hono';
import { expect } from 'vitest';
import { withTransaction } from '@sede/db/transaction';
import type { NotificationKind } from '@sede/shared/platform/notifications';
import { MODULES } from '../../src/modules/index.ts';
import { defineModule, type ModuleDefinition } from '../../src/platform/module.ts';
import { announce } from '../../src/platform/live/announce.ts';
import { notify } from '../../src/platform/notifications/notify.ts';
import { startJob } from '../../src/platform/jobs/run.ts';
import { requireCompany, requireViewer } from '../../src/http/middleware.ts';
import type { CompanyEnv, Services } from '../../src/services.ts';
import type { CookieJar, TestServer } from '../support/test-server.ts';

/** Polls until `check` holds (fails after `limitMs`). */
export async function within(limitMs: number, check: () => boolean | Promise<boolean>) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - t0;
}

/** Waits until the person's session sees their company (the membership change reached the viewer cache). */
export async function untilInCompany(server: TestServer, jar: CookieJar) {
  await within(3000, async () => ((await (await server.request('/api/me', { jar })).json()) as { company: unknown }).company != null);
}

export type SseEvent = { event: string; data: unknown };
export type Stream = { events: () => SseEvent[]; of: (event: string) => SseEvent[]; close: () => void };

/** Opens GET /api/events on a server, parses its events, and waits for 'ready'. */
export async function openEvents(server: TestServer, jar: CookieJar): Promise<Stream> {
  const controller = new AbortController();
  const res = await server.request('/api/events', { jar, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: SseEvent[] = [];
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: (.*)$/m.exec(block)?.[1];
          events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  await within(3000, () => events.some((e) => e.event === 'ready'));
  return { events: () => events, of: (event) => events.filter((e) => e.event === event), close: () => controller.abort() };
}

/**
 * A test-only module: what an area would do, callable over HTTP from the tests (there is no
 * public endpoint that announces or notifies on its own).
 */
export const probeModule = (extra?: (s: Services) => Promise<void> | void): ModuleDefinition =>
  defineModule({
    key: 'probe',
    mount: '/probe',
    start: extra,
    routes: (s) => {
      const r = new Hono();
      r.post('/announce', async (c) => {
        const body = (await c.req.json()) as { companyId: string; entity: string; id: string; action?: string; userIds?: string[]; rollback?: boolean };
        await withTransaction(s.pool, async ({ db }) => {
          await announce(db, body);
          if (body.rollback) throw new Error('rolled back on purpose');
        }).catch((e) => {
          if (!body.rollback) throw e;
        });
        return c.json({ ok: true });
      });
      r.post('/notify', async (c) => {
        const body = (await c.req.json()) as { companyId: string; userIds: string[]; kind: NotificationKind; title: string; body?: string; link?: string };
        return c.json(await notify(s, body));
      });
      const jobs = new Hono<CompanyEnv>();
      jobs.use('*', requireViewer(s), requireCompany);
      jobs.post('/:kind', async (c) => c.json(await startJob(s, c.get('tenant'), c.req.param('kind'), await c.req.json())));
      r.route('/jobs', jobs);
      return r;
    },
  });

export const withProbe = (extra?: (s: Services) => Promise<void> | void) => ({ modules: [...MODULES, probeModule(extra)] });
