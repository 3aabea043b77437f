import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const p = await b.newPage();
await p.goto(process.argv[2], { waitUntil: 'load' });
await p.waitForTimeout(500);
console.log(await p.evaluate(() => JSON.stringify({ paint: performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]), lcp: 0, res: performance.getEntriesByType('resource').map((e) => [e.name.split('/').pop(), Math.round(e.responseEnd)]).slice(0, 4) })));
await b.close();
