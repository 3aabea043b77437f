import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '@sede/db/client';

const dialect = new PgDialect();

/**
 * A statement built with Drizzle's `sql`, run as a named prepared statement on the pool (decision
 * 0731): each connection parses and plans it once, not on every call (a list's plan cost more than
 * its execution). The name carries a hash of the text, so a statement of the same `name` with other
 * filters is another prepared statement: callers name only statements of a few shapes (each shape
 * is kept by every connection), and run the rest through `db.execute`.
 */
export async function runPrepared<R extends Record<string, unknown>>(db: Database, name: string, query: SQL): Promise<{ rows: R[] }> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const shape = createHash('sha1').update(text).digest('base64url').slice(0, 12);
  return db.$client.query<R>({ name: `${name}:${shape}`, text, values: params });
}
