/**
 * Prospecting's targets, rows "prospecting: …": the Receita Federal importer on a
 * generated dataset in the official format, then the searches and the one-CNPJ record over HTTP
 * against the production server. Import ≥ 100,000 rows/s (all files: establishments, companies,
 * partners, Simples and the lookups, index builds and the swap included); search p95 ≤ 100 ms
 * for UF + CNAE, município + CNAE and CNAE prefix + porte + situação, the count included; one
 * CNPJ's record p95 ≤ 10 ms; one /deep-search expansion p95 ≤ 100 ms (decision 0244).
 *
 * Size: BENCH_PROSPECT_ESTABLISHMENTS (default 500,000, generated here in about 30 s). The issue
 * asks for ≥ 2 million: generate once, then point the bench at the folder (the plug-in's 180 s
 * bound leaves no room to generate 2 M as well):
 *   npm run receita:generate -- /tmp/receita-2m --establishments 2000000
 *   BENCH_PROSPECT_FOLDER=/tmp/receita-2m BENCH_PLUGINS=prospecting npm run bench
 * At 60 million see docs/decisions/0201-receita-importer.md.
 */
import path from 'node:path';
import { generateReceita, GEN_CNAES, GEN_MUNICIPIOS } from '../apps/server/src/modules/prospecting/importer/generate.ts';
import { importReceita } from '../apps/server/src/modules/prospecting/importer/import.ts';
import { deepSearchRows } from './prospecting/deep-search.ts';
import { leadsRows } from './prospecting/leads.ts';
import type { BenchContext, BenchRow } from './types.ts';

const ESTABLISHMENTS = Number(process.env.BENCH_PROSPECT_ESTABLISHMENTS ?? 500_000);
const SAMPLES = Number(process.env.BENCH_PROSPECT_SAMPLES ?? 60);
const nf = new Intl.NumberFormat('en-US');

async function p95(ctx: BenchContext, cookie: string, paths: string[]): Promise<{ p95: number; error?: string; estimated: number }> {
  const times: number[] = [];
  let estimated = 0;
  for (let i = 0; i < SAMPLES + 5; i++) {
    const p = paths[i % paths.length]!;
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}${p}`, { headers: { cookie } });
    const body = await res.text();
    if (!res.ok) return { p95: Number.NaN, error: `${p}: ${res.status} ${body.slice(0, 200)}`, estimated };
    if (i >= 5) times.push(performance.now() - t0);
    if (body.includes('"countExact":false')) estimated++;
  }
  times.sort((a, b) => a - b);
  return { p95: times[Math.ceil(times.length * 0.95) - 1]!, estimated };
}

export default async function prospectingBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let folder = process.env.BENCH_PROSPECT_FOLDER;
  if (!folder) {
    folder = path.join(ctx.dataDir, 'receita-bench');
    const t0 = performance.now();
    await generateReceita(folder, { establishments: ESTABLISHMENTS });
    rows.push({ name: 'dataset generated', value: `${nf.format(ESTABLISHMENTS)} establishments in ${((performance.now() - t0) / 1000).toFixed(1)} s` });
  }
  const out = await importReceita(ctx.db.$client, folder, { log: () => undefined });
  rows.push({ name: 'import rows/s', value: `${nf.format(out.rowsPerSecond)} (${nf.format(out.rows)} rows, ${nf.format(out.establishments)} establishments, ${out.seconds.toFixed(1)} s)`, target: '≥ 100,000', ok: out.rowsPerSecond >= 100_000 });
  rows.push({ name: 'import load phase rows/s', value: `${nf.format(out.loadRowsPerSecond)} (${out.loadSeconds.toFixed(1)} s; indexes and swap ${(out.seconds - out.loadSeconds).toFixed(1)} s)` });
  const [size] = await ctx.sql<{ bytes: string }>(
    `SELECT sum(pg_total_relation_size(c.oid))::bigint AS bytes FROM pg_class c WHERE c.relkind = 'r' AND c.relname LIKE 'rf\\_%'`,
  );
  rows.push({ name: 'disk (tables + indexes)', value: `${(Number(size!.bytes) / 1024 ** 2).toFixed(0)} MB, ${((Number(size!.bytes) / 1024 ** 2 / out.establishments) * 1_000_000).toFixed(0)} MB per 1 M establishments` });

  const email = `prospecting.bench.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  await ctx.seedCompany(email);

  const cnaes = GEN_CNAES.map(([c]) => c);
  const ufs = [...new Set(GEN_MUNICIPIOS.map(([, , uf]) => uf))];
  const q = (s: string) => `/api/prospecting/search?${s}`;
  const searches: [string, string[]][] = [
    ['UF + CNAE', cnaes.map((c, i) => q(`uf=${ufs[i % ufs.length]}&cnae=${c}`))],
    ['município + CNAE', cnaes.map((c, i) => q(`municipio=${GEN_MUNICIPIOS[i % GEN_MUNICIPIOS.length]![0]}&cnae=${c}`))],
    ['CNAE prefix + porte + situação', cnaes.map((c, i) => q(`cnae=${c.slice(0, 2 + (i % 3))}&porte=${['01', '03', '05'][i % 3]}&situacao=${i % 4 === 3 ? '08' : '02'}`))],
  ];
  for (const [label, paths] of searches) {
    const r = await p95(ctx, cookie, paths);
    rows.push({
      name: `search p95 ${label} (count included)`,
      value: r.error ?? `${r.p95.toFixed(1)} ms${r.estimated ? ` (${r.estimated} of ${SAMPLES + 5} counts estimated past 10,000)` : ''}`,
      target: '≤ 100 ms',
      ok: !r.error && r.p95 <= 100,
    });
  }
  const sample = await ctx.sql<{ cnpj: string }>('SELECT cnpj FROM rf_estabelecimentos TABLESAMPLE SYSTEM (1) LIMIT 200');
  const one = await p95(ctx, cookie, sample.map((s) => `/api/prospecting/companies/${s.cnpj}`));
  rows.push({ name: "one CNPJ's record p95", value: one.error ?? `${one.p95.toFixed(1)} ms`, target: '≤ 10 ms', ok: !one.error && one.p95 <= 10 });
  rows.push(...(await deepSearchRows(ctx, cookie)));
  rows.push(...(await leadsRows(ctx)));
  return rows;
}
