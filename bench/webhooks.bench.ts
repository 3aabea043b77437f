/**
 * Outgoing webhooks (decisions 0650–0653), rows named "api: …".
 *
 * One company with three endpoints on a receiver on 127.0.0.1 (this process), each subscribed to
 * contact.created. EVENTS people are written in SQL at RATE per second (small multi-row inserts
 * every 100 ms, as an import or many members would), so the triggers record EVENTS events and the
 * server fans them out to 3 × EVENTS signed deliveries. Every request is counted by endpoint and
 * webhook-id: an event missing at an endpoint is lost, a second arrival a duplicate. Latency =
 * arrival at the receiver − the event's timestamp (its transaction's time, in the payload).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { percentile, sleep } from './platform/live-client.ts';
import type { BenchContext, BenchRow } from './types.ts';

const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 200);
const ENDPOINTS = 3;
const TICK_MS = 100;
const TARGET_P95_MS = 1_000;
/** How long the deliveries may take to drain after the last event was written. */
const DRAIN_MS = 60_000;

type Arrival = { latency: number };

async function startReceiver(): Promise<{ url: string; byPath: Map<string, Map<string, Arrival[]>>; total: () => number; close: () => Promise<void> }> {
  const byPath = new Map<string, Map<string, Arrival[]>>();
  let total = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      total++;
      const id = String(req.headers['webhook-id']);
      const { timestamp } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timestamp: string };
      const seen = byPath.get(req.url ?? '') ?? new Map<string, Arrival[]>();
      byPath.set(req.url ?? '', seen);
      seen.set(id, [...(seen.get(id) ?? []), { latency: at - Date.parse(timestamp) }]);
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    byPath,
    total: () => total,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export default async function webhooksBench(ctx: BenchContext): Promise<BenchRow[]> {
  const receiver = await startReceiver();
  try {
    const email = `bench.webhooks.${Date.now().toString(36)}@exemplo.com.br`;
    const cookie = await ctx.signUpConfirmed(email);
    const companyId = await ctx.seedCompany(email, { name: 'Bench Webhooks' });
    const paths = Array.from({ length: ENDPOINTS }, (_, i) => `/hook-${i}`);
    for (const path of paths) {
      const res = await fetch(`${ctx.baseUrl}/api/webhooks/endpoints`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `${receiver.url}${path}`, events: ['contact.created'] }),
      });
      if (res.status !== 201) throw new Error(`POST /api/webhooks/endpoints: ${res.status} ${await res.text()}`);
    }

    // The writers: RATE events a second, in TICK_MS steps, each step one INSERT of several people.
    const perTick = Math.max(1, Math.round((RATE * TICK_MS) / 1000));
    const started = performance.now();
    for (let written = 0, tick = 0; written < EVENTS; tick++) {
      const n = Math.min(perTick, EVENTS - written);
      await ctx.sql("INSERT INTO people (company_id, name) SELECT $1, 'Contato ' || ($2::int + g) FROM generate_series(1, $3::int) g", [companyId, written, n]);
      written += n;
      const wait = started + (tick + 1) * TICK_MS - performance.now();
      if (wait > 0) await sleep(wait);
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const expected = EVENTS * ENDPOINTS;
    for (const until = Date.now() + DRAIN_MS; receiver.total() < expected && Date.now() < until; ) await sleep(200);
    await sleep(1_000); // a late duplicate would show here
    const drainSeconds = (performance.now() - started) / 1000;

    const [{ events }] = await ctx.sql<{ events: number }>('SELECT count(*)::int AS events FROM webhook_outbox WHERE company_id = $1', [companyId]);
    let lost = 0;
    let duplicated = 0;
    const latencies: number[] = [];
    for (const path of paths) {
      const seen = receiver.byPath.get(path) ?? new Map<string, Arrival[]>();
      lost += Math.max(0, events - seen.size);
      for (const arrivals of seen.values()) {
        duplicated += arrivals.length - 1;
        latencies.push(arrivals[0]!.latency);
      }
    }
    if (events !== EVENTS) lost += (EVENTS - events) * ENDPOINTS;
    latencies.sort((a, b) => a - b);
    const diag = await ctx.sql(`SELECT
        percentile_cont(ARRAY[0.5,0.95,0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM o.fanned_out_at - o.occurred_at) * 1000) AS fan,
        percentile_cont(ARRAY[0.5,0.95,0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM d.created_at - o.occurred_at) * 1000) AS created,
        percentile_cont(ARRAY[0.5,0.95,0.99]) WITHIN GROUP (ORDER BY extract(epoch FROM a.started_at - d.created_at) * 1000) AS queued,
        percentile_cont(ARRAY[0.5,0.95,0.99]) WITHIN GROUP (ORDER BY a.duration_ms) AS http
      FROM webhook_deliveries d JOIN webhook_outbox o ON o.id = d.event_id JOIN webhook_attempts a ON a.delivery_id = d.id WHERE d.company_id = $1`, [companyId]);
    console.log('DIAG', JSON.stringify(diag));
    const p = (q: number) => (latencies.length ? Math.round(percentile(latencies, q)) : Number.NaN);
    const p95 = p(95);
    return [
      {
        name: `api: ${EVENTS.toLocaleString('en-US')} events fan out to ${ENDPOINTS} endpoints, 0 lost, 0 duplicated, delivery p95 ≤ 1 s`,
        value: `${latencies.length.toLocaleString('en-US')} delivered, ${lost} lost, ${duplicated} duplicated; p50 ${p(50)} ms, p95 ${p95} ms, p99 ${p(99)} ms`,
        target: `0 lost, 0 duplicated, p95 ≤ ${TARGET_P95_MS} ms`,
        ok: lost === 0 && duplicated === 0 && p95 <= TARGET_P95_MS,
      },
      {
        name: 'api: webhook deliveries, throughput',
        value: `${RATE} events/s written for ${writeSeconds.toFixed(1)} s (${Math.round(expected / drainSeconds)} deliveries/s until the last arrived, ${drainSeconds.toFixed(1)} s)`,
      },
    ];
  } finally {
    await receiver.close();
  }
}
