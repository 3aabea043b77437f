import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { schema, type DbOrTx } from './client.ts';

export type TxContext = { client: pg.PoolClient; db: DbOrTx };

/**
 * One Drizzle instance per pooled connection, made on its first transaction: building one reads
 * the whole schema's relations (`extractTablesRelationalConfig`), which a profile under load found
 * at about 3 ms a transaction (decision 0720). The instance keeps no state between transactions.
 */
const drizzleOf = new WeakMap<pg.PoolClient, DbOrTx>();
function drizzleFor(client: pg.PoolClient): DbOrTx {
  let db = drizzleOf.get(client);
  if (!db) drizzleOf.set(client, (db = drizzle(client, { schema }) as unknown as DbOrTx));
  return db;
}

/**
 * A transaction on one pooled connection, reachable both as raw SQL (conditional claims, row
 * locks) and through Drizzle, and usable by pg-boss's `send({ db })` so a job is queued in the
 * same commit as the rows it talks about. The one transaction helper of the project.
 */
export async function withTransaction<T>(pool: pg.Pool, work: (tx: TxContext) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work({ client, db: drizzleFor(client) });
    await client.query('COMMIT');
    return result;
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** pg-boss's executor over the transaction's connection. */
export const bossDb = (client: pg.PoolClient) => ({
  executeSql: (text: string, values: unknown[]) => client.query(text, values as unknown[]),
});
