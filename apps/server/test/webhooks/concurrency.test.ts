import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fanOut } from '../../src/modules/webhooks/outbox.ts';
import { queueAttempts, wakeDeliveryWorkers } from '../../src/modules/webhooks/queue.ts';
import { withTransaction } from '@sede/db/transaction';
import { eventually } from '../support/eventually.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';
import { createEndpoint } from './support.ts';

/**
 * Each event reaches each endpoint once (decision 0652) with two instances on one database, both
 * fanning out and delivering, events written by many transactions at once, fan-outs forced side
 * by side and the attempt jobs repeated.
 */
let a: TestServer;
let b: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ DATABASE_URL: a.databaseUrl });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await b?.stop();
  await a?.stop();
});

describe('delivered once per event under concurrency', () => {
  it('200 events from 40 concurrent writers on two instances: 200 deliveries, each request once', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(a, 'Empresa Concorrida');
    const hook = await createEndpoint(a, admin, { url: receiver.url, events: ['contact.created'] });
    const second = await createEndpoint(a, admin, { url: receiver.url.replace('/hooks', '/segundo'), events: ['contact.created'] });
    const writers = Array.from({ length: 40 }, (_, i) => {
      const pool = (i % 2 ? b : a).services.pool;
      return withTransaction(pool, ({ client }) => client.query("INSERT INTO people (company_id, name) SELECT $1, 'Pessoa ' || $2 || '.' || g FROM generate_series(1, 5) g", [companyId, i]));
    });
    // Fan-outs forced on both instances while the writers commit (besides the ones their notifications start).
    const forced = Array.from({ length: 6 }, (_, i) => fanOut((i % 2 ? b : a).services));
    await Promise.all([...writers, ...forced]);
    await eventually(async () => receiver.received.length, (n) => n >= 400, { timeoutMs: 60_000 });
    // The receiver has answered before the sender records the outcome: wait for the records too.
    const settled = "SELECT count(*)::int AS n FROM webhook_deliveries WHERE company_id = $1 AND status <> 'sending' AND status <> 'pending'";
    await eventually(async () => (await sql(a, settled, [companyId]))[0]!.n, (n) => n === 400, { timeoutMs: 30_000 });

    const rows = await sql(a, "SELECT endpoint_id, status, attempts FROM webhook_deliveries WHERE company_id = $1", [companyId]);
    expect(rows).toHaveLength(400);
    expect(rows.every((r) => r.status === 'delivered' && r.attempts === 1)).toBe(true);
    for (const endpoint of [hook, second]) {
      const path = endpoint === hook ? '/hooks' : '/segundo';
      const ids = receiver.received.filter((r) => r.path === path).map((r) => receiver.verify(r, endpoint.secret) && r.headers['webhook-id']);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
    }

    // The same attempts queued again (a repeated job, a requeue racing the worker): nothing is sent twice.
    const deliveries = await sql(a, 'SELECT id FROM webhook_deliveries WHERE company_id = $1 LIMIT 50', [companyId]);
    await withTransaction(a.services.pool, ({ client }) => queueAttempts(a.services, client, deliveries.map((d) => ({ deliveryId: d.id, attempt: 1 }))));
    await withTransaction(b.services.pool, ({ client }) => queueAttempts(b.services, client, deliveries.map((d) => ({ deliveryId: d.id, attempt: 1 }))));
    wakeDeliveryWorkers(a.services);
    wakeDeliveryWorkers(b.services);
    await eventually(async () => (await sql(a, "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'webhooks-deliver' AND state IN ('created', 'active', 'retry')"))[0]!.n, (n) => n === 0);
    expect(receiver.received).toHaveLength(400);
    const [attempts] = await sql(a, 'SELECT count(*)::int AS n FROM webhook_attempts WHERE company_id = $1', [companyId]);
    expect(attempts!.n).toBe(400);
  });
});
