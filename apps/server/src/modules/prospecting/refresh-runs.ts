import type pg from 'pg';
import { REFRESH_MESSAGES, type RefreshRunStatus, type RefreshTrigger } from '@sede/shared/prospecting/refresh';
import type { ImportProgress, ImportResult } from './importer/import.ts';

/**
 * The record of the data's upkeep (`rf_refresh_runs`, decision 0415): a row per run, written
 * by whoever holds the import lock (the daily check, 'Atualizar agora', the CLI), so /admin
 * shows the same state on every instance. Progress is written at most once a second.
 */

export const IMPORT_LOCK_KEY = 'sede.rf-import';
const PROGRESS_EVERY_MS = 1000;

export type RunRecorder = {
  progress: (p: ImportProgress) => void;
  source: (source: string) => void;
  finish: (status: RefreshRunStatus, message: string | null) => Promise<void>;
};

const nf = new Intl.NumberFormat('pt-BR');
/** What a finished import says in the record. */
export const importedMessage = (r: ImportResult) =>
  `${nf.format(r.establishments)} ${r.establishments === 1 ? 'estabelecimento importado' : 'estabelecimentos importados'} em ${r.seconds < 60 ? `${Math.max(1, Math.round(r.seconds))} s` : `${Math.round(r.seconds / 60)} min`}.`;

/**
 * Whether some session holds the import lock now (an import is under way, on this database).
 * `pg_advisory_lock(bigint)` shows in pg_locks as the key's high half (classid) and low half (objid).
 */
export async function importLockHeld(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_locks
        WHERE locktype = 'advisory' AND objsubid = 1 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid::text::bigint = ((hashtext($1)::bigint >> 32) & 4294967295)
          AND objid::text::bigint = (hashtext($1)::bigint & 4294967295)) AS held`,
    [IMPORT_LOCK_KEY],
  );
  return rows[0]!.held;
}

/**
 * Starts the record of a run; call it holding the import lock. A row still 'running' from
 * before is a run that died with its process (the lock is ours now): it is marked interrupted.
 */
export async function startRunRecord(pool: pg.Pool, trigger: RefreshTrigger): Promise<RunRecorder> {
  await pool.query(`UPDATE rf_refresh_runs SET status = 'failed', message = $1, finished_at = updated_at WHERE status = 'running'`, [REFRESH_MESSAGES.interrupted]);
  const { rows } = await pool.query<{ id: number }>(`INSERT INTO rf_refresh_runs (trigger) VALUES ($1) RETURNING id`, [trigger]);
  const id = rows[0]!.id;
  let last = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const write = (sql: string, params: unknown[]) => {
    chain = chain.then(() => pool.query(sql, [id, ...params])).catch((e) => console.error('[receita] registro da atualização não salvo:', (e as Error).message));
    return chain;
  };
  return {
    progress(p) {
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS) return;
      last = now;
      void write(`UPDATE rf_refresh_runs SET stage = $2, done = $3, total = $4, message = $5, updated_at = now() WHERE id = $1`, [p.stage, p.done, p.total, p.message ?? null]);
    },
    source(source) {
      void write(`UPDATE rf_refresh_runs SET source = $2, updated_at = now() WHERE id = $1`, [source]);
    },
    async finish(status, message) {
      await write(
        `UPDATE rf_refresh_runs SET status = $2, message = $3, stage = NULL, done = NULL, total = NULL, updated_at = now(), finished_at = now() WHERE id = $1`,
        [status, message],
      );
    },
  };
}
