import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

const newest = (p: string): number => {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(p).map((e) => newest(path.join(p, e))));
};
const at = (...parts: string[]) => path.join(ROOT, ...parts);
const builtAt = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function run(args: string[]) {
  console.log(`$ npm ${args.join(' ')}`);
  const r = spawnSync('npm', args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${r.status})`);
}

/**
 * Builds what is missing or older than its sources (like `npm start`). The web build must
 * carry Vite's manifest (build.manifest), which the size check reads. With WEB_DIST set,
 * that folder is used as is and never rebuilt.
 */
export function ensureBuilt(webDist: string, ownWebDist: boolean) {
  const shared = [at('packages/shared/src')];
  if (!ownWebDist) {
    const web = builtAt(path.join(webDist, '.vite/manifest.json'));
    const webSources = Math.max(newest(at('apps/web/src')), newest(at('apps/web/index.html')), newest(at('apps/web/assinar.html')), newest(at('apps/web/vite.config.ts')), ...shared.map(newest));
    if (!web || !existsSync(path.join(webDist, 'index.html')) || webSources > web) run(['run', '-s', '-w', '@sede/web', 'build']);
  }
  const server = builtAt(at('apps/server/dist/index.js'));
  const serverSources = Math.max(newest(at('apps/server/src')), newest(at('packages/db/src')), ...shared.map(newest));
  if (!server || serverSources > server) run(['run', '-s', '-w', '@sede/server', 'build']);
  if (!existsSync(path.join(webDist, '.vite/manifest.json'))) throw new Error(`${webDist} has no .vite/manifest.json (build.manifest off?)`);
}
