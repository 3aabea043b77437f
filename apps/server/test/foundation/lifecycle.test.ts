import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { spawnServer } from './server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pgPort = (server: TestServer) => Number(new URL(server.databaseUrl).port);
const signIn = (server: TestServer, email: string, password: string) =>
  server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

/** Resolves 'open' when a TCP connection succeeds, 'refused' otherwise (bounded). */
const tryConnect = (host: string, port: number) =>
  new Promise<'open' | 'refused'>((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => (socket.destroy(), resolve('open')));
    socket.once('error', () => resolve('refused'));
    socket.once('timeout', () => (socket.destroy(), resolve('refused')));
  });

describe('embedded PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    // Each with its own embedded PostgreSQL (DATA_DIR), not a database of the run's one.
    a = await startTestServer({ DATA_DIR: tempDataDir() });
    b = await startTestServer({ DATA_DIR: tempDataDir() });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('listens on 127.0.0.1 only, with no unix socket', async () => {
    const { rows } = await a.services.pool.query('SHOW listen_addresses');
    expect(rows[0].listen_addresses).toBe('127.0.0.1');
    const sockets = await a.services.pool.query('SHOW unix_socket_directories');
    expect(sockets.rows[0].unix_socket_directories).toBe('');
    expect(new URL(a.databaseUrl).hostname).toBe('127.0.0.1');
    expect(await tryConnect('127.0.0.1', pgPort(a))).toBe('open');
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    for (const address of external) expect(await tryConnect(address, pgPort(a))).toBe('refused');
  });

  it('runs two instances with different DATA_DIRs side by side, each with its own data', async () => {
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(pgPort(a)).not.toBe(pgPort(b));
    expect((await a.request('/api/health')).status).toBe(200);
    expect((await b.request('/api/health')).status).toBe(200);
    const user = await createConfirmedUser(a, { email: `lado.${Date.now()}@exemplo.com.br` });
    const inA = await a.services.pool.query('SELECT 1 FROM "user" WHERE id = $1', [user.userId]);
    const inB = await b.services.pool.query('SELECT 1 FROM "user" WHERE id = $1', [user.userId]);
    expect(inA.rowCount).toBe(1);
    expect(inB.rowCount).toBe(0);
    expect(existsSync(path.join(a.dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(b.dataDir, 'pg', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a DATA_DIR another running server is using, naming it', async () => {
    await expect(startTestServer({ DATA_DIR: a.dataDir })).rejects.toThrow(/in use by another running server/);
    expect((await a.request('/api/health')).status).toBe(200);
  });

  it('a restart on the same DATA_DIR finds every row', async () => {
    const user = await createConfirmedUser(a, { email: `reinicio.${Date.now()}@exemplo.com.br`, password: 'persiste123' });
    const count = async (s: TestServer) =>
      (await s.services.pool.query('SELECT (SELECT count(*) FROM "user") u, (SELECT count(*) FROM profiles) p, (SELECT count(*) FROM session) s, (SELECT count(*) FROM dev_mailbox) m')).rows[0];
    const before = await count(a);
    await a.stop();
    expect(existsSync(path.join(a.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    a = await startTestServer({ DATA_DIR: a.dataDir });
    expect(await count(a)).toEqual(before);
    // The session issued before the restart still works, and so does signing in.
    expect((await a.request('/api/me', { jar: user.jar })).status).toBe(200);
    expect((await signIn(a, user.email, 'persiste123')).status).toBe(200);
  });
});

describe('where the data lives', () => {
  it('starts with DATA_DIR inside a 0700 folder (a clone under a private home, run as root)', async () => {
    const home = mkdtempSync(path.join('/tmp', 'sede-home-'));
    expect(statSync(home).mode & 0o777).toBe(0o700);
    const server = await startTestServer({ DATA_DIR: path.join(home, 'clone', '.data') });
    try {
      expect((await server.request('/api/health')).status).toBe(200);
      expect(existsSync(path.join(home, 'clone', '.data', 'pg', 'PG_VERSION'))).toBe(true);
    } finally {
      await server.stop();
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('after a crash', () => {
  it('a server killed outright (SIGKILL) leaves PostgreSQL orphaned; the next start reclaims it and finds the data', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir('sede-crash-');
    const proc = await spawnServer({ DATA_DIR: dataDir });
    const email = `crash.${Date.now()}@exemplo.com.br`;
    const up = await fetch(`${proc.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'segredo123', name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza' }),
    });
    expect(up.status).toBe(200);
    proc.child.kill('SIGKILL');
    await proc.exited;
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const again = await startTestServer({ DATA_DIR: dataDir });
    try {
      const { rows } = await again.services.pool.query('SELECT 1 FROM "user" WHERE email = $1', [email]);
      expect(rows).toHaveLength(1);
    } finally {
      await again.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('graceful shutdown of the real process', () => {
  it('SIGTERM lets a request in flight finish, refuses new ones, stops PostgreSQL cleanly and exits 0 promptly', { timeout: 180_000 }, async () => {
    const dataDir = tempDataDir('sede-sigterm-');
    const proc = await spawnServer({ DATA_DIR: dataDir });
    const email = `sigterm.${Date.now()}@exemplo.com.br`;
    const body = JSON.stringify({ email, password: 'segredo123', name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza' });

    // A slow upload on a keep-alive connection (as browsers make): the server has the
    // request, its body arrives only after the SIGTERM.
    const agent = new http.Agent({ keepAlive: true });
    const req = http.request(`${proc.url}/api/auth/sign-up/email`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      req.on('error', reject);
      req.on('response', (res) => {
        let data = '';
        res.on('data', (d) => (data += d));
        res.on('end', () => resolve({ status: res.statusCode!, body: data }));
      });
    });
    req.write(body.slice(0, 20));
    await sleep(500);
    proc.child.kill('SIGTERM');
    await sleep(700);
    // No new requests once stopping (the listening socket is closed).
    const late = await fetch(`${proc.url}/api/health`).then((r) => r.status, () => 'refused');
    expect(late).toBe('refused');
    expect(proc.child.exitCode).toBeNull();
    req.end(body.slice(20));

    const res = await response;
    expect(res.status, res.body).toBe(200);
    const answeredAt = Date.now();
    expect(await proc.exited).toBe(0);
    // The idle keep-alive socket does not hold the shutdown for its 5 s timeout.
    expect(Date.now() - answeredAt).toBeLessThan(4000);
    agent.destroy();
    expect(proc.output()).toContain('SIGTERM');
    // A clean PostgreSQL shutdown removes its pid file.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const again = await startTestServer({ DATA_DIR: dataDir });
    try {
      const { rows } = await again.services.pool.query('SELECT u.id, p.id AS profile_id FROM "user" u JOIN profiles p ON p.id = u.id WHERE u.email = $1', [email]);
      expect(rows).toHaveLength(1);
    } finally {
      await again.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
