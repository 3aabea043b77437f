import { existsSync } from 'node:fs';

export type WireReport = { jsBytes: number; cssBytes: number; files: Array<{ url: string; bytes: number }> } | { skipped: string };

/**
 * Cross-check of the manifest figure: open /auth in Chromium (Debian's, as the e2e tests do)
 * and add up the JavaScript actually fetched before any interaction, as sent on the wire
 * (the server gzips /assets).
 */
export async function measureAuthInBrowser(baseUrl: string): Promise<WireReport> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return { skipped: `no Chromium at ${executablePath}` };
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'] });
  try {
    const page = await browser.newPage();
    const pending: Array<Promise<{ url: string; type: string; bytes: number }>> = [];
    page.on('requestfinished', (req) => {
      const type = req.resourceType();
      if (type === 'script' || type === 'stylesheet') pending.push(req.sizes().then((s) => ({ url: new URL(req.url()).pathname, type, bytes: s.responseBodySize })));
    });
    await page.goto(`${baseUrl}/auth`, { waitUntil: 'networkidle', timeout: 30_000 });
    await page.getByRole('button', { name: /entrar/i }).first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    const fetched = await Promise.all(pending);
    const js = fetched.filter((f) => f.type === 'script');
    return {
      jsBytes: js.reduce((s, f) => s + f.bytes, 0),
      cssBytes: fetched.filter((f) => f.type === 'stylesheet').reduce((s, f) => s + f.bytes, 0),
      files: js.map(({ url, bytes }) => ({ url, bytes })).sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await browser.close();
  }
}
