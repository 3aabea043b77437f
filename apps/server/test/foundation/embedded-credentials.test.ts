import { existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { LEGACY_PG_PASSWORD, pgPasswordFile, startEmbeddedPostgres } from '../../src/platform/embedded-postgres.ts';
import { startTestServer, tempDataDir } from '../support/test-server.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** 'ok' when PostgreSQL accepts the password, else its error code (28P01: wrong password). */
async function tryPassword(port: number, password: string): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    return 'ok';
  } catch (e) {
    return (e as { code?: string }).code ?? String(e);
  } finally {
    await client.end().catch(() => {});
  }
}

const portOf = (url: string) => Number(new URL(url).port);
const stored = (dataDir: string) => readFileSync(pgPasswordFile(dataDir), 'utf8').trim();

describe('the embedded PostgreSQL superuser password', () => {
  it('is random, kept in DATA_DIR/pg-password with mode 0600, used by the app; the old fixed password is refused; a restart reuses it', async () => {
    const dataDir = tempDataDir('sede-cred-');
    dirs.push(dataDir);
    let server = await startTestServer({ DATA_DIR: dataDir });
    let password: string;
    try {
      const file = pgPasswordFile(dataDir);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      password = stored(dataDir);
      expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
      expect(existsSync(`${file}.pending`)).toBe(false);
      // The app connects with it.
      expect(decodeURIComponent(new URL(server.databaseUrl).password)).toBe(password);
      expect((await server.services.pool.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      const port = portOf(server.databaseUrl);
      expect(await tryPassword(port, LEGACY_PG_PASSWORD)).toBe('28P01');
      expect(await tryPassword(port, password)).toBe('ok');
    } finally {
      await server.stop();
    }

    server = await startTestServer({ DATA_DIR: dataDir });
    try {
      expect(stored(dataDir)).toBe(password);
      expect(statSync(pgPasswordFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(await tryPassword(portOf(server.databaseUrl), password)).toBe('ok');
      expect(await tryPassword(portOf(server.databaseUrl), LEGACY_PG_PASSWORD)).toBe('28P01');
    } finally {
      await server.stop();
    }
  });

  it('two DATA_DIRs get different passwords', async () => {
    const a = tempDataDir('sede-cred-a-');
    const b = tempDataDir('sede-cred-b-');
    dirs.push(a, b);
    const [pa, pb] = await Promise.all([startEmbeddedPostgres(a, undefined, false, { durable: false }), startEmbeddedPostgres(b, undefined, false, { durable: false })]);
    try {
      expect(stored(a)).not.toBe(stored(b));
    } finally {
      await Promise.all([pa.stop(), pb.stop()]);
    }
  });

  it('a DATA_DIR made with the old fixed password keeps working: moved to a random password on its next start, data kept', async () => {
    const dataDir = tempDataDir('sede-cred-legacy-');
    dirs.push(dataDir);
    // Recreate the old state: a cluster whose superuser has the fixed password, no password file.
    const first = await startEmbeddedPostgres(dataDir, undefined, false, { durable: false });
    const admin = new pg.Client({ connectionString: first.url });
    await admin.connect();
    await admin.query(`ALTER ROLE postgres PASSWORD '${LEGACY_PG_PASSWORD}'`);
    await admin.query('CREATE TABLE legado (v text)');
    await admin.query("INSERT INTO legado VALUES ('antes')");
    await admin.end();
    await first.stop();
    rmSync(pgPasswordFile(dataDir));

    const server = await startTestServer({ DATA_DIR: dataDir });
    try {
      const password = stored(dataDir);
      expect(password).not.toBe(LEGACY_PG_PASSWORD);
      expect(statSync(pgPasswordFile(dataDir)).mode & 0o777).toBe(0o600);
      expect(existsSync(`${pgPasswordFile(dataDir)}.pending`)).toBe(false);
      const port = portOf(server.databaseUrl);
      expect(await tryPassword(port, LEGACY_PG_PASSWORD)).toBe('28P01');
      expect(await tryPassword(port, password)).toBe('ok');
      expect((await server.services.pool.query('SELECT v FROM legado')).rows).toEqual([{ v: 'antes' }]);
    } finally {
      await server.stop();
    }
  });

  it('a migration interrupted after the password was changed finds it in pg-password.pending', async () => {
    const dataDir = tempDataDir('sede-cred-pending-');
    dirs.push(dataDir);
    const first = await startEmbeddedPostgres(dataDir, undefined, false, { durable: false });
    const password = stored(dataDir);
    await first.stop();
    // As if the last start crashed between ALTER ROLE and writing pg-password.
    const file = pgPasswordFile(dataDir);
    renameSync(file, `${file}.pending`);

    const again = await startEmbeddedPostgres(dataDir, undefined, false, { durable: false });
    try {
      expect(stored(dataDir)).toBe(password);
      expect(existsSync(`${file}.pending`)).toBe(false);
      expect(await tryPassword(portOf(again.url), password)).toBe('ok');
    } finally {
      await again.stop();
    }
  });
});
