/**
 * Lighthouse (mobile, its default: a mid-range phone on slow 4G, simulated) on the production
 * build, median of 3 runs per page. /auth is a first visit; /empresa, /kanban-leads and
 * /financeiro are signed-in pages of a seeded company (the session's cookie as an extra header).
 * Targets (decision 0662): /auth performance ≥ 98, LCP ≤ 1.2 s, CLS ≤ 0.02, TBT ≤ 50 ms; the
 * signed-in pages performance ≥ 90, LCP ≤ 2.0 s. The JSON reports are written under the bench's
 * DATA_DIR's parent as `lighthouse-<page>-<run>.json` (BENCH_LIGHTHOUSE_DIR to keep them elsewhere).
 * BENCH_LIGHTHOUSE_RUNS and BENCH_LIGHTHOUSE_PAGES narrow the run while iterating;
 * BENCH_LIGHTHOUSE_TRACES=1 writes each run's trace too (`lighthouse-<page>-<run>.trace.json`: what
 * the long tasks are made of, which the report only attributes to a URL).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext, BenchRow } from './types.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_PAGES=/auth,/empresa measures only those pages (while iterating). */
const ONLY = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
const TRACES = process.env.BENCH_LIGHTHOUSE_TRACES === '1';
/** Four pages × 3 runs of about 15 s each on this machine, more when it is busy. */
export const timeoutSeconds = 600;
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

type Page = { path: string; signedIn: boolean; minScore: number; maxLcpMs: number; maxCls?: number; maxTbtMs?: number };
const PAGES: Page[] = [
  { path: '/auth', signedIn: false, minScore: 98, maxLcpMs: 1200, maxCls: 0.02, maxTbtMs: 50 },
  { path: '/empresa', signedIn: true, minScore: 90, maxLcpMs: 2000 },
  { path: '/kanban-leads', signedIn: true, minScore: 90, maxLcpMs: 2000 },
  { path: '/financeiro', signedIn: true, minScore: 90, maxLcpMs: 2000 },
];

type Run = { score: number; lcp: number; cls: number; tbt: number; fcp: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function lighthouseBench(ctx: BenchContext): Promise<BenchRow[]> {
  if (!existsSync(CHROME)) return [{ name: 'skipped', value: `skipped: no Chromium at ${CHROME}` }];
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([import('lighthouse'), import('chrome-launcher')]);
  const email = `bench.lighthouse.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  await ctx.seedCompany(email, { name: 'Padaria Lighthouse Ltda' });
  const reports = process.env.BENCH_LIGHTHOUSE_DIR ?? path.join(path.dirname(ctx.dataDir), 'lighthouse');
  mkdirSync(reports, { recursive: true });

  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS });
  // A run whose trace Lighthouse could not record (runtimeError NO_NAVSTART, "Please run Lighthouse
  // again") scores 0 without measuring the page: it is run again, at most twice, and counted apart.
  let unrecorded = 0;
  const measure = async (url: string, extraHeaders?: Record<string, string>) => {
    for (let attempt = 0; ; attempt++) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders });
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      if (!result.lhr.runtimeError || attempt === 2) return result;
      unrecorded++;
    }
  };
  const rows: BenchRow[] = [];
  try {
    for (const page of PAGES.filter((p) => !ONLY?.length || ONLY.includes(p.path))) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { lhr, artifacts } = await measure(`${ctx.baseUrl}${page.path}`, page.signedIn ? { Cookie: cookie } : undefined);
        writeFileSync(path.join(reports, `lighthouse-${page.path.slice(1)}-${i + 1}.json`), JSON.stringify(lhr));
        if (TRACES) writeFileSync(path.join(reports, `lighthouse-${page.path.slice(1)}-${i + 1}.trace.json`), JSON.stringify(artifacts.Trace));
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcp: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
          tbt: audit('total-blocking-time'),
          fcp: audit('first-contentful-paint'),
        });
      }
      const m = { score: median(runs.map((r) => r.score)), lcp: median(runs.map((r) => r.lcp)), cls: median(runs.map((r) => r.cls)), tbt: median(runs.map((r) => r.tbt)), fcp: median(runs.map((r) => r.fcp)) };
      const targets = [`performance ≥ ${page.minScore}`, `LCP ≤ ${(page.maxLcpMs / 1000).toFixed(1)} s`];
      let ok = m.score >= page.minScore && m.lcp <= page.maxLcpMs;
      if (page.maxCls !== undefined) {
        targets.push(`CLS ≤ ${page.maxCls}`);
        ok &&= m.cls <= page.maxCls;
      }
      if (page.maxTbtMs !== undefined) {
        targets.push(`TBT ≤ ${page.maxTbtMs} ms`);
        ok &&= m.tbt <= page.maxTbtMs;
      }
      rows.push({
        name: `${page.path} (mobile, median of ${RUNS})`,
        value: `performance ${m.score}, LCP ${(m.lcp / 1000).toFixed(2)} s, FCP ${(m.fcp / 1000).toFixed(2)} s, CLS ${m.cls.toFixed(3)}, TBT ${Math.round(m.tbt)} ms (runs: ${runs.map((r) => r.score).join(', ')})`,
        target: targets.join(', '),
        ok,
      });
    }
  } finally {
    chrome.kill();
  }
  rows.push({ name: 'reports', value: unrecorded ? `${reports} (${unrecorded} run(s) without a recorded trace, run again)` : reports });
  return rows;
}
