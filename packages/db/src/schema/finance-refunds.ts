import { bigint, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finEntries } from './finance.ts';
import { finCharges } from './finance-pix.ts';

/**
 * Refunds of a paid charge (decision 0600): one row per refund asked of the provider, unique by its
 * id per charge (the same id twice is the same refund). Once the provider confirms it, the money
 * out is a paid payable entry in Financeiro (`payableEntryId`).
 */
export const finChargeRefunds = pgTable(
  'fin_charge_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => finCharges.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => finEntries.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The refund's id at the provider (API Pix: our `id` of `/pix/{e2eid}/devolucao/{id}`). */
    refundId: text('refund_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** 'pending' (EM_PROCESSAMENTO) | 'done' (DEVOLVIDO) | 'failed' (NAO_REALIZADO or refused). */
    status: text('status').notNull().default('pending'),
    error: text('error'),
    payableEntryId: uuid('payable_entry_id').references(() => finEntries.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_charge_refunds_refund_idx').on(t.companyId, t.chargeId, t.refundId), companyIndex('fin_charge_refunds', t.entryId, t.createdAt)(t)],
);
