import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import { schema } from '@sede/db/client';
import { byCanvasIndex, CANVAS_LIMITS, CANVAS_YDOC, type CanvasScene } from '@sede/shared/canvas/schemas';
import { announce } from '../../platform/live/announce.ts';
import { syncTables, type SyncType } from '../../platform/sync/rooms.ts';
import { systemTenant } from '../../platform/tenant.ts';

const { canvasBoards: B, canvasBoardUpdates: BU, files: F } = schema;

export const CANVAS_ENTITY = 'canvas_board';
const DATA_URL = /^data:[\w.+-]+\/[\w.+-]+;base64,/i;
/** Image bytes never travel inside the scene (decision 0296): a base64 data: URL anywhere in it is refused. */
export function hasInlineData(value: unknown): boolean {
  if (typeof value === 'string') return DATA_URL.test(value);
  if (Array.isArray(value)) return value.some(hasInlineData);
  if (value && typeof value === 'object') return Object.values(value).some(hasInlineData);
  return false;
}

/** Announced for every accepted update of a board: other instances apply it; pages never see it. */
export const CANVAS_SYNC_ENTITY = 'canvas_board_sync';

type Element = CanvasScene['elements'][number] & { isDeleted?: boolean; index?: string | null; fileId?: string | null; version?: number };

/** A stored scene as the board's first shared state (a board drawn before shared editing). */
export function sceneToUpdate(scene: CanvasScene): Uint8Array | null {
  if (!scene.elements.length && !scene.appState.viewBackgroundColor && !Object.keys(scene.files).length) return null;
  const doc = new Y.Doc();
  doc.transact(() => {
    const elements = doc.getMap(CANVAS_YDOC.elements);
    for (const el of scene.elements) elements.set(el.id, el);
    const files = doc.getMap(CANVAS_YDOC.files);
    for (const [k, v] of Object.entries(scene.files)) files.set(k, v);
    if (scene.appState.viewBackgroundColor) doc.getMap(CANVAS_YDOC.appState).set('viewBackgroundColor', scene.appState.viewBackgroundColor);
  });
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/**
 * The stored scene of a shared board (decision 0296's shape): its live elements in Excalidraw's
 * order (fractional `index`), the background and the images of live image elements; null when it
 * is not a scene we keep (over the element limit).
 */
export function ydocToScene(doc: Y.Doc): CanvasScene | null {
  const elements: Element[] = [];
  for (const value of doc.getMap(CANVAS_YDOC.elements).values()) {
    const el = value as Element;
    if (el && typeof el === 'object' && typeof el.id === 'string' && typeof el.type === 'string' && !el.isDeleted) elements.push(el);
  }
  if (elements.length > CANVAS_LIMITS.elements) return null;
  elements.sort(byCanvasIndex);
  const images = new Set(elements.filter((e) => e.type === 'image' && e.fileId).map((e) => e.fileId!));
  const files: Record<string, string> = {};
  for (const [k, v] of doc.getMap(CANVAS_YDOC.files).entries()) if (images.has(k) && typeof v === 'string') files[k] = v;
  const bg = doc.getMap(CANVAS_YDOC.appState).get('viewBackgroundColor');
  return { elements, appState: typeof bg === 'string' ? { viewBackgroundColor: bg } : {}, files };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A board's shared editing through the platform's sync (decision 0311): the state in
 * `canvas_boards.ydoc_state` and `canvas_board_updates`; the stored scene (the list's preview, the
 * export, the REST fallback's revision) written by the server from it.
 */
export const canvasSync: SyncType = {
  type: CANVAS_ENTITY,
  liveEntity: CANVAS_SYNC_ENTITY,
  ...syncTables(B, BU, BU.boardId),
  seed: async (tx, id, companyId) => {
    const [row] = await tx.select({ scene: B.scene }).from(B).where(and(eq(B.id, id), eq(B.companyId, companyId)));
    return row ? sceneToUpdate(row.scene as CanvasScene) : null;
  },
  // Image bytes never travel inside the board (decision 0296): an update carrying a data: URL is refused.
  check: (decoded) => {
    for (const item of decoded.structs) {
      const content = (item as { content?: { arr?: unknown[]; str?: string; embed?: unknown } }).content;
      if (!content) continue;
      if (hasInlineData(content.arr ?? null) || hasInlineData(content.str ?? null) || hasInlineData(content.embed ?? null)) throw new Error('inline image');
    }
  },
  snapshot: {
    of: ydocToScene,
    write: async (s, board, value) => {
      const scene = value as CanvasScene;
      const { db } = systemTenant(s, board.companyId, 'sync', board.actorId);
      // Only live files of this board stay in the map (an image still uploading, or removed, is left out).
      const ids = [...new Set(Object.values(scene.files))].filter((id) => UUID.test(id));
      const found = ids.length
        ? new Set(
            (
              await db
                .select({ id: F.id })
                .from(F)
                .where(and(eq(F.companyId, board.companyId), eq(F.entityType, CANVAS_ENTITY), eq(F.entityId, board.id), inArray(F.id, ids), isNull(F.deletedAt)))
            ).map((r) => r.id),
          )
        : new Set<string>();
      const files = Object.fromEntries(Object.entries(scene.files).filter(([, v]) => found.has(v)));
      const [row] = await db
        .update(B)
        .set({ scene: { ...scene, files }, revision: sql`${B.revision} + 1`, updatedAt: new Date(), ...(board.actorId ? { updatedBy: board.actorId } : {}) })
        .where(and(eq(B.id, board.id), eq(B.companyId, board.companyId)))
        .returning({ id: B.id });
      if (row) await announce(db, { companyId: board.companyId, entity: CANVAS_ENTITY, id: board.id, action: 'updated' });
    },
  },
};
