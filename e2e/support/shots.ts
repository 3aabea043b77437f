import type { Page } from '@playwright/test';

/** Screenshots for a report when SHOTS=<dir> is set: the whole page at 1280 px and at 375 px wide. */
export async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** One screenshot at the current size into SHOTS=<dir>; without SHOTS (CI) none is taken. */
export async function shot(page: Page, name: string, { fullPage = true } = {}) {
  const dir = process.env.SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** Screenshots into SHOTS=<dir> at desktop (1280) and phone (390) widths, named `<name>-<width>.png`; the page's own size kept. */
export async function shotsAt(page: Page, name: string) {
  if (!process.env.SHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`);
  }
  if (size) await page.setViewportSize(size);
}
