// npm test: unit + integration (vitest) and browser tests (Playwright), then one closing line
// 'N passed, N failed, N skipped'. Builds first, because the browser tests run the production build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.ci/results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

let status = 0;
if (!process.env.SKIP_BUILD && run('npm', ['run', '-s', 'build']) !== 0) {
  console.log('0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
status |= run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`]);
const playwrightStatus = run('npx', ['playwright', 'test'], { CI: process.env.CI ?? 'true' });
status |= playwrightStatus;

let passed = 0, failed = 0, skipped = 0;
try {
  const v = JSON.parse(readFileSync(`${results}/vitest.json`, 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numRuntimeErrorTestSuites ?? 0);
  // A run that errored outside any test (configuration, global setup) or ran nothing is a failure.
  if (v.success === false && v.numFailedTests === 0) failed += 1;
  if (v.numTotalTests === 0) failed += 1;
  skipped += v.numPendingTests + (v.numTodoTests ?? 0);
} catch {
  failed += 1;
  console.error('no vitest results');
}
try {
  const p = JSON.parse(readFileSync(`${results}/playwright.json`, 'utf8')).stats;
  passed += p.expected + p.flaky;
  failed += p.unexpected;
  skipped += p.skipped;
  // Playwright failed before any test could (a web server that did not start), or ran none.
  if ((playwrightStatus !== 0 && p.unexpected === 0) || p.expected + p.flaky + p.unexpected === 0) failed += 1;
} catch {
  failed += 1;
  console.error('no playwright results');
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status || failed ? 1 : 0);
