import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { files } from './files.ts';
import { jobRuns } from './jobs.ts';

/**
 * One version of an AI analysis of a subject (a contract; later a résumé, an interview, a meeting)
 * read from a platform file (decision 0210). Re-running adds a version; none is replaced.
 */
export const analyses = pgTable(
  'analyses',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'contract' (later 'resume' | 'interview' | 'meeting'). */
    kind: text('kind').notNull(),
    /** The subject entity's type (as registered in platform/entities.ts) and id. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    /** queued | extracting | transcribing | analyzing | done | failed (ANALYSIS_STAGES). */
    status: text('status').notNull().default('queued'),
    jobRunId: uuid('job_run_id').references(() => jobRuns.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    result: jsonb('result'),
    error: text('error'),
    /** Coins charged for this version (0 with the person's own AI key or when it failed). */
    charged: integer('charged').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('analyses', t.subjectId, t.version)(t),
    uniqueIndex('analyses_subject_version_uq').on(t.companyId, t.kind, t.subjectId, t.version),
  ],
);
