// npm run typecheck: every TypeScript project, in two lanes at once (CI has two cores; tsc uses one).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const lanes = [
  ['packages/shared', 'packages/db', 'apps/server'],
  ['apps/web', 'e2e', 'bench'],
];
const tsc = (project) =>
  new Promise((resolve) => {
    let out = '';
    const child = spawn('npx', ['tsc', '-p', project], { cwd: root, env: process.env });
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ project, code: code ?? 1, out }));
  });
const runLane = async (projects) => {
  const results = [];
  for (const p of projects) results.push(await tsc(p));
  return results;
};
const results = (await Promise.all(lanes.map(runLane))).flat();
for (const r of results) if (r.out.trim()) process.stdout.write(`${r.project}:\n${r.out}`);
const failed = results.filter((r) => r.code !== 0).map((r) => r.project);
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
