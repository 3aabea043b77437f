/**
 * Coin debits (the call every AI action will make): POST /api/billing/coins/debit through the
 * production server, then the ledger invariants checked in SQL. Targets: ≥ 500 debits/s with
 * p99 < 20 ms; balance = ledger sum, never negative, no update lost.
 */
import autocannon from 'autocannon';
import type { BenchContext, BenchRow } from './types.ts';

const TARGET_RPS = 500;
const TARGET_P99_MS = 20;
/** Concurrent AI actions in flight (connections); the hot-row row below uses twice as many. */
const CONNECTIONS = Number(process.env.BENCH_COINS_CONNECTIONS ?? 5);
/** Companies sharing the load (each connection sticks to one): many companies spend at once. */
const COMPANIES = Number(process.env.BENCH_COINS_COMPANIES ?? 5);
const DURATION_S = Number(process.env.BENCH_COINS_DURATION ?? 10);
const START_BALANCE = 1_000_000;

async function companyFor(ctx: BenchContext, tag: string, balance: number) {
  const email = `bench.coins.${tag}.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const cnpj = Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('');
  // The opening balance goes through the ledger too (the invariant holds from the start).
  const id = await ctx.seedCompany(email, { name: `Bench Moedas ${tag}`, cnpj, welcomeCoins: 0, extraCoins: balance });
  // Wait until the session sees the membership (the viewer cache is evicted by NOTIFY).
  for (let i = 0; i < 50; i++) {
    const me = (await (await fetch(`${ctx.baseUrl}/api/me`, { headers: { cookie } })).json()) as { company?: { id: string } };
    if (me.company?.id === id) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return { id, cookie };
}

async function invariants(ctx: BenchContext, companyId: string) {
  const [row] = await ctx.sql<{ balance: number; sum: number; debits: number; min_after: number; running_ok: boolean }>(
    `SELECT c.currency_amount AS balance,
            (SELECT COALESCE(SUM(amount), 0)::int FROM coin_ledger WHERE company_id = c.id) AS sum,
            (SELECT count(*)::int FROM coin_ledger WHERE company_id = c.id AND kind = 'debit') AS debits,
            (SELECT MIN(balance_after) FROM coin_ledger WHERE company_id = c.id) AS min_after,
            (SELECT bool_and(balance_after = running) FROM (
               SELECT balance_after, SUM(amount) OVER (ORDER BY id) AS running FROM coin_ledger WHERE company_id = c.id) t) AS running_ok
       FROM companies c WHERE c.id = $1`,
    [companyId],
  );
  return row!;
}

const DEBIT_BODY = JSON.stringify({ amount: 1, reason: 'Benchmark: ação de IA' });

/** POST /api/billing/coins/debit; each connection signs in as one of `cookies`, round-robin. */
function debitLoad(ctx: BenchContext, cookies: string[], opts: { duration?: number; amount?: number; connections?: number }) {
  let next = 0;
  // bench/autocannon.d.ts declares only the options the other benches use; `requests` is real.
  const options = {
    url: `${ctx.baseUrl}/api/billing/coins/debit`,
    connections: opts.connections ?? CONNECTIONS,
    ...(opts.amount === undefined ? { duration: opts.duration ?? DURATION_S } : { amount: opts.amount }),
    timeout: 10,
    requests: [
      {
        method: 'POST',
        body: DEBIT_BODY,
        setupRequest: (req: Record<string, any>, context: Record<string, any>) => {
          context.cookie ??= cookies[next++ % cookies.length];
          return { ...req, headers: { ...req.headers, 'content-type': 'application/json', cookie: context.cookie } };
        },
      },
    ],
  };
  return autocannon(options as unknown as Parameters<typeof autocannon>[0]);
}

export default async function coinsBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];

  // 1. Throughput and latency: several companies spending at once, plenty of balance.
  const companies = [];
  for (let i = 0; i < COMPANIES; i++) companies.push(await companyFor(ctx, `main${i}`, START_BALANCE));
  const cookies = companies.map((c) => c.cookie);
  await debitLoad(ctx, cookies, { duration: 2 }); // warm-up: JIT, caches, pool
  const before = await Promise.all(companies.map((c) => invariants(ctx, c.id)));
  const r = await debitLoad(ctx, cookies, {});
  const rps = r.requests.average;
  const p99 = r.latency.p99;
  const ok2xx = r['2xx'];
  rows.push({
    name: `POST /api/billing/coins/debit, ${CONNECTIONS} conn over ${COMPANIES} companies, ${DURATION_S} s`,
    value: `${Math.round(rps)} debits/s, p50 ${r.latency.p50} ms, p99 ${p99} ms (${ok2xx} ok, ${r.non2xx} non-2xx, ${r.errors + r.timeouts} errors)`,
  });
  rows.push({ name: 'debits per second', value: String(Math.round(rps)), target: `≥ ${TARGET_RPS}`, ok: rps >= TARGET_RPS && r.non2xx === 0 && r.errors === 0 });
  rows.push({ name: 'debit p99', value: `${p99} ms`, target: `< ${TARGET_P99_MS} ms`, ok: p99 < TARGET_P99_MS });

  const after = await Promise.all(companies.map((c) => invariants(ctx, c.id)));
  // autocannon stops counting at the deadline: up to one request per connection may have been
  // applied by the server without its answer being counted.
  const uncounted = after.reduce((a, s) => a + s.debits, 0) - before.reduce((a, s) => a + s.debits, 0) - ok2xx;
  const consistent = after.every((s) => s.balance === s.sum && s.balance === START_BALANCE - s.debits && s.balance >= 0 && s.running_ok);
  rows.push({
    name: 'after load, every company: balance = ledger sum = start − debits, ≥ 0',
    value: after.map((s) => `${s.balance}=${s.sum}`).join(', ') + (consistent ? '' : ' (BROKEN)'),
    target: 'all equal, ≥ 0',
    ok: consistent,
  });
  rows.push({ name: 'debit rows − answered 2xx (in flight at the deadline)', value: String(uncounted), target: `0…${CONNECTIONS}`, ok: uncounted >= 0 && uncounted <= CONNECTIONS });

  // 1b. The worst case: every connection on ONE company's row (informative).
  const hot = await debitLoad(ctx, [companies[0]!.cookie], { duration: Math.min(5, DURATION_S), connections: CONNECTIONS * 2 });
  const hotState = await invariants(ctx, companies[0]!.id);
  rows.push({
    name: `one company, ${CONNECTIONS * 2} conn (hot row, informative)`,
    value: `${Math.round(hot.requests.average)} debits/s, p50 ${hot.latency.p50} ms, p99 ${hot.latency.p99} ms; balance ${hotState.balance} = sum ${hotState.sum}`,
    ok: hotState.balance === hotState.sum && hotState.running_ok && hot.non2xx === 0,
  });

  // 2. A small balance under a burst: exactly the balance passes, the rest is refused (409).
  const small = await companyFor(ctx, 'small', 100);
  const burst = await debitLoad(ctx, [small.cookie], { amount: 400, connections: 50 });
  const s = await invariants(ctx, small.id);
  rows.push({
    name: '400 debits of 1 against a balance of 100 (50 conn)',
    value: `${burst['2xx']} accepted, ${burst.non2xx} refused; balance ${s.balance}, ledger sum ${s.sum}, min balance_after ${s.min_after}`,
    target: '100 accepted, balance 0 = sum',
    ok: burst['2xx'] === 100 && burst.non2xx === 300 && s.balance === 0 && s.sum === 0 && s.min_after >= 0 && s.running_ok,
  });
  return rows;
}
