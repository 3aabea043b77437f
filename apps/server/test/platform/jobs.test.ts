import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunView } from '@sede/shared/platform/jobs';
import { defineJob, GENERIC_FAILURE, INTERRUPTED_MESSAGE, JobFailure, PROGRESS_INTERVAL_MS } from '../../src/platform/jobs/run.ts';
import type { Services } from '../../src/services.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { seedCompany, seedMember } from '../support/seed.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type CookieJar, type TestServer } from '../support/test-server.ts';
import { openEvents, untilInCompany, within, withProbe } from './support.ts';

/** Background jobs with progress (decision 0117): stored progress, live events, failures, restarts, isolation. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The jobs an area would define; 'probe.wait' holds until the test lets it go (per server). */
function probeJobs(hold: { released: boolean }) {
  return async (s: Services) => {
    await defineJob<{ steps: number }, { counted: number }>(s, 'probe.count', async ({ input, progress }) => {
      for (let i = 1; i <= input.steps; i++) {
        progress({ stage: 'Contando', done: i, total: input.steps, message: `Item ${i} de ${input.steps}` });
        await sleep(15);
      }
      return { counted: input.steps };
    });
    await defineJob(s, 'probe.fail', async ({ progress }) => {
      progress({ stage: 'Lendo a planilha', done: 0, total: 10 });
      throw new JobFailure('A planilha está vazia.');
    });
    await defineJob(s, 'probe.crash', async () => {
      throw new Error('unexpected bug');
    }, { retryLimit: 1 });
    await defineJob<unknown, { resumed: boolean; attempt: number }>(s, 'probe.wait', async ({ progress, resumed, attempt }) => {
      progress({ stage: 'Esperando', done: 1, total: 2 });
      while (!hold.released) {
        await sleep(10);
      }
      return { resumed, attempt };
    });
  };
}

let server: TestServer;
const hold = { released: false };
beforeAll(async () => {
  server = await startTestServer({}, withProbe(probeJobs(hold)));
});
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
const newUser = (s: TestServer = server) => createConfirmedUser(s, { email: `jobs.${Date.now().toString(36)}${seq++}@exemplo.com.br` });
const start = async (s: TestServer, jar: CookieJar, kind: string, input: unknown = {}) => {
  const res = await s.request(`/api/probe/jobs/${kind}`, { method: 'POST', jar, json: input });
  expect(res.status).toBe(200);
  return (await res.json()) as JobRunView;
};
const job = async (s: TestServer, jar: CookieJar, id: string) => {
  const res = await s.request(`/api/jobs/${id}`, { jar });
  expect(res.status).toBe(200);
  return (await res.json()) as JobRunView;
};
const untilStatus = async (s: TestServer, jar: CookieJar, id: string, status: string, ms = 10_000) => {
  let last: JobRunView | null = null;
  await within(ms, async () => (last = await job(s, jar, id)).status === status);
  return last!;
};

describe('jobs', () => {
  it('stores progress (throttled), pushes it live to its owner only, and ends done with the result', async () => {
    const [owner, colleague] = [await newUser(), await newUser()];
    const companyId = await seedCompany(server.services.db, { adminUserId: owner.userId });
    await seedMember(server.services.db, { companyId, userId: colleague.userId, role: 'vendas' });
    await untilInCompany(server, owner.jar);
    await untilInCompany(server, colleague.jar);
    const ownerStream = await openEvents(server, owner.jar);
    const colleagueStream = await openEvents(server, colleague.jar);
    try {
      const t0 = Date.now();
      const queued = await start(server, owner.jar, 'probe.count', { steps: 40 });
      expect(queued).toMatchObject({ kind: 'probe.count', status: 'queued', done: 0 });
      const seenRunning: JobRunView[] = [];
      await within(10_000, async () => {
        const j = await job(server, owner.jar, queued.id);
        if (j.status === 'running' && j.done > 0) seenRunning.push(j);
        return j.status === 'done';
      });
      const elapsed = Date.now() - t0;
      const done = await job(server, owner.jar, queued.id);
      expect(done).toMatchObject({ status: 'done', stage: 'Contando', done: 40, total: 40, message: 'Item 40 de 40', result: { counted: 40 }, error: null });
      expect(seenRunning.length).toBeGreaterThan(0);
      expect(seenRunning[0]!.stage).toBe('Contando');

      await within(2000, () => ownerStream.of('entity').some((e) => (e.data as { action?: string }).action === 'done'));
      const events = ownerStream.of('entity').map((e) => e.data as { entity: string; id: string; action: string });
      expect(events.every((e) => e.entity === 'job' && e.id === queued.id)).toBe(true);
      expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['created', 'running', 'progress', 'done']));
      // 40 reports, at most one write per PROGRESS_INTERVAL_MS (plus the last one).
      const progressEvents = events.filter((e) => e.action === 'progress').length;
      expect(progressEvents).toBeLessThanOrEqual(Math.ceil(elapsed / PROGRESS_INTERVAL_MS) + 1);
      expect(progressEvents).toBeLessThan(40);
      expect(colleagueStream.of('entity')).toEqual([]);
      // A colleague (not an admin) cannot read it either: 404, and it is not in their list.
      expect((await server.request(`/api/jobs/${queued.id}`, { jar: colleague.jar })).status).toBe(404);
      expect(((await (await server.request('/api/jobs', { jar: colleague.jar })).json()) as { jobs: unknown[] }).jobs).toEqual([]);
      // The colleague's own run: the admin (owner) reads it.
      const theirs = await start(server, colleague.jar, 'probe.count', { steps: 1 });
      expect((await job(server, owner.jar, theirs.id)).kind).toBe('probe.count');
      await untilStatus(server, colleague.jar, theirs.id, 'done');
    } finally {
      ownerStream.close();
      colleagueStream.close();
    }
  });

  it('a readable failure fails the run with its message; an unexpected one is retried, then fails in Portuguese', async () => {
    const owner = await newUser();
    await seedCompany(server.services.db, { adminUserId: owner.userId });
    await untilInCompany(server, owner.jar);
    const failing = await start(server, owner.jar, 'probe.fail');
    const failed = await untilStatus(server, owner.jar, failing.id, 'failed');
    expect(failed).toMatchObject({ error: 'A planilha está vazia.', message: 'A planilha está vazia.', stage: 'Lendo a planilha' });

    const crashing = await start(server, owner.jar, 'probe.crash');
    await untilStatus(server, owner.jar, crashing.id, 'failed', 20_000);
    const { rows } = await server.services.pool.query('SELECT attempts, error FROM job_runs WHERE id = $1', [crashing.id]);
    expect(rows[0]).toEqual({ attempts: 2, error: GENERIC_FAILURE });
  });

  it('lists the company’s runs by kind; another company gets 404; bad input is refused', async () => {
    const [owner, outsider] = [await newUser(), await newUser()];
    await seedCompany(server.services.db, { adminUserId: owner.userId });
    await seedCompany(server.services.db, { adminUserId: outsider.userId });
    await untilInCompany(server, owner.jar);
    await untilInCompany(server, outsider.jar);
    const run = await start(server, owner.jar, 'probe.count', { steps: 1 });
    await untilStatus(server, owner.jar, run.id, 'done');
    const list = (await (await server.request('/api/jobs?kind=probe.count', { jar: owner.jar })).json()) as { jobs: JobRunView[] };
    expect(list.jobs.map((j) => j.id)).toEqual([run.id]);
    const theirs = (await (await server.request('/api/jobs', { jar: outsider.jar })).json()) as { jobs: JobRunView[] };
    expect(theirs.jobs).toEqual([]);
    await expectTenantIsolation(server, { owner, outsider, secrets: [run.id] }, [{ method: 'GET', path: `/api/jobs/${run.id}` }]);
    for (const id of [randomUUID(), 'lixo']) expect((await server.request(`/api/jobs/${id}`, { jar: owner.jar })).status).toBe(404);
    const bad = await server.request('/api/jobs?kind=DROP%20TABLE', { jar: owner.jar });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Tipo de trabalho inválido.', code: 'VALIDATION_ERROR' });
  });
});

describe('restart', () => {
  it('a run interrupted by a shutdown is resumed by the next server; an orphaned one is failed cleanly', async () => {
    const holdA = { released: false };
    const a = await startTestServer({}, withProbe(probeJobs(holdA)));
    let b: TestServer | null = null;
    try {
      const owner = await newUser(a);
      const companyId = await seedCompany(a.services.db, { adminUserId: owner.userId });
      await untilInCompany(a, owner.jar);
      const run = await start(a, owner.jar, 'probe.wait');
      await within(10_000, async () => (await job(a, owner.jar, run.id)).stage === 'Esperando');
      // An orphan: a run whose pg-boss job no longer exists (its retries ran out while no server ran).
      const { rows } = await a.services.pool.query(`INSERT INTO job_runs (company_id, user_id, kind, status, attempts) VALUES ($1, $2, 'probe.count', 'running', 1) RETURNING id`, [
        companyId,
        owner.userId,
      ]);
      const orphanId = rows[0].id as string;

      // A stops while the handler still works: pg-boss waits for it, then fails the attempt
      // (it will be retried); the handler, let go afterwards, can no longer write anything.
      const databaseUrl = a.databaseUrl;
      await a.stop();
      holdA.released = true;

      const holdB = { released: true };
      b = await startTestServer({ DATABASE_URL: databaseUrl, DATA_DIR: tempDataDir('sede-jobs-b-') }, withProbe(probeJobs(holdB)));
      const done = await untilStatus(b, owner.jar, run.id, 'done', 20_000);
      expect(done.result).toEqual({ resumed: true, attempt: 2 });
      expect(await job(b, owner.jar, orphanId)).toMatchObject({ status: 'failed', error: INTERRUPTED_MESSAGE });
    } finally {
      await b?.stop();
      await a.stop().catch(() => {});
    }
  });
});
