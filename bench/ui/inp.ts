import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';

/**
 * Interaction to Next Paint in the bench's Chromium (decision 0670): web-vitals' IIFE build is
 * injected into the page (never shipped in the app), its onINP with reportAllChanges gives the
 * page's INP and the slowest interaction's parts; the Event Timing API (the entries web-vitals
 * reads, durationThreshold 16) gives every interaction's duration, grouped by interactionId, so
 * a scenario's p75 is over all its interactions.
 */

// The package exports no path to its IIFE build: found beside the CommonJS build it does export.
const WEB_VITALS = path.join(path.dirname(createRequire(import.meta.url).resolve('web-vitals/attribution')), 'web-vitals.attribution.iife.js');

export type InpProbe = {
  /** Interactions seen, each its longest event's duration (ms). */
  durations: number[];
  /** Long animation frames (≥ 50 ms) since the reset: their durations (ms). */
  longFrames: number[];
  /** web-vitals' INP of the page so far and the slowest interaction's parts. */
  inp: { value: number; target?: string; inputDelay: number; processing: number; presentation: number } | null;
};

type Window_ = Window & { __inp: { byId: Map<number, number>; longFrames: number[]; inp: InpProbe['inp'] } };

export async function launch(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`no Chromium at ${executablePath}`);
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
}

/** A signed-in page at `width` × `height` whose every document carries the probes. */
export async function signedInPage(browser: Browser, baseUrl: string, cookie: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const [name, ...value] = cookie.split('=');
  await context.addCookies([{ name: name!, value: value.join('='), url: baseUrl }]);
  const page = await context.newPage();
  // Its `var webVitals` would stay local to the init script's wrapper: made a global by hand.
  await page.addInitScript({ content: `${readFileSync(WEB_VITALS, 'utf8')}\nwindow.webVitals = webVitals;` });
  await page.addInitScript(() => {
    const w = window as unknown as Window_ & { webVitals: { onINP: (cb: (m: any) => void, o: object) => void } };
    w.__inp = { byId: new Map(), longFrames: [], inp: null };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        if (!e.interactionId) continue;
        w.__inp.byId.set(e.interactionId, Math.max(w.__inp.byId.get(e.interactionId) ?? 0, e.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__inp.longFrames.push(e.duration);
    }).observe({ type: 'long-animation-frame', buffered: true });
    w.webVitals.onINP(
      (m) => {
        const a = m.attribution;
        w.__inp.inp = { value: m.value, target: a.interactionTarget, inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay };
      },
      { reportAllChanges: true },
    );
  });
  return page;
}

/** Starts a scenario's count afresh (the page's loading interactions are not the scenario's). */
export const resetProbe = (page: Page) =>
  page.evaluate(() => {
    const p = (window as unknown as Window_).__inp;
    p.byId.clear();
    p.longFrames.length = 0;
  });

/** What the probes saw; waits two frames so the last interaction's entry is delivered. */
export async function readProbe(page: Page): Promise<InpProbe> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))));
  return page.evaluate(() => {
    const p = (window as unknown as Window_).__inp;
    return { durations: [...p.byId.values()], longFrames: [...p.longFrames], inp: p.inp };
  });
}

/**
 * The p-th percentile over `performed` interactions: those without an entry were faster than the
 * 16 ms threshold and count as 16 ms (an upper bound). Event Timing rounds durations to 8 ms.
 */
export function percentileOf(durations: number[], performed: number, p: number): number {
  const all = [...durations, ...Array.from({ length: Math.max(0, performed - durations.length) }, () => 16)].sort((a, b) => a - b);
  // A tap's pointerdown, pointerup and click (a key's keydown and keyup) share one interactionId.
  return all[Math.min(all.length - 1, Math.max(0, Math.ceil((p / 100) * all.length) - 1))] ?? Number.NaN;
}
