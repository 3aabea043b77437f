/**
 * platform: 200 concurrent paid actions on one company (a benchmark row; decision 0122). Each action
 * is started twice at once with the same reference (a double click), and one in five fails and
 * must be refunded. Target: each reference charged exactly once, failures refunded, and the
 * ledger sums to the balance.
 */
import { AppError } from '../../apps/server/src/http/errors.ts';
import { runPaidAction } from '../../apps/server/src/platform/paid-actions/index.ts';
import { companyWithCoins, ledgerInvariants, paidActionHarness } from '../lib/paid-actions.ts';
import type { BenchContext, BenchRow } from '../types.ts';

const N = 200;
const START = 10_000;

export default async function platformPaidBench(ctx: BenchContext): Promise<BenchRow[]> {
  const h = await paidActionHarness(ctx, 20);
  try {
    const { companyId, userId } = await companyWithCoins(ctx, 'paid', START);
    const tenant = h.tenant(companyId, userId);
    const fails = (i: number) => i % 5 === 0;
    let firstError = '';
    const started = performance.now();
    const calls = Array.from({ length: N }, (_, i) => [i, i]).flat().map((i) =>
      runPaidAction(h.services, tenant, { action: 'ai.deal_summary', reference: `bench:${i}` }, async () => {
        if (fails(i)) throw new AppError(409, 'AI_UNAVAILABLE', 'falha simulada');
        return i;
      }).then(
        () => 'ok' as const,
        (e: unknown) => {
          if (e instanceof AppError) return e.code === 'PAID_ACTION_DUPLICATE' ? ('duplicate' as const) : ('failed' as const);
          firstError ||= (e as Error).message;
          return 'error' as const;
        },
      ),
    );
    const outcomes = await Promise.all(calls);
    const ms = performance.now() - started;
    const count = (o: string) => outcomes.filter((x) => x === o).length;
    const expectedFailed = Array.from({ length: N }, (_, i) => i).filter(fails).length;
    const s = await ledgerInvariants(ctx, companyId);
    const [perRef] = await ctx.sql<{ max: number; refs: number }>(
      "SELECT COALESCE(MAX(n), 0)::int AS max, count(*)::int AS refs FROM (SELECT reference, count(*) AS n FROM coin_ledger WHERE company_id = $1 AND kind = 'debit' GROUP BY reference) t",
      [companyId],
    );
    const charged = N - expectedFailed;
    const ok =
      count('ok') === charged &&
      count('failed') === expectedFailed &&
      count('duplicate') === N &&
      count('error') === 0 &&
      s.debits === N &&
      perRef!.max === 1 &&
      s.refunds === expectedFailed &&
      s.balance === START - charged &&
      s.balance === s.sum &&
      s.running_ok &&
      s.min_after >= 0;
    return [
      {
        name: `${N} concurrent paid actions on one company (each sent twice, 1 in 5 failing)`,
        value: `${(ms / 1000).toFixed(2)} s (${Math.round((2 * N) / (ms / 1000))} calls/s); ${count('ok')} charged, ${count('failed')} refunded, ${count('duplicate')} duplicates refused; debits ${s.debits} (max ${perRef!.max} per reference), refunds ${s.refunds}; balance ${s.balance} = ledger sum ${s.sum}${firstError ? `; ${count('error')} errors, first: ${firstError}` : ''}`,
        target: 'charged exactly once each, ledger = balance',
        ok,
      },
    ];
  } finally {
    await h.close();
  }
}
