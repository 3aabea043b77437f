import { date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { analyses } from './analysis.ts';
import { user } from './auth.ts';
import { tasks } from './collaboration.ts';
import { deals } from './crm.ts';

/**
 * A sales meeting of a CRM deal (decision 0231): its recording or transcript is a
 * platform file of entity 'meeting'; its analyses are versions in `analyses` (kind 'meeting').
 * The consent of the people recorded is stored: who confirmed it and when.
 */
export const meetings = pgTable(
  'meetings',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    occurredOn: date('occurred_on', { mode: 'string' }),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    consentBy: text('consent_by').references(() => user.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('meetings', t.createdAt, t.id)(t), companyIndex('meetings', t.dealId, t.createdAt)(t)],
);

/** Next steps of an analysis that became activities (tasks on the deal): each step once. */
export const meetingStepTasks = pgTable(
  'meeting_step_tasks',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    stepIndex: integer('step_index').notNull(),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('meeting_step_tasks', t.meetingId, t.createdAt)(t), uniqueIndex('meeting_step_tasks_step_uq').on(t.analysisId, t.stepIndex)],
);
