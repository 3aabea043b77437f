import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../support/test-server.ts';
import { startCompanyTestEnv, userWithCompany, type CompanyTestEnv } from './support.ts';

type SseEvent = { event: string; data: unknown; at: number };

/** Opens GET /api/events and collects the events as they arrive. */
async function openStream(env: CompanyTestEnv, jar: CookieJar) {
  const controller = new AbortController();
  const res = await env.server.request('/api/events', { jar, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          events.push({ event, data: data ? JSON.parse(data) : null, at: Date.now() });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      /* aborted */
    }
  })();
  async function waitFor(predicate: (e: SseEvent) => boolean, timeoutMs = 3000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = events.find(predicate);
      if (hit) return hit;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event; got ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }
  await waitFor((e) => e.event === 'ready');
  return { events, waitFor, close: () => controller.abort() };
}

let env: CompanyTestEnv;
beforeAll(async () => {
  env = await startCompanyTestEnv();
});
afterAll(() => env.stop());

describe('live balance over GET /api/events', () => {
  it('relays a direct UPDATE of the company balance to its members, and only to them', async () => {
    const a = await userWithCompany(env, generateCnpj());
    const b = await userWithCompany(env, generateCnpj());
    const streamA = await openStream(env, a.jar);
    const streamB = await openStream(env, b.jar);
    try {
      const committedAt = Date.now();
      await env.sql('UPDATE companies SET currency_amount = 777 WHERE id = $1', [a.company.id]);
      const event = await streamA.waitFor((e) => e.event === 'company' && (e.data as { currency_amount: number }).currency_amount === 777);
      expect(event.data).toEqual({ companyId: a.company.id, currency_amount: 777 });
      expect(event.at - committedAt).toBeLessThan(1000);

      // A sentinel instead of a pause: B's own change, committed after A's, reaches B after
      // anything of A's would have (one feed, in commit order). B got nothing of A's before it.
      await env.sql('UPDATE companies SET currency_amount = 12 WHERE id = $1', [b.company.id]);
      // (B's stream may also carry its own company's earlier changes, e.g. the creation's.)
      const eventB = await streamB.waitFor((e) => e.event === 'company' && (e.data as { currency_amount: number }).currency_amount === 12);
      expect(eventB.data).toEqual({ companyId: b.company.id, currency_amount: 12 });
      expect(streamB.events.filter((e) => e.event === 'company').every((e) => (e.data as { companyId: string }).companyId === b.company.id)).toBe(true);
      expect(JSON.stringify(streamB.events)).not.toContain(a.company.id);

      // And A, sentinel again: its own next change arrives, B's never did.
      await env.sql('UPDATE companies SET currency_amount = 778 WHERE id = $1', [a.company.id]);
      await streamA.waitFor((e) => e.event === 'company' && (e.data as { currency_amount: number }).currency_amount === 778);
      const seenByA = streamA.events.filter((e) => e.event === 'company').map((e) => e.data as { companyId: string; currency_amount: number });
      expect(seenByA.every((d) => d.companyId === a.company.id)).toBe(true);
      expect(seenByA.map((d) => d.currency_amount)).toEqual(expect.arrayContaining([777, 778]));
    } finally {
      streamA.close();
      streamB.close();
    }
  });

  it('refuses a stream without a session', async () => {
    const res = await env.server.request('/api/events');
    expect(res.status).toBe(401);
  });

  it('reaches the stream quickly: median of 20 balance changes under 500 ms after the commit', async () => {
    const a = await userWithCompany(env, generateCnpj());
    const stream = await openStream(env, a.jar);
    const latencies: number[] = [];
    try {
      for (let i = 1; i <= 20; i++) {
        const committedAt = Date.now();
        await env.sql('UPDATE companies SET currency_amount = $2 WHERE id = $1', [a.company.id, 1000 + i]);
        const event = await stream.waitFor((e) => e.event === 'company' && (e.data as { currency_amount: number }).currency_amount === 1000 + i);
        latencies.push(event.at - committedAt);
      }
    } finally {
      stream.close();
    }
    latencies.sort((x, y) => x - y);
    expect(latencies[10]!).toBeLessThan(500);
  });
});
