import type PgBoss from 'pg-boss';
import { withTransaction } from '@sede/db/transaction';
import type { Services } from '../../services.ts';
import { signingSecrets } from './endpoints.ts';
import { disableFailingEndpoints, type Exhausted } from './disable.ts';
import { queueAttempts, type DeliverJob } from './queue.ts';
import { postWebhook, type AttemptResult } from './send.ts';
import { webhookIdOf, signatureHeaders } from './signing.ts';
import { webhookTimings } from './timings.ts';

type Claimed = {
  id: string;
  company_id: string;
  endpoint_id: string;
  event_id: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_secret_until: Date | null;
  body: string;
};

type Outcome = { claimed: Claimed; manual: boolean; startedAt: Date; result: AttemptResult };

/** Extra time a claimed attempt holds its delivery beyond its own time limit, before another may take it over. */
const LOCK_MARGIN_MS = 60_000;

/**
 * Claims the deliveries these jobs name for the attempt each job makes: only a pending delivery
 * whose previous attempt is the one before, or an attempt left 'sending' by a crashed instance
 * once its lock passed. A job repeated or raced by another instance claims nothing: each
 * attempt is made once. Deliveries of an endpoint turned off are canceled instead.
 */
async function claim(s: Services, jobs: DeliverJob[]): Promise<Claimed[]> {
  const pool = s.pool;
  const ids = jobs.map((j) => j.deliveryId);
  await pool.query(
    `UPDATE webhook_deliveries d SET status = 'canceled', next_attempt_at = NULL, updated_at = now()
       FROM webhook_endpoints e
      WHERE d.id = ANY ($1::uuid[]) AND e.id = d.endpoint_id AND NOT e.enabled AND d.status = 'pending'`,
    [ids],
  );
  const lockMs = webhookTimings(s).timeoutMs + LOCK_MARGIN_MS;
  const { rows } = await pool.query<Claimed>(
    `UPDATE webhook_deliveries d
        SET status = 'sending', attempts = j.attempt, locked_until = now() + $3 * interval '1 millisecond', next_attempt_at = NULL, updated_at = now()
       FROM unnest($1::uuid[], $2::int[]) AS j(id, attempt), webhook_endpoints e, webhook_outbox o
      WHERE d.id = j.id AND e.id = d.endpoint_id AND e.enabled AND o.id = d.event_id
        AND ((d.status = 'pending' AND d.attempts = j.attempt - 1) OR (d.status = 'sending' AND d.attempts = j.attempt AND d.locked_until < now()))
      RETURNING d.id, d.company_id, d.endpoint_id, d.event_id, d.attempts, d.created_at, e.url, e.secret_encrypted,
                e.previous_secret_encrypted, e.previous_secret_until, o.body`,
    [ids, jobs.map((j) => j.attempt), lockMs],
  );
  return rows;
}

async function attempt(s: Services, c: Claimed, manual: boolean): Promise<Outcome> {
  const startedAt = new Date();
  const secrets = signingSecrets(s, { secretEncrypted: c.secret_encrypted, previousSecretEncrypted: c.previous_secret_encrypted, previousSecretUntil: c.previous_secret_until }, startedAt.getTime());
  const headers = signatureHeaders(secrets, webhookIdOf(c.event_id), c.body, startedAt);
  const result = await postWebhook(s, c.url, headers, c.body, webhookTimings(s).timeoutMs);
  return { claimed: c, manual, startedAt, result };
}

/**
 * What follows an attempt (decision 0652): delivered on a 2xx; else the next attempt on the
 * schedule, or 'failed' after the last (a manual resend is one attempt); written for the whole
 * batch in one transaction with the log lines, the endpoints' streaks and the next attempts' jobs.
 */
async function record(s: Services, outcomes: Outcome[]): Promise<void> {
  const delays = webhookTimings(s).retryDelaysMs;
  const now = Date.now();
  const next: Array<DeliverJob & { startAfter: Date }> = [];
  const exhausted: Exhausted[] = [];
  const rows = outcomes.map((o) => {
    const { claimed: c, result: r } = o;
    const delay = delays[c.attempts - 1];
    let status = 'delivered';
    let nextAt: Date | null = null;
    if (!r.ok && (o.manual || delay === undefined)) {
      status = 'failed';
      if (!o.manual) exhausted.push({ endpointId: c.endpoint_id, companyId: c.company_id, deliveryCreatedAt: c.created_at });
    } else if (!r.ok) {
      status = 'pending';
      nextAt = new Date(now + delay!);
      next.push({ deliveryId: c.id, attempt: c.attempts + 1, startAfter: nextAt });
    }
    return { o, status, nextAt };
  });
  const pool = s.pool;
  await withTransaction(pool, async (tx) => {
    const col = <T>(f: (x: (typeof rows)[number]) => T) => rows.map(f);
    await tx.client.query(
      `INSERT INTO webhook_attempts (company_id, delivery_id, attempt, manual, started_at, duration_ms, status_code, error, response_body)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::boolean[], $5::timestamptz[], $6::int[], $7::int[], $8::text[], $9::text[])`,
      [
        col((x) => x.o.claimed.company_id),
        col((x) => x.o.claimed.id),
        col((x) => x.o.claimed.attempts),
        col((x) => x.o.manual),
        col((x) => x.o.startedAt),
        col((x) => x.o.result.durationMs),
        col((x) => x.o.result.statusCode),
        col((x) => x.o.result.error),
        col((x) => x.o.result.responseBody),
      ],
    );
    await tx.client.query(
      `UPDATE webhook_deliveries d
          SET status = u.status, next_attempt_at = u.next_at, locked_until = NULL, last_status_code = u.code, last_error = u.error,
              last_duration_ms = u.duration, delivered_at = CASE WHEN u.status = 'delivered' THEN now() ELSE d.delivered_at END, updated_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::int[], $5::text[], $6::int[]) AS u(id, status, next_at, code, error, duration)
        WHERE d.id = u.id AND d.status = 'sending'`,
      [col((x) => x.o.claimed.id), col((x) => x.status), col((x) => x.nextAt), col((x) => x.o.result.statusCode), col((x) => x.o.result.error), col((x) => x.o.result.durationMs)],
    );
    // The endpoints' streaks: a success ends it, a failure starts it if none is running.
    await tx.client.query(
      `UPDATE webhook_endpoints e
          SET last_success_at = CASE WHEN u.ok THEN greatest(e.last_success_at, u.at) ELSE e.last_success_at END,
              failing_since = CASE WHEN u.ok THEN NULL ELSE coalesce(e.failing_since, u.at) END
         FROM (SELECT id, bool_or(ok) AS ok, min(at) AS at FROM unnest($1::uuid[], $2::boolean[], $3::timestamptz[]) AS x(id, ok, at) GROUP BY id) u
        WHERE e.id = u.id`,
      [col((x) => x.o.claimed.endpoint_id), col((x) => x.o.result.ok), col((x) => x.o.startedAt)],
    );
    await queueAttempts(s, tx.client, next);
    if (exhausted.length) await disableFailingEndpoints(s, tx, exhausted);
  });
}

/** The worker of DELIVER_QUEUE: a batch of attempts claimed together, sent side by side, recorded together. */
export async function deliverBatch(s: Services, jobs: PgBoss.Job<DeliverJob>[]): Promise<void> {
  const data = jobs.map((j) => j.data);
  const claimed = await claim(s, data);
  if (!claimed.length) return;
  const manual = new Set(data.filter((d) => d.manual).map((d) => `${d.deliveryId}:${d.attempt}`));
  const outcomes = await Promise.all(claimed.map((c) => attempt(s, c, manual.has(`${c.id}:${c.attempts}`))));
  await record(s, outcomes);
}
