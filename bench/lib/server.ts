import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { SERVER_NODE_ARGS } from '../../scripts/lib/server-node-args.mjs';
import { ROOT } from './build.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh DATA_DIR under /tmp that the `postgres` system user can traverse (root runs). */
export function freshDataDir(): string {
  const dir = mkdtempSync(path.join('/tmp', 'sede-bench-'));
  chmodSync(dir, 0o755);
  return dir;
}

export type ServerOptions = { dataDir: string; port: number; pgPort: number; webDist: string; env?: Record<string, string> };

export type RunningProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** ms from spawn to the first 200 of /api/health. */
  readyMs: number;
  log: () => string;
  stop: () => Promise<number | null>;
};

/**
 * The server's node flags: those `npm start` gives it (scripts/lib/server-node-args.mjs), then any
 * extra, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile it under load.
 */
const serverNodeArgs = () => [...SERVER_NODE_ARGS, ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];

/** `node apps/server/dist/index.js` (the production build, with npm start's flags), loopback only, bounded waits. */
export async function startProductionServer(o: ServerOptions, timeoutMs = 120_000): Promise<RunningProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(o.port),
    APP_URL: `http://127.0.0.1:${o.port}`,
    DATA_DIR: o.dataDir,
    EMBEDDED_PG_PORT: String(o.pgPort),
    WEB_DIST: o.webDist,
    AUTH_RATE_LIMIT: 'off',
    ...o.env,
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'BETTER_AUTH_SECRET']) delete env[name];
  const t0 = performance.now();
  const child = spawn(process.execPath, [...serverNodeArgs(), path.join(ROOT, 'apps/server/dist/index.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${o.port}`;
  while (performance.now() - t0 < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}) before it was ready:\n${log}`);
    const ok = await fetch(`${baseUrl}/api/health`).then((r) => r.status === 200, () => false);
    if (ok) {
      const readyMs = performance.now() - t0;
      const stop = async () => {
        if (child.exitCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        const code = await exited;
        clearTimeout(timer);
        return code;
      };
      return { child, baseUrl, readyMs, log: () => log, stop };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`server not ready within ${timeoutMs} ms:\n${log}`);
}
