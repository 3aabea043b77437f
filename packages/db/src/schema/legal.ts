import { bigint, boolean, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { organizations, people } from './parties.ts';

/**
 * Jurídico's contract register (decision 0213). The other party is the platform's organization or
 * person (never a copy); the signed file is a platform file of entity 'contract'.
 */
export const contracts = pgTable(
  'contracts',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    object: text('object'),
    valueCents: bigint('value_cents', { mode: 'number' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    automaticRenewal: boolean('automatic_renewal').notNull().default(false),
    noticePeriodDays: integer('notice_period_days'),
    /** igpm | ipca | inpc | igpdi | incc | nenhum | outro */
    readjustmentIndex: text('readjustment_index').notNull().default('nenhum'),
    /** negotiation | active | ended | terminated */
    status: text('status').notNull().default('negotiation'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('contracts', t.createdAt, t.id)(t), companyIndex('contracts', t.endDate)(t)],
);

/** Expiry alerts already sent: one per contract, end date and days before (30, 15, 7), so each goes once. */
export const contractExpiryAlerts = pgTable(
  'contract_expiry_alerts',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contract_expiry_alerts_uq').on(t.contractId, t.endDate, t.daysBefore), companyIndex('contract_expiry_alerts', t.sentAt)(t)],
);
