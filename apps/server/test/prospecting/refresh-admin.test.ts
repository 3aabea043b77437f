import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { JobRunView } from '@sede/shared/platform/jobs';
import { REFRESH_JOB, REFRESH_MESSAGES, type ReceitaRefreshStatus } from '@sede/shared/prospecting/refresh';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateReceita } from '../../src/modules/prospecting/importer/generate.ts';
import { startRunRecord } from '../../src/modules/prospecting/refresh-runs.ts';
import { nextRefreshAt } from '../../src/modules/prospecting/refresh-status.ts';
import { runRefresh } from '../../src/modules/prospecting/refresh.ts';
import { startFakeReceitaListing } from '../support/fake-receita-listing.ts';
import { seedCompany } from '../support/seed.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

/**
 * The data's upkeep in /admin (decisions 0415, 0416): its state for every company's admins, and
 * 'Atualizar agora' for the platform's operators as a platform job, against a fake Receita
 * listing on 127.0.0.1 serving small generated months.
 */
const OPERATOR = 'operadora.receita@sede.test';

let server: TestServer;
let listing: Awaited<ReturnType<typeof startFakeReceitaListing>>;
let dir: string;
let operator: Person & { companyId: string };
let adminA: Person & { companyId: string };
let memberA: Person;

const status = async (who: Person) => {
  const res = await server.request('/api/prospecting/refresh', { jar: who.jar });
  return { status: res.status, body: (await res.json()) as ReceitaRefreshStatus & { error?: string } };
};
const start = async (who: Person) => {
  const res = await server.request('/api/prospecting/refresh', { method: 'POST', jar: who.jar, json: {} });
  return { status: res.status, body: (await res.json()) as { jobId: string; error?: string; code?: string } };
};
async function finished(who: Person, jobId: string): Promise<JobRunView> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const job = (await (await server.request(`/api/jobs/${jobId}`, { jar: who.jar })).json()) as JobRunView;
    if (job.status === 'done' || job.status === 'failed') return job;
  }
  throw new Error(`job ${jobId} did not finish`);
}
const month = (name: string, establishments: number, seed: number) => generateReceita(path.join(dir, name), { establishments, seed });

beforeAll(async () => {
  dir = tempDataDir('receita-admin-');
  await month('2026-09', 20, 1);
  await month('2026-10', 30, 2);
  listing = await startFakeReceitaListing({ dir });
  server = await startTestServer({ RECEITA_DATA_URL: listing.url, SUPPORT_OPERATORS: `outra@sede.test, ${OPERATOR.toUpperCase()}` });
  const op = await createConfirmedUser(server, { email: OPERATOR });
  operator = { ...op, companyId: await seedCompany(server.services.db, { adminUserId: op.userId, name: 'Operadora Plataforma Ltda' }) };
  server.services.viewers.evictViewer(op.userId);
  const a = await createCompanyWithAdmin(server, 'Empresa Alfa Ltda');
  adminA = { ...a.admin, companyId: a.companyId };
  memberA = await memberOf(server, a.companyId, 'vendas');
});
afterAll(async () => {
  await server?.stop();
  await listing?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the refresh card (GET /api/prospecting/refresh)', () => {
  it('an admin of any company sees the state; a member or a stranger does not', async () => {
    const res = await status(adminA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ configured: true, loaded: null, running: null, lastCheck: null, canStart: false, jobId: null });
    const next = new Date(res.body.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('04:10');
    expect((await status(memberA)).status).toBe(403);
    expect((await server.request('/api/prospecting/refresh')).status).toBe(401);
    expect((await status(operator)).body.canStart).toBe(true);
  });

  it('the next daily check is 04:10 in São Paulo, today or tomorrow', () => {
    expect(nextRefreshAt(new Date('2026-10-05T06:00:00Z')).toISOString()).toBe('2026-10-05T07:10:00.000Z');
    expect(nextRefreshAt(new Date('2026-10-05T07:10:00Z')).toISOString()).toBe('2026-10-06T07:10:00.000Z');
  });
});

describe("'Atualizar agora' (POST /api/prospecting/refresh)", () => {
  it('an admin who is not an operator may not start it', async () => {
    const res = await start(adminA);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(REFRESH_MESSAGES.operatorsOnly);
    expect((await server.services.pool.query('SELECT 1 FROM job_runs WHERE kind = $1', [REFRESH_JOB])).rowCount).toBe(0);
  });

  it("an operator starts it as a job of their company: the newest month is imported, and every admin sees it", async () => {
    const res = await start(operator);
    expect(res.status).toBe(202);
    const job = await finished(operator, res.body.jobId);
    expect(job).toMatchObject({ status: 'done', result: { status: 'imported', source: `${listing.url}2026-10/`, establishments: 30 } });
    // Another company's admin cannot read the operator's job.
    expect((await server.request(`/api/jobs/${res.body.jobId}`, { jar: adminA.jar })).status).toBe(404);
    const seen = (await status(adminA)).body;
    expect(seen).toMatchObject({ loaded: { month: '2026-10', establishments: 30 }, running: null, jobId: null });
    expect(seen.lastCheck).toMatchObject({ trigger: 'manual', status: 'imported', month: '2026-10', message: expect.stringContaining('30 estabelecimentos importados') });
    expect(listing.handler.requests).not.toContain('/dados/2026-09/Estabelecimentos0.zip');
  });

  it('nothing new: the check is recorded, nothing downloaded', async () => {
    listing.handler.requests.length = 0;
    const job = await finished(operator, (await start(operator)).body.jobId);
    expect(job).toMatchObject({ status: 'done', result: { status: 'up_to_date' } });
    expect(listing.handler.requests).toEqual(['/dados/']);
    expect((await status(adminA)).body.lastCheck).toMatchObject({ trigger: 'manual', status: 'up_to_date', message: REFRESH_MESSAGES.upToDate });
  });

  it('a broken month fails the job with the reason in Portuguese; the card says it and the previous month stays', async () => {
    await month('2026-11', 40, 3);
    const zip = path.join(dir, '2026-11', 'Estabelecimentos0.zip');
    fs.truncateSync(zip, Math.floor(fs.statSync(zip).size / 2));
    const job = await finished(operator, (await start(operator)).body.jobId);
    expect(job.status).toBe('failed');
    // The reason as the operator reads it: the file, in Portuguese, without the ZIP library's English.
    expect(job.error).toBe('Estabelecimentos0.zip: ZIP inválido ou incompleto.');
    const seen = (await status(adminA)).body;
    expect(seen.loaded).toMatchObject({ month: '2026-10', establishments: 30 });
    expect(seen.lastCheck).toMatchObject({ status: 'failed', month: '2026-11', message: job.error });
    fs.rmSync(path.join(dir, '2026-11'), { recursive: true, force: true });
  });

  it('a listing that does not answer is a failure in Portuguese, not a stack trace', async () => {
    listing.handler.mode = 'drop';
    try {
      const out = await runRefresh(server.services, { log: () => undefined });
      expect(out).toMatchObject({ status: 'failed', message: `Não foi possível ler ${listing.url}: o servidor não respondeu.` });
    } finally {
      listing.handler.mode = 'normal';
    }
    expect((await status(adminA)).body.lastCheck).toMatchObject({ trigger: 'schedule', status: 'failed', message: `Não foi possível ler ${listing.url}: o servidor não respondeu.` });
  });

  it('a run under way shows with its stage to every admin; a second start is refused; a run that died shows as interrupted', async () => {
    const other = new pg.Client({ connectionString: server.services.cfg.DATABASE_URL });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('sede.rf-import'))`);
      const record = await startRunRecord(server.services.pool, 'cli');
      record.source('/srv/receita/2026-12');
      record.progress({ stage: 'Carregando os dados', done: 40, total: 100, message: 'Estabelecimentos0.zip' });
      await expect.poll(async () => (await status(adminA)).body.running, { timeout: 10_000 }).toMatchObject({
        trigger: 'cli',
        month: '2026-12',
        stage: 'Carregando os dados',
        done: 40,
        total: 100,
      });
      const again = await start(operator);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'REFRESH_RUNNING', error: REFRESH_MESSAGES.running });
    } finally {
      await other.end(); // the process holding the lock is gone, its row still says 'running'
    }
    const seen = (await status(adminA)).body;
    expect(seen.running).toBeNull();
    expect(seen.lastCheck).toMatchObject({ trigger: 'cli', status: 'failed', message: REFRESH_MESSAGES.interrupted });
  });

  it("a queued refresh job is followed live by its company's people only", async () => {
    const { rows } = await server.services.pool.query<{ id: string }>(
      `INSERT INTO job_runs (company_id, user_id, kind, status) VALUES ($1, $2, $3, 'queued') RETURNING id`,
      [operator.companyId, operator.userId, REFRESH_JOB],
    );
    try {
      expect((await status(operator)).body.jobId).toBe(rows[0]!.id);
      expect((await status(adminA)).body.jobId).toBeNull();
      expect((await start(operator)).status).toBe(409);
    } finally {
      await server.services.pool.query(`UPDATE job_runs SET status = 'canceled' WHERE id = $1`, [rows[0]!.id]);
    }
  });
});

describe('without RECEITA_DATA_URL', () => {
  it('the card says it is not configured and an operator cannot start it', async () => {
    const plain = await startTestServer({ SUPPORT_OPERATORS: OPERATOR });
    try {
      const op = await createConfirmedUser(plain, { email: OPERATOR });
      await seedCompany(plain.services.db, { adminUserId: op.userId, name: 'Operadora Sem Base Ltda' });
      plain.services.viewers.evictViewer(op.userId);
      const res = await plain.request('/api/prospecting/refresh', { jar: op.jar });
      expect(await res.json()).toMatchObject({ configured: false, nextRunAt: null, canStart: false });
      const post = await plain.request('/api/prospecting/refresh', { method: 'POST', jar: op.jar, json: {} });
      expect(post.status).toBe(409);
      expect(await post.json()).toMatchObject({ code: 'RECEITA_NOT_CONFIGURED', error: REFRESH_MESSAGES.notConfigured });
    } finally {
      await plain.stop();
    }
  });
});
