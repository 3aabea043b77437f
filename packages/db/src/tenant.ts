import { index, uuid, type PgColumn } from 'drizzle-orm/pg-core';
import { companies } from './schema/companies.ts';

/**
 * The column every company-owned table starts with: `company_id uuid not null references
 * companies on delete cascade`. Closing a company removes its rows; no row exists without one.
 */
export const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

/**
 * The index a tenant's lists use: company first, then the list's order (e.g. created_at, id),
 * so `WHERE company_id = $1 ORDER BY …` is one index range scan.
 */
export const companyIndex = (table: string, ...then: PgColumn[]) => (t: { companyId: PgColumn }) =>
  index(`${table}_company_${then.map((c) => c.name).join('_') || 'id'}_idx`).on(t.companyId, ...then);
