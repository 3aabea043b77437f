import { createDb, createPool } from '@sede/db/client';
import { runMigrations } from '@sede/db/migrate';
import type pg from 'pg';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/**
 * The pool that holds the Receita Federal reference tables (`rf_*`). Every read of the open
 * data goes through here, never `s.pool` directly, so the data can live on its own PostgreSQL
 * (`PROSPECT_DATABASE_URL`, decision 0242): then one pool to it per server, created on first
 * use and closed when the server stops. Company tables (reveals, lists) stay on the main pool.
 */
export function rfPool(s: Services): pg.Pool {
  const url = s.cfg.PROSPECT_DATABASE_URL;
  if (!url) return s.pool;
  return serverState(s, 'prospecting.rfPool', () => createPool(url, 5));
}

/** Whether the open data lives on a database of its own. */
export const separateRfDatabase = (s: Services) => Boolean(s.cfg.PROSPECT_DATABASE_URL);

/**
 * With PROSPECT_DATABASE_URL, that database gets the project's committed migrations too (the
 * `rf_*` tables and their indexes come from them; the other tables stay empty there). The same
 * migrator, so the two databases never disagree about the `rf_*` schema (decision 0242).
 */
export async function prepareRfDatabase(s: Services): Promise<void> {
  if (!separateRfDatabase(s)) return;
  await migrateRfDatabase(rfPool(s));
}

export async function migrateRfDatabase(pool: pg.Pool): Promise<void> {
  // One migrator at a time per database (several servers may start together).
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['sede.rf-migrations']);
    try {
      await runMigrations(createDb(pool));
    } finally {
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['sede.rf-migrations']);
    }
  } finally {
    client.release();
  }
}

export async function closeRfPool(s: Services): Promise<void> {
  if (!separateRfDatabase(s) || !s.state.has('prospecting.rfPool')) return;
  await (s.state.get('prospecting.rfPool') as pg.Pool).end();
  s.state.delete('prospecting.rfPool');
}
