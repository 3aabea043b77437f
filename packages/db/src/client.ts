import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // Idle clients get 'terminating connection' when PostgreSQL stops; never crash on it.
  pool.on('error', (e) => console.error('[db] pool error:', e.message));
  return pool;
}

export function createDb(pool: pg.Pool): Database {
  return drizzle(pool, { schema }) as Database;
}

export { schema };
