// Refreshes vitest.durations.json (the order vitest.sequencer.ts starts files in) from the JSON
// report of the last `npm test` (.ci/results/vitest.json).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(path.join(root, '.ci/results/vitest.json'), 'utf8'));
const projectOf = (file) => (file.includes('/apps/server/test/') ? 'integration' : file.endsWith('.tsx') ? 'web-components' : 'unit');
const durations = {};
for (const r of report.testResults) {
  durations[`${projectOf(r.name)}:${path.relative(root, r.name)}`] = Math.round((r.endTime - r.startTime) / 100) / 10;
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
writeFileSync(path.join(root, 'vitest.durations.json'), `${JSON.stringify(sorted, null, 1)}\n`);
console.log(`${Object.keys(sorted).length} files`);
