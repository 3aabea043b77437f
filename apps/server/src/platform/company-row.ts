import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@sede/db/client';

/**
 * A company's one row of a table keyed by the company (its settings, its sender, its certificate):
 * inserted the first time, its columns replaced by `values` after.
 */
export const upsertCompanyRow = <T extends PgTable & { companyId: AnyPgColumn }>(db: DbOrTx, table: T, companyId: string, values: Omit<T['$inferInsert'], 'companyId'>) =>
  db
    .insert(table)
    .values({ companyId, ...values } as T['$inferInsert'])
    .onConflictDoUpdate({ target: table.companyId, set: values as never });
