import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { schema } from '@sede/db/client';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { publicErrorOf } from './errors.ts';

const I = schema.apiIdempotency;
const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;
const WAIT_MS = 30_000;
const KEEP = sql`interval '24 hours'`;
const SWEEP_EVERY_MS = 10 * 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hashOf = (method: string, url: URL, body: string) => createHash('sha256').update(`${method} ${url.pathname}${url.search}\n${body}`).digest('hex');

type Stored = { requestHash: string; status: number | null; body: unknown; abandoned: boolean };

/** Claims the key for this request; false when another request holds (or held) it. */
async function claim(t: Tenant, keyId: string, idempotencyKey: string, requestHash: string): Promise<boolean> {
  const rows = await t.db
    .insert(I)
    .values({ companyId: t.companyId, keyId, idempotencyKey, requestHash })
    .onConflictDoNothing({ target: [I.keyId, I.idempotencyKey] })
    .returning({ keyId: I.keyId });
  return rows.length === 1;
}

const row = (t: Tenant, keyId: string, idempotencyKey: string) => and(eq(I.companyId, t.companyId), eq(I.keyId, keyId), eq(I.idempotencyKey, idempotencyKey));

async function stored(t: Tenant, keyId: string, idempotencyKey: string): Promise<Stored | null> {
  const [found] = await t.db
    .select({ requestHash: I.requestHash, status: I.status, body: I.body, abandoned: sql<boolean>`${I.status} IS NULL AND ${I.createdAt} < now() - interval '2 minutes'` })
    .from(I)
    .where(and(row(t, keyId, idempotencyKey), sql`${I.createdAt} > now() - ${KEEP}`));
  return found ?? null;
}

/**
 * `Idempotency-Key` on a POST of the public API (decision 0642). The first request with a key
 * claims it (a unique row in PostgreSQL, so one of many concurrent requests on any instance wins)
 * and its answer is stored; the same key with the same body answers that first answer
 * (`Idempotent-Replayed: true`), waiting while it runs; with another body, 409. A 5xx is not kept:
 * the request may be retried. Keys last 24 hours.
 */
export function idempotency(s: Services) {
  const lastSweep = serverState(s, 'api-v1.idempotencySweeps', () => new Map<string, number>());
  return createMiddleware<ApiKeyEnv>(async (c, next) => {
    const idempotencyKey = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || idempotencyKey === undefined) return next();
    if (!KEY_SHAPE.test(idempotencyKey)) throw badRequest('Idempotency-Key inválida: use até 255 caracteres visíveis (um UUID, por exemplo).', 'IDEMPOTENCY_KEY_INVALID');
    const t = c.get('tenant');
    const keyId = c.get('apiKey').id;
    // An upload streams to storage and is never read whole here: its key alone names it (decision 0647).
    const streamed = /^multipart\/form-data/i.test(c.req.header('content-type') ?? '');
    const requestHash = hashOf(c.req.method, new URL(c.req.url), streamed ? '' : await c.req.text());
    await sweep(t, lastSweep);
    const deadline = Date.now() + WAIT_MS;
    for (let pause = 20; ; pause = Math.min(pause * 2, 250)) {
      if (await claim(t, keyId, idempotencyKey, requestHash)) break;
      const first = await stored(t, keyId, idempotencyKey);
      if (first === null || first.abandoned) {
        // The key is free again: the first request failed, its row outlived its 24 hours, or the
        // instance running it stopped before answering (nothing runs for two minutes).
        await t.db.delete(I).where(and(row(t, keyId, idempotencyKey), sql`(${I.createdAt} <= now() - ${KEEP} OR (${I.status} IS NULL AND ${I.createdAt} < now() - interval '2 minutes'))`));
        continue;
      }
      if (first.requestHash !== requestHash) throw conflict('Esta Idempotency-Key já foi usada com outra requisição. Use uma chave nova para cada operação.', 'IDEMPOTENCY_KEY_REUSED');
      if (first.status !== null) {
        c.header('Idempotent-Replayed', 'true');
        return c.json(first.body as object, first.status as 200);
      }
      if (Date.now() > deadline) throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'Uma requisição com esta Idempotency-Key ainda está em andamento. Tente novamente em instantes.');
      await sleep(pause);
    }
    await next();
    const res = c.res;
    if (res.status >= 500 || !res.headers.get('content-type')?.includes('application/json')) {
      await t.db.delete(I).where(row(t, keyId, idempotencyKey));
      return;
    }
    // A refusal is kept as the public API answers it (its fields too).
    const body = (await publicErrorOf(c)) ?? (await res.clone().json());
    await t.db
      .update(I)
      .set({ status: res.status, body })
      .where(row(t, keyId, idempotencyKey));
  });
}

/** The company's keys older than 24 hours, dropped at most every ten minutes per company and instance. */
async function sweep(t: Tenant, last: Map<string, number>) {
  const now = Date.now();
  if (now - (last.get(t.companyId) ?? 0) < SWEEP_EVERY_MS) return;
  last.set(t.companyId, now);
  await t.db.delete(I).where(and(eq(I.companyId, t.companyId), lt(I.createdAt, sql`now() - ${KEEP}`)));
}
