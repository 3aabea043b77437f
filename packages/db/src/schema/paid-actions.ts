import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * One row per paid action run (docs/decisions/0122-paid-action-reservations.md): the coins are
 * reserved (a ledger debit) when the row is inserted, and the row then becomes `committed`
 * (the work succeeded) or `refunded` (it failed, or it was left reserved past the sweep's age).
 * `(company_id, reference)` is unique: the same reference is charged at most once.
 */
export const paidActions = pgTable(
  'paid_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** The caller's idempotency key, e.g. 'deal:<id>:summary:<version>'. */
    reference: text('reference').notNull(),
    action: text('action').notNull(),
    quantity: integer('quantity').notNull().default(1),
    /** Coins reserved (0 when nothing was charged: the person's own AI key). */
    coins: integer('coins').notNull(),
    status: text('status').notNull().default('reserved'), // reserved | committed | refunded
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('paid_actions_company_reference_key').on(t.companyId, t.reference),
    companyIndex('paid_actions', t.createdAt)(t),
    // The sweep of stale reservations reads only the few rows still reserved.
    index('paid_actions_reserved_idx').on(t.createdAt).where(sql`${t.status} = 'reserved'`),
  ],
);
