import type pg from 'pg';
import type { Services } from '../../services.ts';

/**
 * The pool that holds the Receita Federal reference tables (`rf_*`). Every read of the open
 * data goes through here, never `s.pool` directly, so the data can live on its own PostgreSQL
 * (`PROSPECT_DATABASE_URL`). Company tables (reveals, lists) stay on the main pool.
 */
export function rfPool(s: Services): pg.Pool {
  return s.pool;
}
