// npm start: builds what is missing or stale, then serves the production build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './lib/server-node-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['apps/web/dist/index.html', 'apps/server/dist/index.js'].map((p) => path.join(root, p));
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/server/src', 'packages/shared/src', 'packages/db/src'].map((p) => path.join(root, p));

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
}

const builtAt = Math.min(...outputs.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...sources.map(newest)) > builtAt) {
  console.log('Compilando a aplicação...');
  const r = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ['--enable-source-maps', ...SERVER_NODE_ARGS, path.join(root, 'apps/server/dist/index.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
