import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { companies } from './companies.ts';

/** E-mails kept locally when SMTP_URL is unset (the dev mailbox). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to), index('dev_mailbox_sent_at_idx').on(t.sentAt)],
);

export const cnpjLookupCache = pgTable('cnpj_lookup_cache', {
  cnpj: text('cnpj').primaryKey(),
  provider: text('provider').notNull(),
  data: jsonb('data').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * No foreign key on the company nor the key (decision 0778): an append-only log whose busiest
     * writer is every API call; the company's erasure deletes its lines itself, and keys are never
     * deleted but with their company.
     */
    companyId: uuid('company_id'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The API key that acted (decision 0640): the line's actor when set. */
    apiKeyId: uuid('api_key_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_company_created_idx').on(t.companyId, t.createdAt),
    // Most lines have no person (API calls): only the others are indexed, for the person's lines and the user's deletion.
    index('activity_log_user_idx').on(t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);

/** Every credit and debit of a company's coins; companies.currency_amount is its running sum. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(), // welcome | allowance | allowance_expiry | purchase | debit | adjustment
    reason: text('reason').notNull(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    balanceAfter: integer('balance_after').notNull(),
    period: text('period'),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coin_ledger_company_created_idx').on(t.companyId, t.createdAt),
    // Idempotency: one allowance (and one expiry) per company and billing period; one credit per payment.
    uniqueIndex('coin_ledger_period_key').on(t.companyId, t.kind, t.period).where(sql`${t.period} is not null`),
    uniqueIndex('coin_ledger_reference_key').on(t.kind, t.reference).where(sql`${t.reference} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(), // stripe | sandbox
    providerRef: text('provider_ref'),
    kind: text('kind').notNull(), // coins | subscription
    item: text('item').notNull(), // package id or plan type
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('brl'),
    coins: integer('coins').notNull().default(0),
    status: text('status').notNull().default('pending'), // pending | paid | failed | canceled
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_company_created_idx').on(t.companyId, t.createdAt),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef).where(sql`${t.providerRef} is not null`),
  ],
);

/** Webhook deliveries already processed, so a replay changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance (better-auth's per-address limits and our
 * per-account limits on sign-in and password reset): one fixed window per key.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
