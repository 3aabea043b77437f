import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { tasks } from './collaboration.ts';
import { organizations } from './parties.ts';

/**
 * Projects (decisions 0270–0273): a project, its members, its board's columns and the
 * board fields of its tasks. A project task IS a platform task (`tasks`, kind 'task', entity
 * 'project'/<id>): title, description, first assignee, due date and done live there; the board's
 * column, position, priority, labels, checklist and every assignee live in `project_tasks`.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** planejado | em_andamento | pausado | concluido | cancelado */
    status: text('status').notNull().default('planejado'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('projects', t.createdAt, t.id)(t)],
);

export const projectMembers = pgTable(
  'project_members',
  {
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), companyIndex('project_members', t.userId)(t)],
);

export const projectColumns = pgTable(
  'project_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** Tasks in a "done" column are done (tasks.done_at set on entry, cleared on leaving). */
    isDone: boolean('is_done').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('project_columns', t.projectId, t.position)(t)],
);

export const projectTasks = pgTable(
  'project_tasks',
  {
    taskId: uuid('task_id')
      .primaryKey()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    companyId: companyId(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => projectColumns.id),
    position: doublePrecision('position').notNull(),
    /** baixa | media | alta | urgente */
    priority: text('priority').notNull().default('media'),
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    /** [{ id, text, done }] */
    checklist: jsonb('checklist').$type<Array<{ id: string; text: string; done: boolean }>>().notNull().default([]),
    /** Every assignee, in order; the first is also tasks.assignee_id ('Minhas tarefas'). */
    assigneeIds: text('assignee_ids').array().notNull().default(sql`'{}'::text[]`),
    /** The first time the task left the board's first column (cycle time). */
    startedAt: timestamp('started_at', { withTimezone: true }),
    /**
     * The description as rich text (Tiptap JSON, decision 0422); tasks.description keeps its plain
     * text. Shown only while that text is still what it was derived from (another screen may
     * have rewritten the plain description since).
     */
    descriptionDoc: jsonb('description_doc'),
  },
  (t) => [companyIndex('project_tasks', t.columnId, t.position)(t), index('project_tasks_project_idx').on(t.projectId)],
);
