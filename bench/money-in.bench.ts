/**
 * Money in (decisions 0530–0584), rows "money-in: …":
 * - the public payment page (GET /api/public/payments/:token) under 50 concurrent connections for
 *   BENCH_DURATION seconds (default 10): p95 ≤ 50 ms. Each connection is a customer of its own
 *   (source address 127.0.0.2…51: the per-address limit keeps one counter each, as for real
 *   payers); the limit still counts every request (its upsert is part of the cost), each address
 *   given an allowance so the load is not refused.
 * - 1,000 webhook notifications in 10 s (the issue's load: one every 10 ms, open loop), every
 *   tenth delivered twice at once (1,100 calls, a PSP's retry racing its first delivery): exactly
 *   1,000 receivables settled, 0 duplicate payments, p99 per call ≤ 50 ms, timed from when each
 *   was due (after 300 uncounted notifications of other charges at the same pace warm the server).
 *   Each is the bank's API Pix webhook (`POST /api/public/pix-api/webhook/:secret/pix`, BCB's
 *   `{ pix: [...] }`) sent over HTTP to the bench's production server: the whole path a PSP's
 *   notification takes (decision 0741).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Agent, fetch as undiciFetch } from 'undici';
import type { BenchContext, BenchRow } from './types.ts';

const NOTIFICATIONS = 1_000;
const CONNECTIONS = 50;
const PAGE_TARGET_MS = 50;
const SETTLE_TARGET_MS = 50;
/** The issue's window for the 1,000 notifications. */
const SETTLE_WINDOW_MS = 10_000;
/** Notifications of other charges first, at the same pace, not counted (3 s: the first second of a cold burst runs slower). */
const WARMUP = 300;
/** Every tenth notification is delivered twice at once: a PSP's retry racing its first delivery. */
const RETRY_EVERY = 10;
const sleep = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export default async function moneyInBench(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `bench.money-in.${Date.now().toString(36)}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Bench Recebimentos' });
  const call = async <T>(p: string, method = 'GET', body?: unknown): Promise<T> => {
    const res = await fetch(`${ctx.baseUrl}${p}`, { method, headers: { cookie, origin: ctx.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  const account = await call<{ id: string }>('/api/finance/accounts', 'POST', { name: 'Banco Bench', kind: 'checking', openingBalanceCents: 0, openingDate: '2026-01-01' });
  await call('/api/finance/pix/keys', 'POST', { accountId: account.id, type: 'email', key: 'financeiro@bench.com.br', isDefault: true });
  const [page] = await ctx.sql<{ id: string }>(
    `INSERT INTO fin_entries (company_id, kind, description, amount_cents, due_date, competence_date) VALUES ($1, 'receivable', 'Página de pagamento', 12345, '2026-12-31', '2026-12-31') RETURNING id`,
    [companyId],
  );
  const { url } = await call<{ url: string }>(`/api/finance/pix/entries/${page!.id}/link`, 'POST', {});
  const pageUrl = `${ctx.baseUrl}/api/public/payments/${url.split('/pagar/')[1]}`;
  const rows: BenchRow[] = [];
  rows.push(...(await pageUnderLoad(ctx, pageUrl)));
  rows.push(...(await settlements(ctx, companyId, account.id)));
  return rows;
}

async function pageUnderLoad(ctx: BenchContext, pageUrl: string): Promise<BenchRow[]> {
  const customers = Array.from({ length: CONNECTIONS }, (_, i) => `127.0.0.${i + 2}`);
  await ctx.sql(
    `INSERT INTO rate_limits (key, count, reset_at) SELECT 'payment-page:viewPerIp:' || a, -100000000, now() + interval '1 hour' FROM unnest($1::text[]) AS a
     ON CONFLICT (key) DO UPDATE SET count = -100000000, reset_at = now() + interval '1 hour'`,
    [customers.flatMap((a) => [a, `::ffff:${a}`])],
  );
  const agents = customers.map((localAddress) => new Agent({ localAddress, connections: 1 }));
  for (const agent of agents) await (await undiciFetch(pageUrl, { dispatcher: agent })).text();
  const seconds = Number(process.env.BENCH_DURATION ?? 10);
  const until = performance.now() + seconds * 1000;
  const times: number[] = [];
  let failures = 0;
  await Promise.all(
    agents.map(async (agent) => {
      while (performance.now() < until) {
        const t = performance.now();
        const res = await undiciFetch(pageUrl, { dispatcher: agent });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (res.status !== 200) failures++;
      }
    }),
  );
  await Promise.all(agents.map((a) => a.close()));
  const p95 = percentile(times, 95);
  return [
    { name: 'payment page p95', value: `${p95.toFixed(1)} ms (${times.length} requests, ${CONNECTIONS} connections${failures ? `, ${failures} not 200` : ''})`, target: `≤ ${PAGE_TARGET_MS} ms, all 200`, ok: p95 <= PAGE_TARGET_MS && failures === 0 },
  ];
}

async function settlements(ctx: BenchContext, companyId: string, accountId: string): Promise<BenchRow[]> {
  // The account's API Pix settings as the bank's webhook finds them: only the secret's hash counts
  // here (the PSP's address, client and certificate serve the calls Sede makes, none in this row).
  const secret = randomBytes(32).toString('base64url');
  await ctx.sql(
    `INSERT INTO fin_pix_api_settings (company_id, account_id, base_url, client_id, client_secret_encrypted, pix_key, webhook_secret_hash, webhook_secret_encrypted)
     VALUES ($1, $2, 'https://127.0.0.1:1/api/v2', 'bench', 'não usado', 'financeiro@bench.com.br', $3, 'não usado')`,
    [companyId, accountId, createHash('sha256').update(secret).digest('hex')],
  );
  const entries = await ctx.sql<{ id: string }>(
    `INSERT INTO fin_entries (company_id, kind, description, amount_cents, due_date, competence_date)
     SELECT $1, 'receivable', 'Cobrança ' || i, 1000 + i, '2026-12-31', '2026-12-31' FROM generate_series(1, $2::int) AS i RETURNING id`,
    [companyId, WARMUP + NOTIFICATIONS],
  );
  const all = await ctx.sql<{ id: string; entry_id: string; txid: string; amount_cents: string }>(
    `INSERT INTO fin_charges (company_id, entry_id, method, provider, account_id, pix_key, amount_cents, txid)
     SELECT $1, e.id, 'pix_cob', 'pix_api', $2, 'financeiro@bench.com.br', e.amount_cents, substr(md5(e.id::text), 1, 30)
       FROM fin_entries e WHERE e.id = any($3::uuid[]) RETURNING id, entry_id, txid, amount_cents`,
    [companyId, accountId, entries.map((e) => e.id)],
  );
  const webhookUrl = `${ctx.baseUrl}/api/public/pix-api/webhook/${secret}/pix`;
  // The bank's webhook client: a pool of kept-alive connections, as a PSP delivering a burst.
  const psp = new Agent({ connections: 64, pipelining: 1 });
  const notify = async (c: (typeof all)[number]) => {
    const valor = (Number(c.amount_cents) / 100).toFixed(2);
    const body = JSON.stringify({ pix: [{ endToEndId: `E${c.txid}`, txid: c.txid, valor, horario: new Date().toISOString(), pagador: { nome: 'Pagador Bench' } }] });
    const res = await undiciFetch(webhookUrl, { method: 'POST', dispatcher: psp, headers: { 'content-type': 'application/json' }, body });
    const answer = (await res.json()) as { settled?: number };
    if (res.status !== 200) throw new Error(`webhook ${res.status}: ${JSON.stringify(answer)}`);
    return answer.settled === 1 ? ('settled' as const) : ('duplicate' as const);
  };
  // The issue's load: 1,000 notifications in 10 s, i.e. one every 10 ms whatever the server's pace
  // (open loop), every tenth delivered twice at once. A call's time counts from when it was due to be
  // sent, so a server falling behind pays its queue in the p99 (no coordinated omission).
  const sendAtPace = async (list: typeof all, heard: (ms: number, outcome: 'settled' | 'duplicate') => void) => {
    const started = performance.now();
    await Promise.all(
      list.map(async (c, i) => {
        const due = started + (i * SETTLE_WINDOW_MS) / NOTIFICATIONS;
        await sleep(due - performance.now());
        await Promise.all(
          (i % RETRY_EVERY === 0 ? [0, 1] : [0]).map(async () => {
            const outcome = await notify(c);
            heard(performance.now() - due, outcome);
          }),
        );
      }),
    );
  };
  try {
    // The server warmed first by WARMUP notifications of other charges at the same pace, not
    // counted: a server receiving a PSP's webhooks has its connections open and its code compiled.
    await sendAtPace(all.slice(0, WARMUP), () => {});
    const charges = all.slice(WARMUP);
    const times: number[] = [];
    const outcomes = { settled: 0, duplicate: 0 };
    const started = performance.now();
    await sendAtPace(charges, (ms, outcome) => {
      times.push(ms);
      outcomes[outcome]++;
    });
    const elapsed = (performance.now() - started) / 1000;
    const [check] = await ctx.sql<{ paid: number; payments: number; doubled: number }>(
      `SELECT (SELECT count(*)::int FROM fin_entries WHERE id = any($1::uuid[]) AND status = 'paid') AS paid,
              (SELECT count(*)::int FROM fin_payments WHERE entry_id = any($1::uuid[])) AS payments,
              (SELECT count(*)::int FROM (SELECT entry_id FROM fin_payments WHERE entry_id = any($1::uuid[]) GROUP BY entry_id HAVING count(*) > 1) d) AS doubled`,
      [charges.map((c) => c.entry_id)],
    );
    const p99 = percentile(times, 99);
    const retries = Math.ceil(NOTIFICATIONS / RETRY_EVERY);
    const exact = check!.paid === NOTIFICATIONS && check!.payments === NOTIFICATIONS && check!.doubled === 0 && outcomes.settled === NOTIFICATIONS && outcomes.duplicate === retries;
    return [
      {
        name: '1,000 webhook notifications in 10 s over HTTP, 1 in 10 twice at once',
        value: `${check!.paid} settled, ${check!.doubled} duplicates, ${outcomes.duplicate} of ${retries} repeats refused, p99 ${p99.toFixed(1)} ms (p50 ${percentile(times, 50).toFixed(1)}), ${elapsed.toFixed(1)} s`,
        target: `exactly 1,000, 0 duplicates, p99 ≤ ${SETTLE_TARGET_MS} ms`,
        ok: exact && p99 <= SETTLE_TARGET_MS,
      },
    ];
  } finally {
    await psp.close();
  }
}
