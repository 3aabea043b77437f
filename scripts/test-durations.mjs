// Writes .ci/test-durations.json (test file → seconds) from the last run's .ci/results/vitest.json
// and .ci/results/playwright.json, for the longest-first order of vitest.config.ts (decision 0524)
// and of playwright.config.ts (decision 0757). Run after a full `npm test` when files were added or
// got much slower or faster: `node scripts/test-durations.mjs`.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The path inside the repository, whichever checkout ran the tests (a fresh clone's report read
// here gave '../../tmp/<clone>/apps/…' keys, which matched no file: every file counted 2 s).
const repoPath = (file) => path.relative(root, file).replace(/^(\.\.\/)+.*?\/(?=(apps|packages|bench|scripts|e2e)\/)/, '');
const seconds = (ms) => Math.round(ms / 100) / 10;
const report = JSON.parse(readFileSync(path.join(root, '.ci/results/vitest.json'), 'utf8'));
const files = report.testResults.map((file) => [repoPath(file.name), seconds(file.endTime - file.startTime)]);

// A browser file's time is the sum of its tests' attempts: they run one after another in one worker.
const browser = path.join(root, '.ci/results/playwright.json');
if (existsSync(browser)) {
  const spent = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const key = `e2e/${spec.file}`;
      const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + r.duration, 0);
      spent.set(key, (spent.get(key) ?? 0) + ms);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(browser, 'utf8')).suites ?? []) walk(suite);
  for (const [key, ms] of spent) files.push([key, seconds(ms)]);
}
const durations = Object.fromEntries(files.sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(path.join(root, '.ci/test-durations.json'), `${JSON.stringify(durations, null, 1)}\n`);
console.log(`${Object.keys(durations).length} files in .ci/test-durations.json`);
