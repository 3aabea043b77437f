import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * Comments on any entity (decision 0130): entity_type + entity_id like files ('company'/<id>,
 * 'deal'/<id>, 'task'/<id>…). `mentions` holds the user ids named in the body (members of the
 * company, checked when written). A deleted comment keeps its row (deleted_at) and loses its body.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    mentions: text('mentions').array().notNull().default(sql`'{}'::text[]`),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('comments', t.entityType, t.entityId, t.createdAt)(t)],
);

/**
 * Activities and tasks (decision 0131): a CRM activity (call, meeting, e-mail, note) and a
 * project task are one row with a kind, an assignee and a due date (a calendar day in
 * America/Sao_Paulo), optionally linked to any entity. 'Minhas tarefas' reads the first index.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull().default('task'),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    dueNotifiedAt: timestamp('due_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('tasks', t.assigneeId, t.doneAt, t.dueDate)(t),
    companyIndex('tasks', t.entityType, t.entityId, t.createdAt)(t),
    index('tasks_due_reminder_idx').on(t.dueDate).where(sql`${t.doneAt} is null and ${t.dueNotifiedAt} is null`),
  ],
);
