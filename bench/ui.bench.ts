/**
 * Big screens stay fast (decision 0670): rows "ui: …". One company holds 1,000 deals, 100,000
 * people, 100,000 payables and 5,000 materials, seeded in bulk with SQL; Debian's Chromium, at
 * 1280 × 800 on this machine as it is (no CPU throttling), loads a good part of each list the way
 * a person scrolling would, then performs 12–40 interactions. Every interaction's duration comes
 * from the Event Timing API and web-vitals (injected in the page only) gives the page's INP; the
 * row is the p75 of the scenario's interactions, target ≤ 150 ms. Informative rows: long animation
 * frames while wheel-scrolling each list, and the load average. BENCH_UI_SHOTS=<dir> also saves
 * screenshots of the four screens at 1280 and 390 px wide.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { type InpProbe, launch, percentileOf, readProbe, resetProbe, signedInPage } from './ui/inp.ts';
import { ready, boardDrags, contactsSearch, materialsOpen, openBoard, openContacts, openMaterials, openPayables, payablesOpen, wheelScroll } from './ui/screens.ts';
import { SIZES, seedBigScreens } from './ui/seed.ts';
import type { BenchContext, BenchRow } from './types.ts';

const TARGET_MS = 150;
/** How many rows of the long lists are paged in before measuring (people, payables, materials). */
const LOADED = Number(process.env.BENCH_UI_LOADED ?? 1_000);
const n = (v: number) => v.toLocaleString('en-US');
const ms = (v: number) => `${Math.round(v)} ms`;

type Scenario = {
  name: string;
  open: (page: Page) => Promise<string>;
  act: (page: Page) => Promise<number>;
  scroll?: (page: Page) => Promise<void>;
  shot: keyof typeof ready;
};

function rowsOf(s: Scenario, loaded: string, performed: number, probe: InpProbe, scrolled: InpProbe | null): BenchRow[] {
  const count = Math.max(performed, probe.durations.length);
  const p75 = percentileOf(probe.durations, count, 75);
  const worst = Math.max(16, ...probe.durations);
  const vitals = probe.inp ? `; web-vitals INP ${ms(probe.inp.value)} (delay ${ms(probe.inp.inputDelay)}, processing ${ms(probe.inp.processing)}, paint ${ms(probe.inp.presentation)})` : '';
  const rows: BenchRow[] = [{ name: `INP p75 ${s.name}`, value: `${ms(p75)} over ${count} interactions (max ${ms(worst)}; ${loaded}${vitals})`, target: `≤ ${TARGET_MS} ms`, ok: p75 <= TARGET_MS }];
  if (scrolled) {
    const long = scrolled.longFrames;
    rows.push({ name: `scroll, ${s.name.replace(/^[^(]*/, '')}: frames ≥ 50 ms over 30 wheel steps`, value: long.length ? `${long.length} (longest ${ms(Math.max(...long))})` : '0' });
  }
  return rows;
}

async function shoot(browser: Browser, ctx: BenchContext, cookie: string, s: Scenario, dir: string) {
  for (const [label, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    const page = await signedInPage(browser, ctx.baseUrl, cookie, viewport);
    try {
      await ready[s.shot](page, ctx.baseUrl);
      await page.waitForTimeout(1000);
      await page.screenshot({ path: path.join(dir, `${s.shot}-${label}.png`) });
      if (s.shot === 'payables' || s.shot === 'materials') {
        // Half-way down the thousand rows paged in: the rows drawn there are the virtualized ones.
        await s.open(page);
        await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2));
        await page.waitForTimeout(800);
        await page.screenshot({ path: path.join(dir, `${s.shot}-${label}-scrolled.png`) });
      }
    } finally {
      await page.context().close();
    }
  }
}

const t0 = performance.now();
const log = (what: string) => console.log(`  ui: ${what} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);

export default async function uiBench(ctx: BenchContext): Promise<BenchRow[]> {
  const seeded = await seedBigScreens(ctx);
  log('seeded');
  const rows: BenchRow[] = [
    { name: 'seed (deals, people, entries, materials)', value: `${n(SIZES.deals)} / ${n(SIZES.people)} / ${n(Math.round(SIZES.payables * 1.5))} / ${n(SIZES.materials)} in ${(seeded.seedMs / 1000).toFixed(1)} s` },
  ];
  const scenarios: Scenario[] = [
    {
      name: `board drag (${n(SIZES.deals)} cards)`,
      shot: 'board',
      open: async (p) => {
        await openBoard(p, ctx.baseUrl);
        return `${n(SIZES.deals)} cards loaded`;
      },
      act: (p) => boardDrags(p, 12),
    },
    {
      name: `contacts search (${n(SIZES.people)} people)`,
      shot: 'contacts',
      open: async (p) => `${n(await openContacts(p, ctx.baseUrl, LOADED))} loaded`,
      act: (p) => contactsSearch(p, ['Ana Silva', 'Bruno', 'Carla Souza', 'pessoa12']),
      scroll: (p) => wheelScroll(p, 30, { x: 700, y: 600 }),
    },
    {
      name: `opening an entry (${n(SIZES.payables)} payables)`,
      shot: 'payables',
      open: async (p) => `${n(await openPayables(p, ctx.baseUrl, LOADED))} loaded`,
      act: (p) => payablesOpen(p, 12),
      scroll: (p) => p.evaluate(() => window.scrollTo(0, 0)).then(() => wheelScroll(p)),
    },
    {
      name: `materials scroll + open (${n(SIZES.materials)} files)`,
      shot: 'materials',
      open: async (p) => `${n(await openMaterials(p, ctx.baseUrl, LOADED))} loaded`,
      act: (p) => materialsOpen(p, 12),
      scroll: (p) => p.evaluate(() => window.scrollTo(0, 0)).then(() => wheelScroll(p)),
    },
  ];
  const browser = await launch();
  try {
    for (const s of scenarios) {
      const page = await signedInPage(browser, ctx.baseUrl, seeded.cookie);
      try {
        const loaded = await s.open(page);
        log(`${s.shot}: ${loaded}`);
        let scrolled: InpProbe | null = null;
        if (s.scroll) {
          await resetProbe(page);
          await s.scroll(page);
          scrolled = await readProbe(page);
        }
        await resetProbe(page);
        const performed = await s.act(page);
        rows.push(...rowsOf(s, loaded, performed, await readProbe(page), scrolled));
        log(`${s.shot}: ${performed} interactions`);
      } catch (e) {
        rows.push({ name: `INP p75 ${s.name}`, value: `error: ${(e as Error).message.split('\n')[0]}`, ok: false });
      } finally {
        await page.context().close();
      }
    }
    const dir = process.env.BENCH_UI_SHOTS;
    if (dir) for (const s of scenarios) await shoot(browser, ctx, seeded.cookie, s, dir);
  } finally {
    await browser.close();
  }
  rows.push({ name: 'machine load average (1 / 5 / 15 min) at the end', value: loadavg().map((l) => l.toFixed(2)).join(' / ') });
  return rows;
}
