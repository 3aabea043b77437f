import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unusedBytes } from './js-coverage.ts';

type Fetched = { url: string; bytes: number };
export type WireReport =
  | {
      /** JavaScript fetched before the browser first went idle (the critical path). */
      initial: Fetched[];
      /** JavaScript fetched afterwards: idle prefetches, what a page loads once idle (requestIdleCallback). */
      prefetched: Fetched[];
      /** Chromium's coverage of the critical path's scripts once the page settled: bytes never run. */
      coverage: { total: number; unused: number; files: Array<{ url: string; total: number; unused: number }> };
    }
  | { skipped: string };

/**
 * Cross-check of the manifest figure: open /auth in Chromium (Debian's, as the e2e tests do)
 * and list the JavaScript it fetches, with the size on the wire (the server gzips /assets).
 */
export const measureAuthInBrowser = (baseUrl: string) =>
  measureFirstLoadInBrowser(baseUrl, '/auth', (page) => page.getByRole('button', { name: /entrar/i }).first().waitFor({ timeout: 15_000 }));

/**
 * The JavaScript a page fetches in Chromium once `ready` holds and the network is quiet. A chunk
 * whose request started before the page's first requestIdleCallback ran is on the critical path;
 * later ones are idle prefetches (everything is critical when the page never asks for idle time).
 * Resource Timing gives start times and encoded sizes. Chromium's JavaScript coverage (V8's block
 * coverage, from before the first byte until the page settled) says how much of the critical
 * path's code the page never ran (decision 0635).
 */
export async function measureFirstLoadInBrowser(baseUrl: string, path: string, ready: (page: Page) => Promise<unknown>): Promise<WireReport> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `no Chromium at ${executablePath}` };
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as { requestIdleCallback?: typeof requestIdleCallback; __firstIdle?: number };
      const original = w.requestIdleCallback?.bind(window);
      if (!original) return;
      w.requestIdleCallback = (cb, opts) =>
        original((deadline) => {
          w.__firstIdle ??= performance.now();
          cb(deadline);
        }, opts);
    });
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 30_000 });
    await ready(page);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const { idle, resources } = await page.evaluate(() => ({
      idle: (window as unknown as { __firstIdle?: number }).__firstIdle ?? null,
      resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((e) => ({
        url: new URL(e.name).pathname,
        start: e.startTime,
        bytes: e.encodedBodySize,
      })),
    }));
    const scripts = await page.coverage.stopJSCoverage();
    const js = resources.filter((r) => /\.m?js$/.test(r.url));
    const pick = (list: typeof js) => list.map(({ url, bytes }) => ({ url, bytes })).sort((a, b) => b.bytes - a.bytes);
    const initial = pick(js.filter((r) => idle === null || r.start < idle));
    const covered = scripts
      .filter((sc) => initial.some((f) => new URL(sc.url).pathname === f.url))
      .map((sc) => ({ url: new URL(sc.url).pathname, ...unusedBytes(sc) }));
    return {
      initial,
      prefetched: pick(js.filter((r) => idle !== null && r.start >= idle)),
      coverage: {
        total: covered.reduce((t, f) => t + f.total, 0),
        unused: covered.reduce((t, f) => t + f.unused, 0),
        files: covered.sort((a, b) => b.unused - a.unused),
      },
    };
  } finally {
    await browser.close();
  }
}
