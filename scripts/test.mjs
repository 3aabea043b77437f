// npm test: unit + integration (vitest) and browser tests (Playwright), then one closing line
// 'N passed, N failed, N skipped'. Builds first, because the browser tests run the production build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { summarize } from './test-summary.mjs';

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
// The build is fresh here (just made, or vouched for by SKIP_BUILD as the browser tests rely on):
// tests that start the server as a process run its bundle instead of the source through tsx (decision 0525).
status |= run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`], { TEST_SERVER_DIST: '1' });
const playwrightStatus = run('npx', ['playwright', 'test'], { CI: process.env.CI ?? 'true' });
status |= playwrightStatus;

const { passed, failed, skipped, notes } = summarize(results, root, playwrightStatus);
// CI keeps only the tail of the output: what failed goes just above the closing line.
for (const note of notes) console.log(note);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(status || failed ? 1 : 0);
