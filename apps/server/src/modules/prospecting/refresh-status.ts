import cronParser from 'cron-parser';
import { monthOfSource, REFRESH_JOB, REFRESH_MESSAGES, type ReceitaRefreshStatus, type RefreshRun, type RefreshTrigger } from '@sede/shared/prospecting/refresh';
import type { Services, Tenant } from '../../services.ts';
import { sourceName } from './queries.ts';
import { importLockHeld } from './refresh-runs.ts';
import { REFRESH_CRON } from './refresh.ts';
import { rfPool } from './rf-pool.ts';

/**
 * What /admin shows of the data's upkeep (decision 0415): the month in use, the latest check,
 * a run under way (any trigger, any instance), the next daily check. Installation-wide facts
 * only: a job id is given only when the run belongs to the caller's company.
 */

type RunRow = {
  trigger: RefreshTrigger;
  status: RefreshRun['status'];
  source: string | null;
  stage: string | null;
  done: string | null;
  total: string | null;
  message: string | null;
  started_at: Date;
  finished_at: Date | null;
};

const num = (v: string | null) => (v === null ? null : Number(v));
const toRun = (r: RunRow): RefreshRun => ({
  trigger: r.trigger,
  status: r.status,
  month: r.source ? (monthOfSource(r.source) ?? r.source) : null,
  stage: r.stage,
  done: num(r.done),
  total: num(r.total),
  message: r.message,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
});

/** The daily check's next time after `now` (the cron in São Paulo's time, as the schedule runs it). */
export const nextRefreshAt = (now = new Date()) => cronParser.parseExpression(REFRESH_CRON, { tz: 'America/Sao_Paulo', currentDate: now }).next().toDate();

export async function refreshStatus(s: Services, tenant: Tenant, canStart: boolean): Promise<ReceitaRefreshStatus> {
  const pool = rfPool(s);
  const [loaded, runs, held, job] = await Promise.all([
    pool.query<{ source: string; finished_at: Date; establishments: string }>('SELECT source, finished_at, establishments FROM rf_imports ORDER BY id DESC LIMIT 1'),
    pool.query<RunRow>('SELECT trigger, status, source, stage, done, total, message, started_at, finished_at FROM rf_refresh_runs ORDER BY id DESC LIMIT 2'),
    importLockHeld(pool),
    s.pool.query<{ id: string }>(
      `SELECT id FROM job_runs WHERE kind = $1 AND company_id = $2 AND status IN ('queued', 'running') ORDER BY created_at DESC LIMIT 1`,
      [REFRESH_JOB, tenant.companyId],
    ),
  ]);
  const [latest, previous] = runs.rows;
  // A row left 'running' without the lock held is a run that died with its process.
  const interrupted = latest?.status === 'running' && !held;
  const running = latest?.status === 'running' && held ? toRun(latest) : null;
  const finished = interrupted ? { ...latest, status: 'failed' as const, message: REFRESH_MESSAGES.interrupted, finished_at: latest.started_at } : running ? previous : latest;
  const last = loaded.rows[0];
  const configured = Boolean(s.cfg.RECEITA_DATA_URL);
  return {
    configured,
    loaded: last
      ? { month: monthOfSource(last.source), source: sourceName(last.source), importedAt: last.finished_at.toISOString(), establishments: Number(last.establishments) }
      : null,
    running,
    lastCheck: finished ? toRun(finished) : null,
    nextRunAt: configured ? nextRefreshAt().toISOString() : null,
    canStart: canStart && configured,
    jobId: job.rows[0]?.id ?? null,
  };
}

/** A refresh is under way or waiting: the import lock is held, or a refresh job of any company is queued or running. */
export async function refreshUnderway(s: Services): Promise<boolean> {
  if (await importLockHeld(rfPool(s))) return true;
  const { rowCount } = await s.pool.query(`SELECT 1 FROM job_runs WHERE kind = $1 AND status IN ('queued', 'running') LIMIT 1`, [REFRESH_JOB]);
  return (rowCount ?? 0) > 0;
}
