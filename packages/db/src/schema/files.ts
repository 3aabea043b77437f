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
