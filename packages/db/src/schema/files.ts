import { bigint, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * Files (decision 0110): every file belongs to a company and to the entity that holds it
 * (entity_type + entity_id, e.g. 'company'/<id>, 'deal'/<id>). The bytes live in the storage
 * (DATA_DIR/files or S3) under storage_key; a deleted file keeps its row (deleted_at) and loses its bytes.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey(),
    companyId: companyId(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [companyIndex('files', t.entityType, t.entityId, t.createdAt)(t)],
);

/**
 * Share links of a file for people outside the company that can be revoked (decision 0336):
 * only the SHA-256 of the token is stored; the link dies with its expiry, its revocation or its file.
 */
export const fileShareLinks = pgTable(
  'file_share_links',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('file_share_links', t.fileId, t.createdAt)(t)],
);
