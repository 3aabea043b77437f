import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * A whiteboard of the canvas workspace (issue 17, decisions 0295–0296): the Excalidraw scene's
 * elements, a subset of its app state and the map of its images to platform files (`scene`).
 * `revision` grows with every save: a save from an older revision is refused (409).
 */
export const canvasBoards = pgTable(
  'canvas_boards',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    scene: jsonb('scene').notNull(),
    revision: integer('revision').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('canvas_boards', t.updatedAt, t.id)(t)],
);
