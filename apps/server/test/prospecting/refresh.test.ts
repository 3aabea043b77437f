import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReceita } from '../../src/modules/prospecting/importer/generate.ts';
import { monthsOf, REFRESH_CRON, REFRESH_QUEUE, runRefresh } from '../../src/modules/prospecting/refresh.ts';
import { schedulesOf } from '../../src/platform/jobs/schedules.ts';
import { startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';

/**
 * The monthly refresh (decision 0241) against a tiny HTTP server on 127.0.0.1 laid out like the
 * Receita's: `/dados/` lists `YYYY-MM/` folders, each holding the official ZIPs.
 */
let server: TestServer;
let files: http.Server;
let base: string;
let dir: string;
/** Month folder → its folder on disk; the listing shows these. */
const months = new Map<string, string>();
const requests: string[] = [];

const lines: string[] = [];
const log = (l: string) => void lines.push(l);

async function imports() {
  const { rows } = await server.services.pool.query<{ source: string; establishments: string }>('SELECT source, establishments FROM rf_imports ORDER BY id');
  return rows.map((r) => ({ source: r.source, establishments: Number(r.establishments) }));
}
const establishments = async () => (await server.services.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM rf_estabelecimentos')).rows[0]!.n;

beforeAll(async () => {
  dir = tempDataDir('receita-refresh-');
  await generateReceita(path.join(dir, '2026-09'), { establishments: 40, seed: 1 });
  await generateReceita(path.join(dir, '2026-10'), { establishments: 60, seed: 2 });
  months.set('2026-09', path.join(dir, '2026-09'));
  months.set('2026-10', path.join(dir, '2026-10'));
  files = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    requests.push(url.pathname);
    if (url.pathname === '/dados/') {
      res.setHeader('content-type', 'text/html');
      res.end(`<html><body><a href="../">../</a>\n${[...months.keys()].map((m) => `<a href="${m}/">${m}/</a>`).join('\n')}<a href="temp/">temp/</a></body></html>`);
      return;
    }
    const m = /^\/dados\/(\d{4}-\d{2})\/([A-Za-z0-9]+\.zip)$/.exec(url.pathname);
    const file = m && months.has(m[1]!) ? path.join(months.get(m[1]!)!, m[2]!) : null;
    if (!file || !fs.existsSync(file)) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('content-type', 'application/zip');
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(files.address() as AddressInfo).port}/dados/`;
  server = await startTestServer({ RECEITA_DATA_URL: base });
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((r) => files.close(() => r()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the monthly refresh of the Receita data', () => {
  it('reads the months a listing links to, newest first', () => {
    expect(monthsOf('<a href="2026-09/">x</a><a href="/dados/2026-11/">y</a> <a href=2025-12/>z</a><a href="2026-13/">bad</a><a href="temp/">')).toEqual(['2026-11', '2026-09', '2025-12']);
  });

  it('is scheduled daily when RECEITA_DATA_URL is set', async () => {
    expect(schedulesOf(server.services.boss)).toContainEqual({ queue: REFRESH_QUEUE, cron: REFRESH_CRON, tz: 'America/Sao_Paulo' });
  });

  it('the scheduled job imports the newest month not yet imported, recorded in rf_imports', async () => {
    const id = await server.services.boss.send(REFRESH_QUEUE, {});
    // The job holds the import lock until it completes, a moment after its rf_imports row is
    // written: wait for the job itself, or the next test finds the lock still held ('busy').
    const deadline = Date.now() + 60_000;
    const state = async () => (await server.services.boss.getJobById(REFRESH_QUEUE, id!))?.state;
    while ((await state()) !== 'completed' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await state()).toBe('completed');
    expect(await imports()).toEqual([{ source: `${base}2026-10/`, establishments: 60 }]);
    expect(await establishments()).toBe(60);
    expect(requests).toContain('/dados/2026-10/Estabelecimentos0.zip');
    expect(requests).not.toContain('/dados/2026-09/Estabelecimentos0.zip');
  });

  it('nothing new: no download, no import', async () => {
    requests.length = 0;
    expect(await runRefresh(server.services, { log })).toEqual({ status: 'up_to_date', source: base });
    expect(requests).toEqual(['/dados/']);
    expect(await imports()).toHaveLength(1);
  });

  it('a failed month is logged and the previous data stays', async () => {
    const broken = path.join(dir, '2026-11');
    await generateReceita(broken, { establishments: 80, seed: 3 });
    const zip = path.join(broken, 'Estabelecimentos0.zip');
    fs.truncateSync(zip, Math.floor(fs.statSync(zip).size / 2));
    months.set('2026-11', broken);
    const out = await runRefresh(server.services, { log });
    expect(out).toMatchObject({ status: 'failed', source: `${base}2026-11/`, message: expect.stringContaining('Estabelecimentos0.zip') });
    expect(await imports()).toEqual([{ source: `${base}2026-10/`, establishments: 60 }]);
    expect(await establishments()).toBe(60);
    const leftovers = await server.services.pool.query(`SELECT 1 FROM pg_tables WHERE tablename LIKE 'rf\\_%\\_new'`);
    expect(leftovers.rowCount).toBe(0);
  });

  it('never two imports at once: another holder of the import lock means nothing is done', async () => {
    await generateReceita(path.join(dir, '2026-12'), { establishments: 30, seed: 4 });
    months.set('2026-12', path.join(dir, '2026-12'));
    const other = new pg.Client({ connectionString: server.services.cfg.DATABASE_URL });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('sede.rf-import'))`);
      requests.length = 0;
      expect(await runRefresh(server.services, { log })).toEqual({ status: 'busy' });
      expect(requests).toEqual([]);
    } finally {
      await other.end();
    }
    // The lock released: the next run takes the new month.
    expect(await runRefresh(server.services, { log })).toMatchObject({ status: 'imported', source: `${base}2026-12/` });
    expect(await establishments()).toBe(30);
    expect(lines.some((l) => /linhas\/s/.test(l))).toBe(true);
  });

  it('without RECEITA_DATA_URL there is no refresh', async () => {
    const plain = await startTestServer();
    try {
      expect(await runRefresh(plain.services)).toEqual({ status: 'not_configured' });
      expect(schedulesOf(plain.services.boss).map((x) => x.queue)).not.toContain(REFRESH_QUEUE);
    } finally {
      await plain.stop();
    }
  });
});
