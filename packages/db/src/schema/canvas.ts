import { bigserial, customType, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/** Raw bytes (Yjs updates and states, decisions 0283, 0311). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A whiteboard of the canvas workspace (decisions 0295–0296): the Excalidraw scene's
 * elements, a subset of its app state and the map of its images to platform files (`scene`).
 * `revision` grows with every save: a save from an older revision is refused (409).
 * Shared editing (decision 0311): `ydoc_state` is the merged Yjs state of the board (its elements
 * in a Y.Map by id), `ydoc_epoch` grows when a save outside shared editing replaces it.
 */
export const canvasBoards = pgTable(
  'canvas_boards',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    scene: jsonb('scene').notNull(),
    revision: integer('revision').notNull().default(0),
    ydocState: bytea('ydoc_state'),
    ydocEpoch: integer('ydoc_epoch').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('canvas_boards', t.updatedAt, t.id)(t)],
);

/** Every accepted Yjs update of a board, appended in the request that accepts it (decisions 0283, 0311). */
export const canvasBoardUpdates = pgTable(
  'canvas_board_updates',
  {
    companyId: companyId(),
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => canvasBoards.id, { onDelete: 'cascade' }),
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('canvas_board_updates_board_idx').on(t.boardId, t.id), companyIndex('canvas_board_updates', t.createdAt)(t)],
);
