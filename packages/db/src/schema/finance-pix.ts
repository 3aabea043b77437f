import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finAccounts, finEntries } from './finance.ts';

/**
 * Money in (decisions 0530–0533): the company's Pix keys per account, the charges of
 * receivables (static Pix now; dynamic Pix and boleto later, same rows), the provider events that
 * settle them exactly once, and the public payment links.
 */
export const finPixKeys = pgTable(
  'fin_pix_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'cascade' }),
    /** 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp'. */
    type: text('type').notNull(),
    /** The DICT's canonical form (digits, lower-case e-mail, +55… phone, lower-case uuid). */
    key: text('key').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_pix_keys_company_key_idx').on(t.companyId, t.key),
    // One default per company: the index, not a prior read, is what enforces it.
    uniqueIndex('fin_pix_keys_company_default_idx').on(t.companyId).where(sql`${t.isDefault}`),
    companyIndex('fin_pix_keys', t.accountId)(t),
  ],
);

export type ChargeMethodColumn = 'pix_static' | 'pix_cob' | 'pix_cobv' | 'pix_cobr' | 'boleto';
export type ChargeStatusColumn = 'open' | 'paid' | 'cancelled' | 'expired';

export const finCharges = pgTable(
  'fin_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => finEntries.id, { onDelete: 'cascade' }),
    method: text('method').$type<ChargeMethodColumn>().notNull(),
    /** Who settles it: 'pix_static' (a statement or a person), a PSP, 'asaas'… (the events' provider). */
    provider: text('provider').notNull(),
    /** The account the money lands on (the settlement's account). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'restrict' }),
    pixKey: text('pix_key'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** Pix txid: 25 alphanumerics for a static BR Code, 26–35 for the API Pix. */
    txid: text('txid').notNull(),
    brCode: text('br_code'),
    /** The BR Code's QR as SVG, drawn once when the charge is made (the payment page serves it as is). */
    qrSvg: text('qr_svg'),
    status: text('status').$type<ChargeStatusColumn>().notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidCents: bigint('paid_cents', { mode: 'number' }),
    payerName: text('payer_name'),
    endToEndId: text('end_to_end_id'),
    /** The provider's id of the charge (Asaas payment id, PSP location…). */
    providerReference: text('provider_reference'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_charges_company_txid_idx').on(t.companyId, t.txid),
    // One open charge per receivable and method: a new one cancels the old in the same transaction.
    uniqueIndex('fin_charges_open_entry_method_idx').on(t.entryId, t.method).where(sql`${t.status} = 'open'`),
    companyIndex('fin_charges', t.entryId, t.createdAt)(t),
  ],
);

/** A provider's notification about a charge, kept once: the same notification twice settles once. */
export const finChargeEvents = pgTable(
  'fin_charge_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => finCharges.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    externalEventId: text('external_event_id').notNull(),
    /** 'paid' now; 'overdue', 'refunded'… later. */
    kind: text('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    /** The finance payment it produced. */
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_charge_events_provider_event_idx').on(t.companyId, t.provider, t.externalEventId), index('fin_charge_events_charge_idx').on(t.chargeId)],
);

/** The public payment page's link of a receivable: signed token naming this row; revoking or a new link ends it. */
export const finPaymentLinks = pgTable(
  'fin_payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => finEntries.id, { onDelete: 'cascade' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_payment_links_active_entry_idx').on(t.entryId).where(sql`${t.revokedAt} IS NULL`), companyIndex('fin_payment_links', t.entryId)(t)],
);
