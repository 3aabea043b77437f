import type pg from 'pg';
import type PgBoss from 'pg-boss';
import { bossDb, withTransaction } from '@sede/db/transaction';
import { LIVE_JOB } from '@sede/shared/platform/live';
import type { JobRunView, JobStatus } from '@sede/shared/platform/jobs';
import type { Services, Tenant } from '../../services.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { announce } from '../live/announce.ts';
import { serverState } from '../module.ts';

/** What a handler reports while it works; stored on the run and pushed live to its owner. */
export type JobProgress = { stage?: string; done?: number; total?: number | null; message?: string };

export type JobContext<I> = {
  runId: string;
  input: I;
  /** The company and the person who started it: query with it as in a request. */
  tenant: Tenant;
  /** 1 on the first try; more when pg-boss retries it (after a failure or a restart). */
  attempt: number;
  /** True when an earlier attempt had started: the handler starts over (it must be idempotent). */
  resumed: boolean;
  /** Stores and announces progress; calls closer than PROGRESS_INTERVAL_MS apart are merged. */
  progress: (p: JobProgress) => void;
};

export type JobHandler<I, R> = (ctx: JobContext<I>) => Promise<R>;

/** A failure the person should read (pt-BR): the run fails with this message, without retrying. */
export class JobFailure extends Error {}

/**
 * `concurrency`: how many runs of this kind one server works at once (1 by default): pg-boss 10
 * has no teamSize/localConcurrency, so each is a worker of its own (`boss.work` once per slot,
 * decision 0720); the queue's SKIP LOCKED fetch hands a job to one of them only.
 */
export type JobOptions = { retryLimit?: number; expireInMinutes?: number; concurrency?: number };

/** At most 5 progress writes per second per run (decision 0117). */
export const PROGRESS_INTERVAL_MS = 200;
export const GENERIC_FAILURE = 'O trabalho falhou. Tente novamente em alguns instantes.';
export const RESUMED_MESSAGE = 'Retomado após uma interrupção do servidor.';
export const RETRYING_MESSAGE = 'Houve uma falha; tentando novamente…';
export const INTERRUPTED_MESSAGE = 'O trabalho foi interrompido e não pôde ser retomado. Inicie-o novamente.';

type JobData = { runId: string; input: unknown };
type Registered = { queue: string; workerIds: string[]; options: Required<JobOptions> };
const registry = (s: Services) => serverState(s, 'platform.jobs', () => new Map<string, Registered>());

export const queueName = (kind: string) => `job_${kind.replace(/[^\w-]/g, '_')}`;
const KIND = /^[a-z][a-z0-9_.-]{0,63}$/;

type RunRow = {
  id: string;
  company_id: string;
  user_id: string | null;
  kind: string;
  status: JobStatus;
  stage: string | null;
  done: number;
  total: number | null;
  message: string | null;
  result: unknown;
  error: string | null;
  attempts: number;
  created_at: Date;
  updated_at: Date;
};
const COLUMNS = 'id, company_id, user_id, kind, status, stage, done, total, message, result, error, attempts, created_at, updated_at';

export const toJobView = (r: RunRow): JobRunView => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  stage: r.stage,
  done: r.done,
  total: r.total,
  message: r.message,
  result: r.result ?? null,
  error: r.error,
  createdAt: r.created_at.toISOString(),
  updatedAt: r.updated_at.toISOString(),
});

/** Tells the run's owner (or the whole company for a run nobody started) that it changed. */
const announceRun = (client: pg.PoolClient | pg.Pool, run: { id: string; company_id: string; user_id: string | null }, action: string) =>
  announce(client, { companyId: run.company_id, entity: LIVE_JOB, id: run.id, action, ...(run.user_id ? { userIds: [run.user_id] } : {}) });

/**
 * Registers the worker of one kind of job; call it in the module's `start`. Runs whose pg-boss
 * job ended without them finishing (retries exhausted after crashes) are failed cleanly here.
 */
export async function defineJob<I, R>(s: Services, kind: string, handler: JobHandler<I, R>, opts: JobOptions = {}) {
  if (!KIND.test(kind)) throw new Error(`defineJob: invalid kind ${kind}`);
  const queue = queueName(kind);
  const options = { retryLimit: opts.retryLimit ?? 2, expireInMinutes: opts.expireInMinutes ?? 15, concurrency: Math.max(1, opts.concurrency ?? 1) };
  const entry: Registered = { queue, workerIds: [], options };
  registry(s).set(kind, entry);
  await s.boss.createQueue(queue);
  await failOrphans(s, kind, queue);
  for (let slot = 0; slot < options.concurrency; slot++) {
    let workerId = '';
    workerId = await s.boss.work<JobData>(queue, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
      // A worker that found work fetches again at once instead of waiting out the polling interval: a queue drains at the speed of its runs, not one a second (decision 0720).
      s.boss.notifyWorker(workerId);
      for (const job of jobs) await runOne(s, kind, job, handler as JobHandler<unknown, unknown>);
    });
    entry.workerIds.push(workerId);
  }
}

/** Queued or running runs of this kind whose pg-boss job is gone or finished: failed, with a message. */
async function failOrphans(s: Services, kind: string, queue: string) {
  const { rows } = await s.pool.query<RunRow>(
    `UPDATE job_runs r SET status = 'failed', error = $3, message = $3, updated_at = now()
      WHERE r.kind = $1 AND r.status IN ('queued', 'running')
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.data->>'runId' = r.id::text AND j.state < 'completed')
      RETURNING ${COLUMNS}`,
    [kind, queue, INTERRUPTED_MESSAGE],
  );
  for (const run of rows) await announceRun(s.pool, run, 'failed');
}

/**
 * Starts an area's long work: the run (queued) and its pg-boss job are written in one
 * transaction — in the caller's when `client` is given — and the worker is woken after it.
 */
export async function startJob<I>(s: Services, tenant: Tenant, kind: string, input: I, client?: pg.PoolClient): Promise<JobRunView> {
  const entry = registry(s).get(kind);
  if (!entry) throw new Error(`startJob: no job '${kind}' defined on this server (defineJob in the module's start)`);
  const work = async (c: pg.PoolClient) => {
    const { rows } = await c.query<RunRow>(`INSERT INTO job_runs (company_id, user_id, kind, status) VALUES ($1, $2, $3, 'queued') RETURNING ${COLUMNS}`, [
      tenant.companyId,
      tenant.actorId || null, // a system tenant acting for nobody: a run of the company (decision 0623)
      kind,
    ]);
    const run = rows[0]!;
    const data: JobData = { runId: run.id, input };
    await s.boss.send(entry.queue, data, {
      db: bossDb(c),
      retryLimit: entry.options.retryLimit,
      retryDelay: 1,
      retryBackoff: true,
      expireInMinutes: entry.options.expireInMinutes,
    });
    await announceRun(c, run, 'created');
    return toJobView(run);
  };
  const view = client ? await work(client) : await withTransaction(s.pool, ({ client: c }) => work(c));
  if (!client) wakeJobWorker(s, kind);
  return view;
}

/** Wakes this kind's worker now: after the caller's transaction that called `startJob(…, client)` committed. */
export function wakeJobWorker(s: Services, kind: string): void {
  for (const id of registry(s).get(kind)?.workerIds ?? []) s.boss.notifyWorker(id);
}

async function runOne(s: Services, kind: string, job: PgBoss.JobWithMetadata<JobData>, handler: JobHandler<unknown, unknown>) {
  const { runId, input } = job.data;
  // Claim the run: queued → running (a 'running' one is a resumed attempt after a restart).
  const claimed = await withTransaction(s.pool, async ({ client }) => {
    const { rows } = await client.query<RunRow & { was: JobStatus }>(
      `UPDATE job_runs r SET status = 'running', attempts = r.attempts + 1, error = NULL, updated_at = now(),
              message = CASE WHEN r.attempts > 0 THEN $2 ELSE r.message END
         FROM (SELECT id, status AS was FROM job_runs WHERE id = $1 FOR UPDATE) prev
        WHERE r.id = prev.id AND r.status IN ('queued', 'running')
        RETURNING r.${COLUMNS.split(', ').join(', r.')}, prev.was`,
      [runId, RESUMED_MESSAGE],
    );
    const run = rows[0];
    if (run) await announceRun(client, run, 'running');
    return run;
  });
  if (!claimed) return; // canceled, finished or gone: nothing to do
  const attempt = claimed.attempts;
  const tenant: Tenant = { db: s.db, companyId: claimed.company_id, actorId: claimed.user_id ?? '' };

  // Progress: merged and written at most every PROGRESS_INTERVAL_MS, in order, only by this attempt.
  let pending: JobProgress | null = null;
  let lastWrite = 0;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  const write = () => {
    timer = null;
    const p = pending;
    pending = null;
    if (!p) return chain;
    lastWrite = Date.now();
    chain = chain
      .then(async () => {
        await withTransaction(s.pool, async ({ client }) => {
          const { rowCount } = await client.query(
            `UPDATE job_runs SET stage = coalesce($3, stage), done = coalesce($4, done), total = CASE WHEN $5::boolean THEN $6 ELSE total END,
                    message = coalesce($7, message), updated_at = now()
              WHERE id = $1 AND attempts = $2 AND status = 'running'`,
            [runId, attempt, p.stage ?? null, p.done ?? null, p.total !== undefined, p.total ?? null, p.message ?? null],
          );
          if (rowCount) await announceRun(client, claimed, 'progress');
        });
      })
      .catch((e) => console.error(`[jobs] ${kind} progress not saved:`, (e as Error).message));
    return chain;
  };
  const progress = (p: JobProgress) => {
    pending = { ...pending, ...p };
    const wait = PROGRESS_INTERVAL_MS - (Date.now() - lastWrite);
    if (wait <= 0 && !timer) void write();
    else if (!timer) timer = setTimeout(write, Math.max(wait, 0));
  };
  const settle = async () => {
    if (timer) clearTimeout(timer);
    await write();
  };

  const finish = async (status: 'done' | 'failed' | 'queued', fields: { result?: unknown; error?: string; message?: string }) => {
    await withTransaction(s.pool, async ({ client }) => {
      const { rowCount } = await client.query(
        `UPDATE job_runs SET status = $3, result = coalesce($4::jsonb, result), error = $5, message = coalesce($6, message),
                done = CASE WHEN $3 = 'done' AND total IS NOT NULL THEN total ELSE done END, updated_at = now()
          WHERE id = $1 AND attempts = $2 AND status = 'running'`,
        [runId, attempt, status, fields.result === undefined ? null : JSON.stringify(fields.result), fields.error ?? null, fields.message ?? null],
      );
      if (rowCount) await announceRun(client, claimed, status);
    });
  };

  let result: unknown;
  try {
    result = await handler({ runId, input, tenant, attempt, resumed: attempt > 1, progress });
  } catch (e) {
    await settle();
    const readable = e instanceof JobFailure || e instanceof AppError;
    if (!readable && job.retryCount < job.retryLimit) {
      console.error(`[jobs] ${kind} ${runId} attempt ${attempt} failed, retrying:`, (e as Error).message);
      await finish('queued', { message: RETRYING_MESSAGE });
      throw e; // pg-boss retries it
    }
    if (!readable) console.error(`[jobs] ${kind} ${runId} failed:`, e);
    const message = readable ? (e as Error).message : GENERIC_FAILURE;
    await finish('failed', { error: message, message });
    return;
  }
  await settle();
  await finish('done', { result: result ?? null });
}

/** Who may read a run: the person who started it, or every run of the company for its admins. */
export type JobReader = { tenant: Tenant; allOfCompany: boolean };

/** One run the reader may see; another company's, a colleague's (for a non-admin) or a malformed id is 404. */
export async function getJobRun(pool: pg.Pool, reader: JobReader, id: string): Promise<JobRunView> {
  const { rows } = await pool.query<RunRow>(`SELECT ${COLUMNS} FROM job_runs WHERE id = $1 AND company_id = $2 AND ($3::boolean OR user_id = $4)`, [
    id,
    reader.tenant.companyId,
    reader.allOfCompany,
    reader.tenant.actorId,
  ]);
  if (!rows[0]) throw notFound('Trabalho não encontrado.');
  return toJobView(rows[0]);
}

/** The latest runs the reader may see (of one kind), newest first. */
export async function listJobRuns(pool: pg.Pool, reader: JobReader, kind?: string, limit = 50): Promise<JobRunView[]> {
  const { rows } = await pool.query<RunRow>(
    `SELECT ${COLUMNS} FROM job_runs WHERE company_id = $1 AND ($2::text IS NULL OR kind = $2) AND ($3::boolean OR user_id = $4)
      ORDER BY created_at DESC, id DESC LIMIT $5`,
    [reader.tenant.companyId, kind ?? null, reader.allOfCompany, reader.tenant.actorId, limit],
  );
  return rows.map(toJobView);
}
