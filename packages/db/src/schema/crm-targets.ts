import { bigint, date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * Sales targets (metas; decision 0166): what a salesperson should win in a
 * month, in integer cents. `month` is the first day of the month (a calendar month in
 * America/Sao_Paulo). One row per (company, salesperson, month); the unique index is also the
 * list's index (company first, then month through the metrics' range scan).
 */
export const crmTargets = pgTable(
  'crm_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    targetCents: bigint('target_cents', { mode: 'number' }).notNull(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crm_targets_company_month_user_key').on(t.companyId, t.month, t.userId)],
);
