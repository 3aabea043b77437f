import type pg from 'pg';
import { REFRESH_JOB, REFRESH_MESSAGES, type RefreshTrigger } from '@sede/shared/prospecting/refresh';
import { defineJob, JobFailure } from '../../platform/jobs/run.ts';
import type { Services } from '../../services.ts';
import { ImportError, importReceita, type ImportProgress, type ImportResult } from './importer/import.ts';
import { IMPORT_LOCK_KEY, importedMessage, startRunRecord } from './refresh-runs.ts';
import { rfPool } from './rf-pool.ts';
import { scheduleJob } from '../../platform/jobs/schedules.ts';

/**
 * The admin-free refresh of the Receita Federal open data (decision 0241): a
 * pg-boss schedule checks RECEITA_DATA_URL once a day and imports the newest month not yet
 * imported with the same importer as the CLI (download, stream, load into new tables, swap).
 * A failure is logged and leaves the previous data; one import at a time (a singleton queue,
 * and a PostgreSQL advisory lock shared with `npm run receita:import`). Every run is recorded
 * in `rf_refresh_runs` for /admin, and an operator may start one there (decisions 0415, 0416).
 */

export const REFRESH_QUEUE = 'prospecting-refresh';
/** Every day at 04:10 (São Paulo): the Receita publishes a month's folder on an unannounced day. */
export const REFRESH_CRON = '10 4 * * *';
/** A base given as is (no `YYYY-MM/` folders) is imported again after this many days. */
export const SAME_BASE_DAYS = 28;
/** An import of the full register takes about an hour here: the job may run this long. */
const EXPIRE_HOURS = 12;

export type RefreshOutcome =
  | { status: 'not_configured' }
  | { status: 'busy' }
  | { status: 'up_to_date'; source: string }
  | { status: 'imported'; source: string; result: ImportResult }
  | { status: 'failed'; source: string | null; message: string };

/**
 * Runs `work` holding the import lock of that database; `null` when another import holds it.
 * The lock is a session lock on a connection of its own, released at the end (or when the
 * process dies: PostgreSQL drops it with the session).
 */
export async function withImportLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [IMPORT_LOCK_KEY]);
    if (!rows[0]!.ok) return null;
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [IMPORT_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}

/** The months (`YYYY-MM`) a folder listing links to, newest first. */
export function monthsOf(listing: string): string[] {
  const found = new Set<string>();
  for (const m of listing.matchAll(/href\s*=\s*["']?(?:[^"'>\s]*\/)?((?:19|20)\d{2}-(?:0[1-9]|1[0-2]))\/?["'\s>]/gi)) found.add(m[1]!);
  return [...found].sort().reverse();
}

/** Reads a listing; a server that does not answer is said in Portuguese. */
async function fetchListing(base: string, fetchImpl: typeof fetch): Promise<Response> {
  try {
    return await fetchImpl(base);
  } catch (e) {
    throw new ImportError(`Não foi possível ler ${base}: o servidor não respondeu.`, (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).message);
  }
}

/**
 * What `url` names: a listing of `YYYY-MM/` folders (the Receita's `dados_abertos_cnpj/`) gives
 * its newest month's folder; anything else is taken as one month's base itself.
 */
export async function resolveSource(url: string, fetchImpl: typeof fetch = fetch): Promise<{ source: string; listing: boolean }> {
  const base = url.endsWith('/') ? url : `${url}/`;
  const res = await fetchListing(base, fetchImpl);
  const months = res.ok ? monthsOf(await res.text()) : [];
  if (!res.ok) await res.body?.cancel();
  return months.length ? { source: new URL(`${months[0]}/`, base).toString(), listing: true } : { source: base, listing: false };
}

/**
 * What to import from `url`: the newest `YYYY-MM/` folder of its listing when it has any,
 * unless it was imported already; else the URL itself as one month's base, unless it was
 * imported in the last SAME_BASE_DAYS days. Null: nothing new.
 */
export async function pickSource(pool: pg.Pool, url: string, fetchImpl: typeof fetch = fetch): Promise<string | null> {
  const { source, listing } = await resolveSource(url, fetchImpl);
  if (listing) {
    const done = await pool.query('SELECT 1 FROM rf_imports WHERE source = $1 LIMIT 1', [source]);
    return done.rowCount ? null : source;
  }
  const recent = await pool.query(`SELECT 1 FROM rf_imports WHERE source = $1 AND finished_at > now() - make_interval(days => $2) LIMIT 1`, [source, SAME_BASE_DAYS]);
  return recent.rowCount ? null : source;
}

/** A failure for the log and the CLI: the message, then the library's or the database's own words. */
export const describeFailure = (e: unknown) => (e instanceof ImportError ? `${e.message}${e.detail ? ` (${e.detail})` : ''}` : ((e as Error).stack ?? String(e)));
const readable = (e: unknown) => (e instanceof ImportError ? e.message : REFRESH_MESSAGES.unexpected);

export type RefreshOptions = { log?: (line: string) => void; trigger?: RefreshTrigger; onProgress?: (p: ImportProgress) => void };

export async function runRefresh(s: Services, opts: RefreshOptions = {}): Promise<RefreshOutcome> {
  const log = opts.log ?? ((l: string) => console.log(l));
  const url = s.cfg.RECEITA_DATA_URL;
  if (!url) return { status: 'not_configured' };
  const pool = rfPool(s);
  let source: string | null = null;
  const outcome = await withImportLock(pool, async (): Promise<RefreshOutcome> => {
    const record = await startRunRecord(pool, opts.trigger ?? 'schedule');
    const onProgress = (p: ImportProgress) => {
      record.progress(p);
      opts.onProgress?.(p);
    };
    try {
      source = await pickSource(pool, url);
      if (!source) {
        log(`[receita] atualização: nada novo em ${url}`);
        await record.finish('up_to_date', REFRESH_MESSAGES.upToDate);
        return { status: 'up_to_date', source: url };
      }
      record.source(source);
      log(`[receita] atualização mensal: importando ${source}`);
      const result = await importReceita(pool, source, { log, source, onProgress });
      await record.finish('imported', importedMessage(result));
      return { status: 'imported', source, result };
    } catch (e) {
      const message = readable(e);
      console.error(`[receita] atualização interrompida (${source ?? url}): ${describeFailure(e)}; os dados anteriores continuam em uso.`);
      await record.finish('failed', message);
      return { status: 'failed', source, message };
    }
  });
  if (!outcome) {
    log('[receita] atualização: outra importação está em andamento; nada feito.');
    return { status: 'busy' };
  }
  return outcome;
}

/** In the module's start: the queue (one job at a time), the daily check and its worker. */
export async function scheduleRefresh(s: Services): Promise<void> {
  await s.boss.createQueue(REFRESH_QUEUE, { name: REFRESH_QUEUE, policy: 'singleton', retryLimit: 0, expireInHours: EXPIRE_HOURS });
  // Without RECEITA_DATA_URL nothing is scheduled (decision 0779: schedules live in the process).
  if (s.cfg.RECEITA_DATA_URL) scheduleJob(s.boss, REFRESH_QUEUE, REFRESH_CRON, 'America/Sao_Paulo');
  await s.boss.work(REFRESH_QUEUE, async () => {
    await runRefresh(s);
  });
  await defineJob(s, REFRESH_JOB, (ctx) => refreshJob(s, ctx.progress), { retryLimit: 0, expireInMinutes: EXPIRE_HOURS * 60 });
}

/**
 * 'Atualizar agora' (decision 0416): the same run as the daily check, as a platform job of the
 * operator's company, so the person who started it follows it live. Not retried: a failed
 * multi-GB import is not run again in a loop (the daily check tries again).
 */
async function refreshJob(s: Services, progress: (p: ImportProgress) => void) {
  const out = await runRefresh(s, { trigger: 'manual', onProgress: progress });
  switch (out.status) {
    case 'imported':
      return { status: out.status, source: out.source, establishments: out.result.establishments };
    case 'up_to_date':
      return { status: out.status };
    case 'busy':
      throw new JobFailure(REFRESH_MESSAGES.busy);
    case 'not_configured':
      throw new JobFailure(REFRESH_MESSAGES.notConfigured);
    case 'failed':
      throw new JobFailure(out.message);
  }
}
