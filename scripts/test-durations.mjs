// Writes .ci/test-durations.json (test file → seconds) from the last run's .ci/results/vitest.json,
// for the longest-first order of vitest.config.ts (decision 0524). Run after a full `npm test` when
// files were added or got much slower or faster: `node scripts/test-durations.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The path inside the repository, whichever checkout ran the tests (a fresh clone's report read
// here gave '../../tmp/<clone>/apps/…' keys, which matched no file: every file counted 2 s).
const repoPath = (file) => path.relative(root, file).replace(/^(\.\.\/)+.*?\/(?=(apps|packages|bench|scripts|e2e)\/)/, '');
const report = JSON.parse(readFileSync(path.join(root, '.ci/results/vitest.json'), 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [repoPath(file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(path.join(root, '.ci/test-durations.json'), `${JSON.stringify(durations, null, 1)}\n`);
console.log(`${Object.keys(durations).length} files in .ci/test-durations.json`);
