import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/** A background job of an area and its progress (platform/jobs/run.ts, decision 0117). */
export const jobRuns = pgTable(
  'job_runs',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    /** queued | running | done | failed | canceled */
    status: text('status').notNull().default('queued'),
    stage: text('stage'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    message: text('message'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('job_runs', t.createdAt, t.id)(t), index('job_runs_status_idx').on(t.status)],
);
