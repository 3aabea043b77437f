import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * Outgoing webhooks (decisions 0650–0653). An endpoint is an address of the company's that
 * receives the events it chose, signed per Standard Webhooks with its secret (encrypted at rest,
 * platform/secret-box.ts; during a rotation the previous one signs too until `previousSecretUntil`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types ('deal.won'…); the database triggers read it to record only what someone wants. */
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** 'manual' | 'failing' while disabled. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    secretEncrypted: text('secret_encrypted').notNull(),
    secretHint: text('secret_hint').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    /** The first failed attempt since the last success (null while it succeeds). */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('webhook_endpoints', t.createdAt, t.id)(t)],
);

/**
 * The outbox: something that happened, recorded by a trigger in the transaction of the change (only when an
 * enabled endpoint of the company wants its type). `body` is the JSON sent, written once when the
 * event is fanned out to its endpoints' deliveries (`fannedOutAt`).
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    body: text('body'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    fannedOutAt: timestamp('fanned_out_at', { withTimezone: true }),
  },
  (t) => [companyIndex('webhook_outbox', t.occurredAt)(t), index('webhook_outbox_unfanned_idx').on(t.occurredAt).where(sql`${t.fannedOutAt} IS NULL`)],
);

/** One event to one endpoint: at most one row per pair, whoever fans it out and however often. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    /** pending | sending | delivered | failed | canceled */
    status: text('status').notNull().default('pending'),
    /** Attempts made so far (the one being sent included). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While 'sending': after this an interrupted attempt may be claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    companyIndex('webhook_deliveries', t.endpointId, t.createdAt, t.id)(t),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Each HTTP attempt of a delivery: the log's detail (answer cut to WEBHOOK_RESPONSE_MAX_CHARS). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    manual: boolean('manual').notNull().default(false),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms'),
    statusCode: integer('status_code'),
    error: text('error'),
    responseBody: text('response_body'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt), companyIndex('webhook_attempts')(t)],
);
