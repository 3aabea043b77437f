import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * How to run the server's entry point: the built bundle when `npm test` has just built it (it sets
 * TEST_SERVER_DIST=1: the same code, without tsx compiling every module again, about 3 CPU-s less
 * per start, decision 0525), else the source through tsx.
 */
export function serverEntryArgs(): string[] {
  const dist = path.join(ROOT, 'apps/server/dist/index.js');
  return process.env.TEST_SERVER_DIST === '1' && existsSync(dist) ? [dist] : ['--import', 'tsx', 'apps/server/src/index.ts'];
}

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

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
};

/** The real entry point (`serverEntryArgs`: the source through tsx, or its build) on a port of its own. */
export async function spawnServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverEntryArgs(), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      AUTH_RATE_LIMIT: 'off',
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${url}/api/health`).then((r) => r.status === 200).catch(() => false);
    if (ok) return { child, url, output: () => output, exited };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${output}`);
}
