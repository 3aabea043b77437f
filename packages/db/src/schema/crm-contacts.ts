import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { organizations, people } from './parties.ts';

/**
 * The CRM's contact tools (decisions 0155–0159): static lists of people and organizations, saved
 * segments (a filter evaluated on read) and CSV/XLSX imports with their per-row error report.
 * The contacts themselves are the platform's parties.
 */
export const crmLists = pgTable(
  'crm_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('crm_lists', t.createdAt, t.id)(t)],
);

/** One member of a list: a person or an organization (exactly one of the two). */
export const crmListMembers = pgTable(
  'crm_list_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    listId: uuid('list_id')
      .notNull()
      .references(() => crmLists.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('crm_list_members', t.listId, t.createdAt)(t),
    uniqueIndex('crm_list_members_person_key').on(t.listId, t.personId).where(sql`${t.personId} IS NOT NULL`),
    uniqueIndex('crm_list_members_organization_key').on(t.listId, t.organizationId).where(sql`${t.organizationId} IS NOT NULL`),
    index('crm_list_members_person_idx').on(t.personId),
    index('crm_list_members_organization_idx').on(t.organizationId),
    check('crm_list_members_one_party', sql`(${t.personId} IS NULL) <> (${t.organizationId} IS NULL)`),
  ],
);

/** A saved segment: a name and the contact filter (validated by the shared schema), evaluated on read. */
export const crmSegments = pgTable(
  'crm_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** 'people' | 'organizations'. */
    entity: text('entity').notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull().default({}),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('crm_segments', t.createdAt, t.id)(t)],
);

/** 'draft' (file not analysed yet) | 'ready' (analysed) | 'queued' | 'running' | 'done' | 'failed'. */
export type CrmImportStatus = 'draft' | 'ready' | 'queued' | 'running' | 'done' | 'failed';

/** One import of a CSV or XLSX file (the file is a platform file of entity 'crm_import'/<id>). */
export const crmImports = pgTable(
  'crm_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    /** 'utf-8' | 'windows-1252' | 'xlsx'. */
    encoding: text('encoding'),
    separator: text('separator'),
    /** The column → field mapping, the dedupe choice and the legal basis chosen in the wizard. */
    mapping: jsonb('mapping').$type<Record<string, unknown>>(),
    status: text('status').$type<CrmImportStatus>().notNull().default('draft'),
    jobRunId: uuid('job_run_id'),
    totalRows: integer('total_rows').notNull().default(0),
    /** Data rows handled so far (batches commit with it, so a resumed job continues here). */
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    mergedCount: integer('merged_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    organizationsCreated: integer('organizations_created').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [companyIndex('crm_imports', t.createdAt, t.id)(t)],
);

/** The per-row error report of an import (downloadable as CSV). */
export const crmImportErrors = pgTable(
  'crm_import_errors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    importId: uuid('import_id')
      .notNull()
      .references(() => crmImports.id, { onDelete: 'cascade' }),
    /** The line in the file (1 = the header). */
    rowNumber: integer('row_number').notNull(),
    field: text('field'),
    message: text('message').notNull(),
    /** The row's raw values, so the person can fix and import them again. */
    raw: jsonb('raw').$type<string[]>().notNull().default([]),
  },
  (t) => [companyIndex('crm_import_errors', t.importId, t.rowNumber)(t)],
);
