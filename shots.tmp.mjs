// Screenshots of the prerendered /auth as painted before any script runs (scripts blocked) and after hydration.
import { chromium } from '@playwright/test';
const base = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [w, h, tag] of [[1280, 800, 'desktop'], [390, 844, 'phone']]) {
  for (const noJs of [true, false]) {
    const ctx = await b.newContext({ viewport: { width: w, height: h }, javaScriptEnabled: !noJs });
    const p = await ctx.newPage();
    if (noJs) await p.route(/\/assets\/.*\.css$/, (r) => r.abort());
    await p.goto(`${base}/auth`, { waitUntil: 'load' });
    await p.waitForTimeout(800);
    await p.screenshot({ path: `/work/screens/firstload3/auth-${tag}-${noJs ? 'inline-css-only-no-js' : 'hydrated'}.png` });
    await ctx.close();
  }
}
await b.close();
