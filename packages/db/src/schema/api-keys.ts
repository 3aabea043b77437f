import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * The company's API keys (decision 0640): only the SHA-256 of the secret is kept (the key is
 * shown once), its visible prefix, the permissions it holds (actions of the registry, never more
 * than its creator's), an optional expiry, its revocation and its last use. A `form` key only
 * posts leads from the sites listed in `allowed_origins` (decision 0644).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('secret'),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    rateLimitPerMinute: integer('rate_limit_per_minute').notNull().default(600),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by').references(() => user.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('api_keys', t.createdAt, t.id)(t)],
);

/**
 * The first answer of each `Idempotency-Key` a key sent (decision 0642): the unique pair is what
 * lets one of many concurrent identical POSTs run; the others wait for its answer. `status` null:
 * still running. Kept 24 hours.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    companyId: companyId(),
    keyId: uuid('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_idempotency_key_idx').on(t.keyId, t.idempotencyKey), index('api_idempotency_created_idx').on(t.createdAt)],
);
