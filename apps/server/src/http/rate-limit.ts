import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type pg from 'pg';
import { normalizeEmail } from '@sede/shared/email';
import { AppError } from './errors.ts';

/**
 * Rate limits kept in PostgreSQL (table `rate_limits`), so they survive a restart and are
 * the same on every instance. One fixed window per key, decided in a single atomic upsert:
 * concurrent requests on any instance cannot all pass a stale read.
 */
export type RateRule = { window: number; max: number };
/** `count`: requests in the window so far (this one included); `resetIn`: seconds until it ends. */
export type RateDecision = { allowed: boolean; retryAfter: number | null; count: number; resetIn: number };

/**
 * The count commits without waiting for its WAL flush (set for this statement's transaction only):
 * a crash can at most forget the last few milliseconds of counts, and every public request no
 * longer waits for a disk flush of its own. The requests counted at the same moment go in one
 * statement (decision 0765): `$1` keys (sorted: concurrent batches lock rows in one order), `$2`
 * how many requests of each, `$3` each key's window; every request is still counted in its row.
 */
const CONSUME_SQL = `
WITH async AS (SELECT set_config('synchronous_commit', 'off', true)),
b AS (SELECT * FROM unnest($1::text[], $2::int[], $3::int[]) AS b(key, n, secs))
INSERT INTO rate_limits AS r (key, count, reset_at)
SELECT b.key, b.n, clock_timestamp() + make_interval(secs => b.secs) FROM b, async
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.count ELSE LEAST(r.count + excluded.count, 2147483647) END,
  reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN excluded.reset_at ELSE r.reset_at END
RETURNING key, count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (reset_at - clock_timestamp()))))::int AS retry_after`;

type Waiting = { window: number; calls: Array<{ max: number; resolve: (d: RateDecision) => void; reject: (e: unknown) => void }> };

/** `$3` calls at once: `granted` of them fit under `max` (the row counts them all, like `consume`). */
const LEASE_SQL = `
INSERT INTO rate_limits AS r (key, count, reset_at)
VALUES ($1, $3, clock_timestamp() + make_interval(secs => $2))
ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN r.reset_at <= clock_timestamp() THEN $3 ELSE LEAST(r.count + $3, 2147483647) END,
  reset_at = CASE WHEN r.reset_at <= clock_timestamp() THEN clock_timestamp() + make_interval(secs => $2) ELSE r.reset_at END
RETURNING count, GREATEST(1, EXTRACT(EPOCH FROM (reset_at - clock_timestamp())) * 1000)::float8 AS reset_in_ms`;

/** A lease of calls: how many may pass, the window's count after it, and the window's end. */
export type RateLease = { granted: number; count: number; resetInMs: number };

export function createRateLimitStore(pool: pg.Pool) {
  let lastSweep = 0;
  const sweep = () => {
    const now = Date.now();
    if (now - lastSweep < 60_000) return;
    lastSweep = now;
    pool.query('DELETE FROM rate_limits WHERE reset_at < clock_timestamp()').catch(() => {});
  };
  let waiting = new Map<string, Waiting>();
  const flush = () => {
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()].sort();
    const values = [keys, keys.map((k) => batch.get(k)!.calls.length), keys.map((k) => batch.get(k)!.window)];
    pool.query<{ key: string; count: number; retry_after: number }>({ name: 'rate-limit-consume', text: CONSUME_SQL, values }).then(
      ({ rows }) => {
        for (const row of rows) {
          const { calls } = batch.get(row.key)!;
          // The row's count holds this batch's calls last: the i-th of n was number count - n + 1 + i.
          calls.forEach((call, i) => {
            const count = row.count - calls.length + 1 + i;
            const allowed = count <= call.max;
            call.resolve({ allowed, retryAfter: allowed ? null : row.retry_after, count, resetIn: row.retry_after });
          });
          batch.delete(row.key);
        }
        for (const { calls } of batch.values()) for (const call of calls) call.reject(new Error('rate limit: no row counted'));
      },
      (e: unknown) => {
        for (const { calls } of batch.values()) for (const call of calls) call.reject(e);
      },
    );
  };
  return {
    /**
     * Counts one request against `key`; refused once the window already holds `max`. The requests
     * of one turn of the event loop are counted in one statement, in their order: the same answers
     * as one statement each.
     */
    consume(key: string, rule: RateRule): Promise<RateDecision> {
      sweep();
      return new Promise<RateDecision>((resolve, reject) => {
        let w = waiting.get(key);
        if (!w) waiting.set(key, (w = { window: rule.window, calls: [] }));
        w.calls.push({ max: rule.max, resolve, reject });
        if (waiting.size === 1 && w.calls.length === 1) setImmediate(flush);
      });
    },
    /** Takes `size` calls of the window at once; those past `max` are refused (decision 0710). */
    async lease(key: string, rule: RateRule, size: number): Promise<RateLease> {
      sweep();
      const { rows } = await pool.query<{ count: number; reset_in_ms: number }>({ name: 'rate-limit-lease', text: LEASE_SQL, values: [key, rule.window, size] });
      const row = rows[0]!;
      const before = row.count - size;
      return { granted: Math.max(0, Math.min(size, rule.max - before)), count: row.count, resetInMs: row.reset_in_ms };
    },
  };
}
export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

/** The wait as a person reads it: seconds under a minute, else whole minutes rounded up. */
export const rateLimitMessage = (seconds: number) => {
  if (seconds < 60) return `Muitas tentativas. Tente novamente em ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Muitas tentativas. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
};

/**
 * A public page's limits per address (decisions 0331, 0392): `limit(c, 'view', rule)` counts one
 * request of this address under `<scope>:<name>` and throws the 429 (with Retry-After) past the
 * rule. The address only keys the counter; it is never stored with anything.
 */
export function addressLimiter(store: RateLimitStore, scope: string) {
  return async (c: Context, name: string, rule: RateRule) => {
    const d = await store.consume(`${scope}:${name}:${getConnInfo(c).remote.address ?? 'unknown'}`, rule);
    if (!d.allowed) {
      const wait = d.retryAfter ?? rule.window;
      c.header('retry-after', String(wait));
      throw new AppError(429, 'RATE_LIMITED', rateLimitMessage(wait), { retryAfter: wait });
    }
  };
}

/** The one 429 answer of the API: a Portuguese message with the wait, and Retry-After. */
export function rateLimitedResponse(seconds: number): Response {
  const message = rateLimitMessage(seconds);
  // `message` too: better-auth's web client shows an error's `message`.
  return new Response(JSON.stringify({ error: message, code: 'RATE_LIMITED', message }), {
    status: 429,
    headers: { 'content-type': 'application/json; charset=UTF-8', 'retry-after': String(seconds) },
  });
}

/**
 * Per-account limits on the auth routes that take an e-mail and a secret or send mail, on top of
 * better-auth's per-address ones: many addresses guessing one account's password, or flooding
 * one inbox with reset links, are stopped too; and one abuser behind a shared address does not
 * lock out every other account.
 */
export const ACCOUNT_RULES: Record<string, RateRule & { name: string }> = {
  '/sign-in/email': { name: 'sign-in', window: 5 * 60, max: 10 },
  '/request-password-reset': { name: 'reset', window: 15 * 60, max: 5 },
  '/forget-password': { name: 'reset', window: 15 * 60, max: 5 },
};

/**
 * Per-address limits of our own on auth routes, on top of better-auth's per minute: sign-up
 * answers 'Email já cadastrado' (the spec's words), so the number of sign-ups one address (an
 * IPv6 one by its /64) may try in an hour is what bounds harvesting which addresses have accounts.
 */
export const ADDRESS_RULES: Record<string, RateRule & { name: string }> = {
  '/sign-up/email': { name: 'sign-up', window: 60 * 60, max: 10 },
};

/** The account rule for an auth path (relative to /api/auth), if any. */
export function accountRule(authPath: string) {
  return ACCOUNT_RULES[authPath.replace(/\/+$/, '')] ?? null;
}

/** The normalised e-mail of a request body (null when it names none). */
export function emailOf(body: unknown): string | null {
  const raw = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  if (typeof raw !== 'string') return null;
  return normalizeEmail(raw).slice(0, 320) || null;
}

/** The per-account key of a request body (null when it names no e-mail). */
export function accountKey(rule: { name: string }, body: unknown): string | null {
  const email = emailOf(body);
  return email ? `account:${rule.name}:${email}` : null;
}
