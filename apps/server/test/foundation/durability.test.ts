import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { TRIAL } from '@sede/shared/constants';
import { readEmbeddedPgPassword } from '../../src/platform/embedded-postgres.ts';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { spawnServer, type ServerProcess } from './server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The postmaster (from DATA_DIR/pg/postmaster.pid) and every process it started (from /proc). */
function postgresProcesses(dataDir: string): number[] {
  const postmaster = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/** A client of the spawned server's embedded database (its port is line 4 of postmaster.pid). */
async function sqlOf(dataDir: string) {
  const port = Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password: readEmbeddedPgPassword(dataDir)!, database: 'sede' });
  await client.connect();
  return client;
}

type Jar = { cookie: string };
async function call(base: string, p: string, init: { method?: string; json?: unknown; jar?: Jar } = {}) {
  const headers: Record<string, string> = {};
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  if (init.jar?.cookie) headers.cookie = init.jar.cookie;
  const res = await fetch(`${base}${p}`, { method: init.method ?? 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined, redirect: 'manual' });
  if (init.jar) {
    const session = res.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.includes('session_token='));
    if (session) init.jar.cookie = session;
  }
  return res;
}

/** Signs up, confirms through the dev mailbox, signs in, and links a company (by SQL, as POST /api/companies does). */
async function adminWithCompany(proc: ServerProcess, dataDir: string) {
  const email = `duravel.${Date.now()}@exemplo.com.br`;
  const password = 'segredo123';
  const up = await call(proc.url, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password, name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza', callbackURL: '/email-confirmed' },
  });
  expect(up.status).toBe(200);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const { messages } = (await (await call(proc.url, `/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
    link = messages.map((m) => /https?:\/\/\S+/.exec(m.text)?.[0]).find((l) => l?.includes('verify-email'));
    if (!link) await sleep(50);
  }
  const verify = new URL(link!);
  await call(proc.url, `${verify.pathname}${verify.search}`);
  const jar: Jar = { cookie: '' };
  expect((await call(proc.url, '/api/auth/sign-in/email', { method: 'POST', json: { email, password }, jar })).status).toBe(200);
  const me = (await (await call(proc.url, '/api/me', { jar })).json()) as { user: { id: string } };

  const sql = await sqlOf(dataDir);
  try {
    // The server under test runs with PostgreSQL's durable settings.
    expect((await sql.query('SHOW fsync')).rows[0].fsync).toBe('on');
    expect((await sql.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
    const { rows } = await sql.query<{ id: string }>(
      `INSERT INTO companies (name, cnpj, created_by, subscription_status, trial_ends_at)
       VALUES ('Empresa Durável', '12345678000195', $1, 'trialing', now() + make_interval(days => $2)) RETURNING id`,
      [me.user.id, TRIAL.days],
    );
    await sql.query("INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'admin')", [me.user.id, rows[0]!.id]);
    await sql.query('UPDATE profiles SET company_id = $2 WHERE id = $1', [me.user.id, rows[0]!.id]);
  } finally {
    await sql.end();
  }
  // The change feed evicts the cached viewer a moment later.
  for (let i = 0; i < 100; i++) {
    const body = (await (await call(proc.url, '/api/me', { jar })).json()) as { company: unknown };
    if (body.company) break;
    await sleep(50);
  }
  return jar;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('durability of the embedded PostgreSQL', () => {
  it('kill -9 of the server and PostgreSQL together, under write load, loses no acknowledged write', async () => {
    const dataDir = tempDataDir('sede-durable-');
    dirs.push(dataDir);
    const proc = await spawnServer({ DATA_DIR: dataDir, EMBEDDED_PG_DURABLE: 'on', APP_URL: '' });
    let killed = false;
    let pids: number[] = [];
    // Kill everything at once: the server and the postmaster with all its children. It happens
    // the moment an acknowledgement arrives (the other workers' requests are in flight): a
    // commit answered before it reached the disk would be lost right there.
    const killAll = () => {
      if (killed) return;
      killed = true;
      pids = [proc.child.pid!, ...postgresProcesses(dataDir)];
      for (const pid of pids) process.kill(pid, 'SIGKILL');
    };
    try {
      const jar = await adminWithCompany(proc, dataDir);

      // Concurrent purchases: each checkout and each sandbox confirmation answers after its COMMIT.
      const checkouts: string[] = [];
      const confirmed: string[] = [];
      const loadUntil = Date.now() + 8_000; // 40 purchases, or 8 s on a busy machine
      const worker = async () => {
        while (!killed) {
          try {
            const res = await call(proc.url, '/api/billing/checkout/coins', { method: 'POST', json: { packageId: 'coins_50' }, jar });
            if (res.status !== 200) throw new Error(`checkout ${res.status}: ${await res.text()}`);
            const { paymentId } = (await res.json()) as { paymentId: string };
            checkouts.push(paymentId);
            const ok = await call(proc.url, `/api/billing/sandbox/payments/${paymentId}/confirm`, { method: 'POST', jar });
            if (ok.status !== 200) throw new Error(`confirm ${ok.status}: ${await ok.text()}`);
            // A 200 is sent only after the COMMIT: that is the acknowledgement.
            confirmed.push(paymentId);
            if (confirmed.length >= 40 || Date.now() > loadUntil) killAll();
            else await ok.arrayBuffer();
          } catch (e) {
            if (!killed) throw e;
            return; // the kill cut this request: it was never acknowledged
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, () => worker()));
      await proc.exited;
      for (const until = Date.now() + 10_000; pids.some(alive) && Date.now() < until; ) await sleep(20);
      expect(pids.length).toBeGreaterThan(2);
      expect(pids.filter(alive)).toEqual([]);
      expect(confirmed.length).toBeGreaterThanOrEqual(10);

      const again: TestServer = await startTestServer({ DATA_DIR: dataDir, EMBEDDED_PG_DURABLE: 'on' });
      try {
        const pool = again.services.pool;
        expect((await pool.query('SHOW fsync')).rows[0].fsync).toBe('on');
        expect((await pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
        const { rows: payments } = await pool.query<{ id: string; status: string }>('SELECT id, status FROM payments WHERE id = ANY($1::uuid[])', [checkouts]);
        const byId = new Map(payments.map((p) => [p.id, p.status]));
        expect(checkouts.filter((id) => !byId.has(id)), 'acknowledged checkouts lost').toEqual([]);
        expect(confirmed.filter((id) => byId.get(id) !== 'paid'), 'acknowledged purchases lost').toEqual([]);
        const { rows: credits } = await pool.query<{ reference: string }>(
          "SELECT reference FROM coin_ledger WHERE kind = 'purchase' AND reference = ANY($1::text[])",
          [confirmed],
        );
        expect(new Set(credits.map((c) => c.reference)).size).toBe(confirmed.length);
      } finally {
        await again.stop();
      }
    } finally {
      if (!killed) {
        try {
          killAll();
        } catch {
          proc.child.kill('SIGKILL');
        }
      }
    }
  }, 180_000);
});

describe('who relaxes durability', () => {
  it('the test suite runs its embedded PostgreSQL without fsync or synchronous commits (NODE_ENV=test, no EMBEDDED_PG_DURABLE)', async () => {
    const relaxed = await startTestServer();
    try {
      expect((await relaxed.services.pool.query('SHOW fsync')).rows[0].fsync).toBe('off');
      expect((await relaxed.services.pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('off');
    } finally {
      await relaxed.stop();
      dirs.push(relaxed.dataDir);
    }
  });
});
