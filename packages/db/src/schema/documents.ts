import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigserial, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchText } from '../search.ts';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { projects } from './projects.ts';

/** Raw bytes (Yjs updates and states, decision 0283). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Folders of the company's documentation (decision 0281); a folder may sit in another. */
export const documentFolders = pgTable(
  'document_folders',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    parentId: uuid('parent_id').references((): AnyPgColumn => documentFolders.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('document_folders', t.parentId, t.name)(t)],
);

/**
 * A rich-text document: the editor's JSON (`content`) and its plain text (`content_text`, for the
 * Portuguese full-text search). `revision` grows with every save: a save from an older revision
 * is refused (decision 0282) so nobody overwrites a colleague's edit unknowingly.
 */
export const documents = pgTable(
  'documents',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    folderId: uuid('folder_id').references(() => documentFolders.id, { onDelete: 'set null' }),
    /** The project whose documentation it is (/documentacao-projeto/:projectId), if any. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    contentText: text('content_text').notNull().default(''),
    /** empresa: every member; restrita: the creator, the members listed and the admins. */
    visibility: text('visibility').notNull().default('empresa'),
    revision: integer('revision').notNull().default(0),
    /** The shared editing state (Yjs) the updates below were merged into (decision 0283); null before the first open. */
    ydocState: bytea('ydoc_state'),
    /** Grows when a save outside shared editing replaces the shared state: a client of an older one must reload (decision 0286). */
    ydocEpoch: integer('ydoc_epoch').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('documents', t.updatedAt, t.id)(t),
    companyIndex('documents', t.folderId, t.updatedAt)(t),
    companyIndex('documents', t.projectId, t.updatedAt)(t),
  ],
);

/**
 * The full-text index of documents (decision 0287), apart from `documents`: every save changes
 * `updated_at` (indexed), so an index on the documents row itself would parse the whole text
 * again on every save. A copy of the title and text, written with the save (a long text: by a
 * job just after). No company_id of its own: it is reached only through its document (join),
 * leaves with it, and is exported as `documentos.csv`'s contentText.
 */
export const documentSearch = pgTable(
  'document_search',
  {
    documentId: uuid('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    contentText: text('content_text').notNull(),
  },
  (t) => [index('document_search_text_idx').using('gin', sql`to_tsvector('portuguese', ${searchText(sql`${t.title} || ' ' || ${t.contentText}`)})`)],
);

/** Who may see a restricted document besides its creator and the admins. */
export const documentMembers = pgTable(
  'document_members',
  {
    companyId: companyId(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.userId] }), index('document_members_user_idx').on(t.companyId, t.userId)],
);

/** Saved versions of a document (manual, every 10 minutes of editing, before a restore). */
export const documentVersions = pgTable(
  'document_versions',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    /** manual | auto | restore */
    reason: text('reason').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_versions_document_idx').on(t.documentId, t.createdAt)],
);

/** Every accepted Yjs update of a document, appended in the request that accepts it (decision 0283). */
export const documentUpdates = pgTable(
  'document_updates',
  {
    companyId: companyId(),
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('document_updates_document_idx').on(t.documentId, t.id), companyIndex('document_updates', t.createdAt)(t)],
);
