import pg from 'pg';
import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';

/** Polls until `check` holds; returns the time it took (fails after `limitMs`). */
export async function within(limitMs: number, check: () => Promise<boolean>): Promise<number> {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > limitMs) throw new Error(`not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - t0;
}

/**
 * Runs `whileDown` with instance B's change feed (its LISTEN connection) lost and unable to come
 * back: the database refuses new connections, B's listener is terminated and has failed to
 * reconnect twice. Open pool connections stay usable (A's and B's are warmed first). Afterwards the
 * database accepts connections again and B's feed is live before this returns.
 */
export async function whileFeedDown(a: TestServer, b: TestServer, whileDown: () => Promise<void>) {
  const sqlOnA = (text: string, params: unknown[] = []) => a.services.pool.query(text, params);
  await Promise.all([...Array(4)].map(() => Promise.all([sqlOnA('SELECT pg_sleep(0.05)'), b.services.pool.query('SELECT pg_sleep(0.05)')])));
  const adminUrl = new URL(a.databaseUrl);
  const dbName = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres'; // a database cannot refuse connections while you sit in it
  const owner = new pg.Client({ connectionString: adminUrl.toString() });
  await owner.connect();
  await owner.query(`ALTER DATABASE "${dbName}" WITH ALLOW_CONNECTIONS false`);
  try {
    await sqlOnA('SELECT pg_terminate_backend($1)', [b.services.feed.pid()]);
    await within(1000, async () => !b.services.feed.isLive());
    // Sentinel instead of a pause: the listener has tried to come back, and failed, twice.
    const failed = b.services.feed.stats().failedAttempts;
    await within(10_000, async () => b.services.feed.stats().failedAttempts >= failed + 2);
    expect(b.services.feed.isLive()).toBe(false);
    await whileDown();
  } finally {
    await owner.query(`ALTER DATABASE "${dbName}" WITH ALLOW_CONNECTIONS true`);
    await owner.end();
  }
  await within(4000, async () => b.services.feed.isLive());
}
