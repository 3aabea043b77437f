import { type AnyPgColumn, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { files } from './files.ts';
import { marketingClients } from './marketing.ts';

/**
 * Folders of a client's materials library (decision 0335): nested (at most
 * MATERIAL_LIMITS.folderDepth levels), names unique among siblings (case-insensitive).
 */
export const marketingMaterialFolders = pgTable(
  'marketing_material_folders',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => marketingClients.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => marketingMaterialFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('marketing_material_folders', t.clientId, t.parentId)(t),
    uniqueIndex('marketing_material_folders_sibling_name_key').on(t.clientId, sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`lower(${t.name})`),
  ],
);

/**
 * A material of the library: a platform file (entity type 'marketing_material', its name, kind,
 * size and thumbnail live in `files`) placed in a client's library, maybe in a folder, with tags.
 */
export const marketingMaterials = pgTable(
  'marketing_materials',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => marketingClients.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => marketingMaterialFolders.id, { onDelete: 'set null' }),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => files.id, { onDelete: 'cascade' }),
    /** Lower-case tags, at most MATERIAL_LIMITS.tags. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('marketing_materials', t.createdAt, t.id)(t),
    companyIndex('marketing_materials', t.clientId, t.folderId, t.createdAt)(t),
    index('marketing_materials_tags_idx').using('gin', t.tags),
  ],
);
