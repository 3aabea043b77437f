import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreams, STREAMS_PER_SESSION, STREAMS_PER_USER } from '../../src/platform/live-streams.ts';
import { createConfirmedUser, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';

/** GET /api/events: at most 8 streams per session and 20 per user on an instance; a new one closes the oldest. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Stream = { text: () => string; ended: Promise<void>; isEnded: () => boolean; close: () => void };

async function within(limitMs: number, check: () => boolean) {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Opens /api/events and waits for its 'ready' event. */
async function open(jar: CookieJar): Promise<Stream> {
  const controller = new AbortController();
  const res = await server.request('/api/events', { jar, signal: controller.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const done = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  await within(3000, () => text.includes('event: ready'));
  return { text: () => text, ended: done, isEnded: () => ended, close: () => controller.abort() };
}

async function signInAgain(email: string, password: string): Promise<CookieJar> {
  const jar: CookieJar = { cookie: '' };
  const res = await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, jar });
  expect(res.status).toBe(200);
  return jar;
}

let seq = 0;
const newUser = () => createConfirmedUser(server, { email: `streams.${Date.now().toString(36)}${seq++}@exemplo.com.br` });

describe('live stream caps', () => {
  it(`stream number ${STREAMS_PER_SESSION + 1} of a session closes the oldest, which is told not to come back soon`, async () => {
    const user = await newUser();
    const streams: Stream[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_SESSION; i++) streams.push(await open(user.jar));
      // Each stream is counted before its 'ready': the server's own count is the sentinel.
      expect(liveStreams(server.services).size(user.userId)).toBe(STREAMS_PER_SESSION);
      expect(streams.every((s) => !s.isEnded())).toBe(true);

      streams.push(await open(user.jar));
      await within(2000, () => streams[0]!.isEnded());
      expect(streams[0]!.text()).toMatch(/event: closed\ndata: \{"reason":"too_many_streams"\}\n(id: .*\n)?retry: 3600000/);
      expect(streams.slice(1).every((s) => !s.isEnded())).toBe(true);

      // And again: the next oldest goes.
      streams.push(await open(user.jar));
      await within(2000, () => streams[1]!.isEnded());
      expect(streams.slice(2).every((s) => !s.isEnded())).toBe(true);
    } finally {
      for (const s of streams) s.close();
    }
  });

  it(`stream number ${STREAMS_PER_USER + 1} of a user, over several sessions, closes the user's oldest`, async () => {
    const user = await newUser();
    const jars = [user.jar, await signInAgain(user.email, user.password), await signInAgain(user.email, user.password)];
    const streams: Stream[] = [];
    try {
      // 8 + 8 + 4 = 20: all stay open.
      for (const [jar, n] of [[jars[0]!, 8], [jars[1]!, 8], [jars[2]!, 4]] as const) {
        for (let i = 0; i < n; i++) streams.push(await open(jar));
      }
      expect(liveStreams(server.services).size(user.userId)).toBe(STREAMS_PER_USER);
      expect(streams.filter((s) => s.isEnded())).toHaveLength(0);

      streams.push(await open(jars[2]!)); // the 21st: the first stream of the first session goes
      await within(2000, () => streams[0]!.isEnded());
      expect(liveStreams(server.services).size(user.userId)).toBe(STREAMS_PER_USER);
      expect(streams.filter((s) => s.isEnded())).toHaveLength(1);

      // Another user is not affected by this one's streams.
      const other = await newUser();
      const theirs = await open(other.jar);
      expect(liveStreams(server.services).size(other.userId)).toBe(1);
      expect(liveStreams(server.services).size(user.userId)).toBe(STREAMS_PER_USER);
      expect(theirs.isEnded()).toBe(false);
      expect(streams.filter((s) => s.isEnded())).toHaveLength(1);
      theirs.close();
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('a stream the browser closed frees its place', async () => {
    const user = await newUser();
    const first = await open(user.jar);
    const others: Stream[] = [];
    try {
      for (let i = 1; i < STREAMS_PER_SESSION; i++) others.push(await open(user.jar));
      others[0]!.close();
      await others[0]!.ended;
      await within(2000, () => liveStreams(server.services).size(user.userId) === STREAMS_PER_SESSION - 1); // the server noticed the abort
      others.push(await open(user.jar)); // 8 open again: nothing to close
      expect(liveStreams(server.services).size(user.userId)).toBe(STREAMS_PER_SESSION);
      expect(first.isEnded()).toBe(false);
    } finally {
      first.close();
      for (const s of others) s.close();
    }
  });
});
