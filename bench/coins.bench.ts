/**
 * Coin debits as every paid action makes them: `runPaidAction` (reserve through the ledger, run,
 * commit) in-process against the server's database — there is no client-callable debit any more
 * (docs/decisions/0122). Then the ledger invariants checked in SQL. Targets: ≥ 500 paid actions/s
 * with p99 < 20 ms; balance = ledger sum, never negative, no update lost.
 */
import { AppError } from '../apps/server/src/http/errors.ts';
import { runPaidAction } from '../apps/server/src/platform/paid-actions/index.ts';
import { companyWithCoins, ledgerInvariants, paidActionHarness } from './lib/paid-actions.ts';
import type { Tenant } from '../apps/server/src/services.ts';
import type { BenchContext, BenchRow } from './types.ts';

type Harness = Awaited<ReturnType<typeof paidActionHarness>>;

const TARGET_RPS = 500;
const TARGET_P99_MS = 20;
/** Concurrent paid actions in flight; the hot-row row below uses twice as many. */
const CONNECTIONS = Number(process.env.BENCH_COINS_CONNECTIONS ?? 5);
/** Companies sharing the load (each worker sticks to one): many companies spend at once. */
const COMPANIES = Number(process.env.BENCH_COINS_COMPANIES ?? 5);
const DURATION_S = Number(process.env.BENCH_COINS_DURATION ?? 10);
const START_BALANCE = 1_000_000;

type Load = { ok: number; refused: number; errors: number; latencies: number[]; seconds: number };
let seq = 0;

/** `workers` loops of no-op paid actions (1 coin) until the deadline or `amount` calls in all. */
async function load(
  h: Harness,
  tenants: Tenant[],
  opts: { workers: number; seconds?: number; amount?: number },
): Promise<Load> {
  const out: Load = { ok: 0, refused: 0, errors: 0, latencies: [], seconds: 0 };
  const start = performance.now();
  const deadline = start + (opts.seconds ?? DURATION_S) * 1000;
  let budget = opts.amount ?? Number.POSITIVE_INFINITY;
  await Promise.all(
    Array.from({ length: opts.workers }, async (_, w) => {
      const tenant = tenants[w % tenants.length]!;
      while (budget-- > 0 && (opts.amount !== undefined || performance.now() < deadline)) {
        const t0 = performance.now();
        try {
          await runPaidAction(h.services, tenant, { action: 'ai.deal_summary', reference: `coins-bench:${seq++}` }, async () => null);
          out.ok++;
        } catch (e) {
          if (e instanceof AppError && e.code === 'INSUFFICIENT_COINS') out.refused++;
          else out.errors++;
        }
        out.latencies.push(performance.now() - t0);
      }
    }),
  );
  out.seconds = (performance.now() - start) / 1000;
  out.latencies.sort((a, b) => a - b);
  return out;
}
const pct = (l: Load, p: number) => l.latencies[Math.min(l.latencies.length - 1, Math.floor((p / 100) * l.latencies.length))] ?? 0;
const fmt = (v: number) => v.toFixed(v < 10 ? 1 : 0);

export default async function coinsBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const h = await paidActionHarness(ctx, CONNECTIONS * 2 + 2);
  try {
    // 1. Throughput and latency: several companies spending at once, plenty of balance.
    const companies = [];
    for (let i = 0; i < COMPANIES; i++) companies.push(await companyWithCoins(ctx, `coins${i}`, START_BALANCE));
    const tenants = companies.map((c) => h.tenant(c.companyId, c.userId));
    await load(h, tenants, { workers: CONNECTIONS, seconds: 2 }); // warm-up: JIT, pool
    const before = await Promise.all(companies.map((c) => ledgerInvariants(ctx, c.companyId)));
    const r = await load(h, tenants, { workers: CONNECTIONS });
    const rps = r.ok / r.seconds;
    const p99 = pct(r, 99);
    rows.push({
      name: `runPaidAction (1 coin, no-op work), ${CONNECTIONS} in flight over ${COMPANIES} companies, ${DURATION_S} s`,
      value: `${Math.round(rps)} paid actions/s, p50 ${fmt(pct(r, 50))} ms, p99 ${fmt(p99)} ms (${r.ok} ok, ${r.refused} refused, ${r.errors} errors)`,
    });
    rows.push({ name: 'debits/s (paid actions)', value: String(Math.round(rps)), target: `≥ ${TARGET_RPS}`, ok: rps >= TARGET_RPS && r.errors === 0 && r.refused === 0 });
    rows.push({ name: 'paid action p99', value: `${fmt(p99)} ms`, target: `< ${TARGET_P99_MS} ms`, ok: p99 < TARGET_P99_MS });

    const after = await Promise.all(companies.map((c) => ledgerInvariants(ctx, c.companyId)));
    const debited = after.reduce((a, s) => a + s.debits, 0) - before.reduce((a, s) => a + s.debits, 0);
    const consistent = after.every((s) => s.balance === s.sum && s.balance === START_BALANCE - s.debits && s.balance >= 0 && s.running_ok);
    rows.push({
      name: 'after load, every company: balance = ledger sum = start − debits, ≥ 0',
      value: after.map((s) => `${s.balance}=${s.sum}`).join(', ') + (consistent ? '' : ' (BROKEN)'),
      target: 'all equal, ≥ 0',
      ok: consistent,
    });
    rows.push({ name: 'debit rows = successful paid actions', value: `${debited} = ${r.ok}`, target: 'equal', ok: debited === r.ok });

    // 1b. The worst case: every worker on ONE company's row (informative).
    const hot = await load(h, [tenants[0]!], { workers: CONNECTIONS * 2, seconds: Math.min(5, DURATION_S) });
    const hotState = await ledgerInvariants(ctx, companies[0]!.companyId);
    rows.push({
      name: `one company, ${CONNECTIONS * 2} in flight (hot row, informative)`,
      value: `${Math.round(hot.ok / hot.seconds)} paid actions/s, p50 ${fmt(pct(hot, 50))} ms, p99 ${fmt(pct(hot, 99))} ms; balance ${hotState.balance} = sum ${hotState.sum}`,
      ok: hotState.balance === hotState.sum && hotState.running_ok && hot.errors === 0,
    });

    // 2. A small balance under a burst: exactly the balance passes, the rest is refused (409).
    const small = await companyWithCoins(ctx, 'coins-small', 100);
    const burst = await load(h, [h.tenant(small.companyId, small.userId)], { workers: 20, amount: 400 });
    const s = await ledgerInvariants(ctx, small.companyId);
    rows.push({
      name: '400 paid actions of 1 against a balance of 100 (20 in flight)',
      value: `${burst.ok} accepted, ${burst.refused} refused; balance ${s.balance}, ledger sum ${s.sum}, min balance_after ${s.min_after}`,
      target: '100 accepted, balance 0 = sum',
      ok: burst.ok === 100 && burst.refused === 300 && burst.errors === 0 && s.balance === 0 && s.sum === 0 && s.min_after >= 0 && s.running_ok,
    });
  } finally {
    await h.close();
  }
  return rows;
}
