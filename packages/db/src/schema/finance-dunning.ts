import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finEntries } from './finance.ts';
import { organizations, people } from './parties.ts';

/**
 * The collection rule (régua de cobrança; decisions 0580–0583): the company's rule (no
 * row: the defaults), the customers whose reminders are paused, and every reminder claimed, once
 * per receivable, step and channel.
 */
export const finDunningSettings = pgTable('fin_dunning_settings', {
  companyId: companyId().primaryKey(),
  enabled: boolean('enabled').notNull(),
  /** Days before the due date (1…30), ascending. */
  daysBefore: integer('days_before').array().notNull(),
  onDueDate: boolean('on_due_date').notNull(),
  /** Days after the due date (1…90), ascending. */
  daysAfter: integer('days_after').array().notNull(),
  email: boolean('email').notNull(),
  whatsapp: boolean('whatsapp').notNull(),
  whatsappTemplate: text('whatsapp_template'),
  whatsappLanguage: text('whatsapp_language'),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A customer (organization or person) whose reminders are paused until the pause is removed. */
export const finDunningPauses = pgTable(
  'fin_dunning_pauses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_dunning_pauses_org_idx').on(t.companyId, t.organizationId).where(sql`${t.organizationId} IS NOT NULL`),
    uniqueIndex('fin_dunning_pauses_person_idx').on(t.companyId, t.personId).where(sql`${t.personId} IS NOT NULL`),
  ],
);

export type DunningChannelColumn = 'email' | 'whatsapp';
export type DunningStatusColumn = 'sending' | 'sent' | 'failed' | 'skipped';

/**
 * One reminder of a receivable: claimed (inserted as 'sending') in the transaction that checks the
 * receivable is still open, then sent and marked. The unique (entry, step, channel) is what makes
 * each step go out at most once, whichever instance or run claims it.
 */
export const finDunningMessages = pgTable(
  'fin_dunning_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => finEntries.id, { onDelete: 'cascade' }),
    /** Days from the due date: −3 before, 0 on the day, 7 after. */
    step: integer('step').notNull(),
    channel: text('channel').$type<DunningChannelColumn>().notNull(),
    status: text('status').$type<DunningStatusColumn>().notNull().default('sending'),
    /** Why it failed or was not sent (pt-BR). */
    reason: text('reason'),
    /** The address or number it went to (masked nowhere: the company's own customer). */
    recipient: text('recipient'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_dunning_messages_entry_step_channel_idx').on(t.entryId, t.step, t.channel), companyIndex('fin_dunning_messages', t.entryId, t.createdAt)(t)],
);
