// Lighthouse (mobile, the bench's flags) on two servers, runs interleaved: A B A B …
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { writeFileSync } from 'node:fs';
const [a, b, runs, out] = [process.argv[2], process.argv[3], Number(process.argv[4] ?? 3), process.argv[5]];
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
const res = { A: [], B: [] };
for (let i = 0; i < runs; i++) for (const [k, u] of [['A', a], ['B', b]]) {
  const { lhr } = await lighthouse(u, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  writeFileSync(`${out}/${k}-${i + 1}.json`, JSON.stringify(lhr));
  const v = (id) => lhr.audits[id].numericValue;
  res[k].push({ score: Math.round(lhr.categories.performance.score * 100), lcp: Math.round(v('largest-contentful-paint')), fcp: Math.round(v('first-contentful-paint')), tbt: Math.round(v('total-blocking-time')), cls: v('cumulative-layout-shift') });
  console.log(k, i + 1, JSON.stringify(res[k].at(-1)));
}
chrome.kill();
const med = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
for (const k of ['A', 'B']) console.log(k, 'median', ['score', 'lcp', 'fcp', 'tbt', 'cls'].map((m) => `${m} ${med(res[k].map((r) => r[m]))}`).join(', '));
