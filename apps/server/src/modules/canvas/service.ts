import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { CANVAS_MESSAGES as M, EMPTY_SCENE, type CanvasBoardListItem, type CanvasBoardView, type CanvasScene, type CanvasSaveResult } from '@sede/shared/canvas/schemas';
import { badRequest, conflict, forbidden, notFound, updatedRow } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import { resetSharedState } from '../../platform/sync/rooms.ts';
import { CANVAS_ENTITY, canvasSync, hasInlineData } from './sync.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Tenant } from '../../services.ts';
import { earlierCreate } from '../../platform/tenant.ts';

export { CANVAS_ENTITY };

const { canvasBoards: B, files: F, user: U } = schema;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type BoardRow = typeof B.$inferSelect;

/** Every member draws on and renames every board; deleting is its creator's or of whoever holds `documents.delete` (decision 0295). */
export const mayManage = (viewer: Viewer, board: { createdBy: string | null }) => board.createdBy === viewer.user.id || canAny(grantsFor(viewer.membership), ['documents.delete']);

/** A board of the tenant's company; anything else (another company's, a malformed id) is 404. */
export async function boardOf(t: Tenant, id: string): Promise<BoardRow> {
  if (!UUID.test(id)) throw notFound(M.notFound);
  const [row] = await t.db.select().from(B).where(and(eq(B.id, id), eq(B.companyId, t.companyId)));
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function boardExists(t: Tenant, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await t.db.select({ id: B.id }).from(B).where(and(eq(B.id, id), eq(B.companyId, t.companyId)));
  return !!row;
}

const elementCount = (scene: unknown) => ((scene as CanvasScene | null)?.elements ?? []).filter((e) => !(e as { isDeleted?: boolean }).isDeleted).length;

async function toView(t: Tenant, viewer: Viewer, row: BoardRow): Promise<CanvasBoardView> {
  const [updater] = row.updatedBy ? await t.db.select({ name: U.name }).from(U).where(eq(U.id, row.updatedBy)) : [];
  const scene = row.scene as CanvasScene;
  return {
    id: row.id,
    title: row.title,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: updater?.name?.trim() || null,
    createdBy: row.createdBy,
    canManage: mayManage(viewer, row),
    elements: elementCount(scene),
    scene,
    revision: row.revision,
  };
}

/** The company's boards, the most recently changed first. */
export async function listBoards(t: Tenant, viewer: Viewer): Promise<CanvasBoardListItem[]> {
  const rows = await t.db
    .select({
      id: B.id,
      title: B.title,
      updatedAt: B.updatedAt,
      createdBy: B.createdBy,
      updatedByName: U.name,
      elements: sql<number>`(select count(*) from jsonb_array_elements(${B.scene}->'elements') e where coalesce((e->>'isDeleted')::boolean, false) = false)`,
    })
    .from(B)
    .leftJoin(U, eq(U.id, B.updatedBy))
    .where(eq(B.companyId, t.companyId))
    .orderBy(desc(B.updatedAt), desc(B.id))
    .limit(500);
  return rows.map((r) => ({ id: r.id, title: r.title, updatedAt: r.updatedAt.toISOString(), updatedByName: r.updatedByName?.trim() || null, createdBy: r.createdBy, canManage: mayManage(viewer, r), elements: Number(r.elements) }));
}

export const getBoard = async (t: Tenant, viewer: Viewer, id: string) => toView(t, viewer, await boardOf(t, id));

export async function createBoard(t: Tenant, viewer: Viewer, data: { id?: string; title: string }) {
  // A repeated request (the same id) answers the board it made, never a second one.
  const existing = await earlierCreate(t, B, data.id, M.exists, 'CANVAS_EXISTS');
  if (existing) return toView(t, viewer, existing);
  const [row] = await t.db
    .insert(B)
    .values({ ...(data.id ? { id: data.id } : {}), companyId: t.companyId, title: data.title, scene: EMPTY_SCENE, createdBy: t.actorId, updatedBy: t.actorId })
    .returning();
  await announce(t.db, { companyId: t.companyId, entity: CANVAS_ENTITY, id: row!.id, action: 'created' });
  return toView(t, viewer, row!);
}

/** Saves the scene when the editor started from the current revision (409 otherwise). */
export async function saveScene(t: Tenant, id: string, data: { scene: CanvasScene; revision: number }): Promise<CanvasSaveResult> {
  await boardOf(t, id);
  if (hasInlineData(data.scene.elements)) throw badRequest(M.inlineImage, 'CANVAS_INLINE_IMAGE');
  // Every image the scene points at is a live file attached to this board.
  const fileIds = [...new Set(Object.values(data.scene.files))];
  if (fileIds.length) {
    const found = await t.db
      .select({ id: F.id })
      .from(F)
      .where(and(eq(F.companyId, t.companyId), eq(F.entityType, CANVAS_ENTITY), eq(F.entityId, id), inArray(F.id, fileIds), isNull(F.deletedAt)));
    if (found.length !== fileIds.length) throw badRequest(M.unknownFile, 'CANVAS_UNKNOWN_FILE');
  }
  // A save outside shared editing (the fallback of an editor that cannot reach the sync) replaces
  // the shared state, in the same transaction (decision 0311): the board's sockets reload it.
  const row = await t.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(B)
      .set({ scene: data.scene, revision: sql`${B.revision} + 1`, ydocState: null, ydocEpoch: sql`${B.ydocEpoch} + 1`, updatedBy: t.actorId, updatedAt: new Date() })
      .where(and(eq(B.id, id), eq(B.companyId, t.companyId), eq(B.revision, data.revision)))
      .returning({ revision: B.revision, updatedAt: B.updatedAt });
    if (!saved) throw conflict(M.stale, 'CANVAS_STALE');
    await resetSharedState(tx, canvasSync, t.companyId, id, { stateCleared: true });
    await announce(tx, { companyId: t.companyId, entity: CANVAS_ENTITY, id, action: 'updated' });
    return saved;
  });
  return { revision: row.revision, updatedAt: row.updatedAt.toISOString() };
}

export async function renameBoard(t: Tenant, viewer: Viewer, id: string, title: string) {
  await boardOf(t, id);
  const row = updatedRow(await t.db.update(B).set({ title, updatedBy: t.actorId, updatedAt: new Date() }).where(and(eq(B.id, id), eq(B.companyId, t.companyId))).returning(), M.notFound);
  await announce(t.db, { companyId: t.companyId, entity: CANVAS_ENTITY, id, action: 'updated' });
  return toView(t, viewer, row);
}

export async function deleteBoard(t: Tenant, viewer: Viewer, id: string) {
  const board = await boardOf(t, id);
  if (!mayManage(viewer, board)) throw forbidden(M.onlyOwner);
  await t.db.transaction(async (tx) => {
    // Its shared-editing updates go with it (cascade); the boards open on it, on every instance, are closed (4409) and reload to 'Quadro não encontrado'.
    await tx.delete(B).where(and(eq(B.id, id), eq(B.companyId, t.companyId)));
    await resetSharedState(tx, canvasSync, t.companyId, id, { stateCleared: true });
    await announce(tx, { companyId: t.companyId, entity: CANVAS_ENTITY, id, action: 'deleted' });
  });
}
