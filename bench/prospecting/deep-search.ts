/**
 * "prospecting: deep search expand p95" (decision 0244): one /deep-search expansion over HTTP —
 * the establishment and its four relation kinds, as a click on a graph node asks — for CNPJs
 * sampled across the imported register; then the cap path: 1,200 establishments are given one
 * shared phone and expanded (50 listed, the rest counted up to 1,000). Target p95 ≤ 100 ms.
 */
import type { BenchContext, BenchRow } from '../types.ts';

const SAMPLES = Number(process.env.BENCH_PROSPECT_SAMPLES ?? 60);

async function p95(ctx: BenchContext, cookie: string, cnpjs: string[]): Promise<{ p95: number; error?: string; relations: number }> {
  const times: number[] = [];
  let relations = 0;
  for (let i = 0; i < SAMPLES + 5; i++) {
    const cnpj = cnpjs[i % cnpjs.length]!;
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/prospecting/deep-search/${cnpj}`, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) return { p95: Number.NaN, error: `${cnpj}: ${res.status} ${body.slice(0, 200)}`, relations };
    if (i >= 5) {
      times.push(performance.now() - t0);
      relations += (JSON.parse(body) as { relations: { items: unknown[] }[] }).relations.reduce((n, g) => n + g.items.length, 0);
    }
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1]!, relations };
}

export async function deepSearchRows(ctx: BenchContext, cookie: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const sample = await ctx.sql<{ cnpj: string }>('SELECT cnpj FROM rf_estabelecimentos TABLESAMPLE SYSTEM (1) LIMIT 200');
  const spread = await p95(ctx, cookie, sample.map((s) => s.cnpj));
  rows.push({
    name: 'deep search expand p95',
    value: spread.error ?? `${spread.p95.toFixed(1)} ms (4 relation kinds per call; ${spread.relations} neighbours over ${SAMPLES} calls)`,
    target: '≤ 100 ms',
    ok: !spread.error && spread.p95 <= 100,
  });

  // The cap path: a phone shared by 1,200 establishments (an accountant's or a call centre's).
  await ctx.sql(
    `UPDATE rf_estabelecimentos SET ddd1 = '11', telefone1 = '99990000'
      WHERE cnpj IN (SELECT cnpj FROM rf_estabelecimentos TABLESAMPLE SYSTEM (5) LIMIT 1200)`,
  );
  await ctx.sql('ANALYZE rf_estabelecimentos');
  const hub = await ctx.sql<{ cnpj: string }>(`SELECT cnpj FROM rf_estabelecimentos WHERE coalesce(ddd1, '') || telefone1 = '1199990000' AND telefone1 IS NOT NULL LIMIT 50`);
  const capped = await p95(ctx, cookie, hub.map((h) => h.cnpj));
  rows.push({
    name: 'deep search expand p95, capped (1,200 share a phone)',
    value: capped.error ?? `${capped.p95.toFixed(1)} ms (50 listed per kind, the rest counted to 1,000)`,
    target: '≤ 100 ms',
    ok: !capped.error && capped.p95 <= 100,
  });
  return rows;
}
