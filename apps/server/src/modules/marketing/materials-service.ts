import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { MATERIAL_KINDS, MATERIAL_LIMITS, MATERIAL_MESSAGES as M, type MaterialDuplicate, type MaterialFolder, type MaterialListResponse, type MaterialView, type materialListQuerySchema, type materialUpdateSchema } from '@sede/shared/marketing/materials';
import type { z } from 'zod';
import { AppError, badRequest, conflict, notFound, updatedRow } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { removeEntityFile, renameEntityFile, storeMemberFile } from '../files/public.ts';
import { assertClientVisible, isUuid, visibleClientIds, visibleClientOf } from './access.ts';
import { clientName } from './clients-service.ts';
import { after, pageOf } from './paging.ts';

const { marketingMaterials: MM, marketingMaterialFolders: MF, marketingClients: C, organizations: O, companies: CO, files: F, user: U } = schema;

/** The platform file entity of a material (its files: download, thumbnail, share links). */
export const MATERIAL_ENTITY = 'marketing_material';
export const FOLDER_ENTITY = 'marketing_material_folder';

type FolderRow = typeof MF.$inferSelect;

const toFolder = (r: FolderRow): MaterialFolder => ({ id: r.id, clientId: r.clientId, parentId: r.parentId, name: r.name, createdAt: r.createdAt.toISOString() });

/** One of the tenant's folders whose client the person sees (404 otherwise). */
export async function folderOf(t: Tenant, id: string): Promise<FolderRow> {
  if (!isUuid(id)) throw notFound(M.folderNotFound);
  const [row] = await t.db.select().from(MF).where(and(eq(MF.id, id), eq(MF.companyId, t.companyId)));
  if (!row) throw notFound(M.folderNotFound);
  await assertClientVisible(t, row.clientId);
  return row;
}

/** One of the tenant's materials whose client the person sees (404 otherwise). */
export async function materialOf(t: Pick<Tenant, 'db' | 'companyId'> & Partial<Tenant>, id: string) {
  if (!isUuid(id)) throw notFound(M.notFound);
  const [row] = await t.db.select().from(MM).where(and(eq(MM.id, id), eq(MM.companyId, t.companyId)));
  if (!row) throw notFound(M.notFound);
  await assertClientVisible(t as Tenant, row.clientId);
  return row;
}

async function visibleClient(t: Tenant, clientId: string) {
  const client = await visibleClientOf(t, clientId);
  return client;
}

const uniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505';

export async function listFolders(t: Tenant, clientId: string): Promise<MaterialFolder[]> {
  await visibleClient(t, clientId);
  const rows = await t.db
    .select()
    .from(MF)
    .where(and(eq(MF.companyId, t.companyId), eq(MF.clientId, clientId)))
    .orderBy(asc(sql`lower(${MF.name})`), asc(MF.id));
  return rows.map(toFolder);
}

/** How deep a folder is (1 = at the root). */
async function depthOf(t: Tenant, folder: FolderRow): Promise<number> {
  let depth = 1;
  let parent = folder.parentId;
  while (parent && depth <= MATERIAL_LIMITS.folderDepth) {
    const [row] = await t.db.select({ parentId: MF.parentId }).from(MF).where(and(eq(MF.id, parent), eq(MF.companyId, t.companyId)));
    parent = row?.parentId ?? null;
    depth++;
  }
  return depth;
}

export async function createFolder(t: Tenant, input: { clientId: string; parentId?: string | null; name: string }): Promise<MaterialFolder> {
  await visibleClient(t, input.clientId);
  if (input.parentId) {
    const parent = await folderOf(t, input.parentId);
    if (parent.clientId !== input.clientId) throw badRequest(M.folderOtherClient, 'MATERIAL_FOLDER_CLIENT');
    if ((await depthOf(t, parent)) >= MATERIAL_LIMITS.folderDepth) throw badRequest(M.folderTooDeep, 'MATERIAL_FOLDER_DEPTH');
  }
  try {
    return await t.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(MF)
        .values({ companyId: t.companyId, clientId: input.clientId, parentId: input.parentId ?? null, name: input.name, createdBy: t.actorId })
        .returning();
      await announce(tx, { companyId: t.companyId, entity: FOLDER_ENTITY, id: row!.id, action: 'created' });
      return toFolder(row!);
    });
  } catch (e) {
    if (uniqueViolation(e)) throw conflict(M.folderExists, 'MATERIAL_FOLDER_EXISTS');
    throw e;
  }
}

/**
 * Rename and/or move a folder (decision 0342): under another folder of the same client or to the
 * root (`parentId: null`). Its subfolders and materials go with it (they keep their parent and
 * folder ids). The client's folders are locked while the tree is checked, so two moves at once
 * cannot make a loop: into itself or one of its subfolders is 409; past the depth limit 400; a
 * destination of another client or company 404; a sibling with the same name 409.
 */
export async function updateFolder(t: Tenant, id: string, input: { name?: string; parentId?: string | null }): Promise<MaterialFolder> {
  const folder = await folderOf(t, id);
  if (input.parentId) {
    if (!isUuid(input.parentId)) throw notFound(M.folderDestination);
    const [dest] = await t.db.select({ clientId: MF.clientId }).from(MF).where(and(eq(MF.id, input.parentId), eq(MF.companyId, t.companyId)));
    // Another company's folder and another client's are the same answer: no such destination here.
    if (!dest || dest.clientId !== folder.clientId) throw notFound(M.folderDestination);
  }
  try {
    return await t.db.transaction(async (tx) => {
      const set: Partial<typeof MF.$inferInsert> = { updatedAt: new Date() };
      if (input.name !== undefined) set.name = input.name;
      if (input.parentId !== undefined && input.parentId !== folder.parentId) {
        const tree = await tx
          .select({ id: MF.id, parentId: MF.parentId })
          .from(MF)
          .where(and(eq(MF.companyId, t.companyId), eq(MF.clientId, folder.clientId)))
          .orderBy(asc(MF.id))
          .for('update');
        const byId = new Map(tree.map((f) => [f.id, f]));
        if (input.parentId !== null) {
          if (!byId.has(input.parentId)) throw notFound(M.folderDestination);
          // The destination's ancestors (itself included) must not reach the moved folder.
          let depth = 0;
          for (let at: string | null = input.parentId; at && depth <= tree.length; at = byId.get(at)?.parentId ?? null) {
            if (at === folder.id) throw conflict(M.folderIntoItself, 'MATERIAL_FOLDER_INTO_ITSELF');
            depth++;
          }
          if (depth + subtreeHeight(folder.id, tree) > MATERIAL_LIMITS.folderDepth) throw badRequest(M.folderMoveTooDeep, 'MATERIAL_FOLDER_DEPTH');
        }
        set.parentId = input.parentId;
      }
      const row = updatedRow(await tx.update(MF).set(set).where(eq(MF.id, folder.id)).returning(), M.folderNotFound);
      await announce(tx, { companyId: t.companyId, entity: FOLDER_ENTITY, id: folder.id, action: 'updated' });
      return toFolder(row);
    });
  } catch (e) {
    if (uniqueViolation(e)) throw conflict(M.folderExists, 'MATERIAL_FOLDER_EXISTS');
    throw e;
  }
}

/** How many levels a folder and its subfolders take (1 = no subfolder). */
function subtreeHeight(id: string, tree: { id: string; parentId: string | null }[]): number {
  const children = new Map<string, string[]>();
  for (const f of tree) if (f.parentId) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f.id]);
  let height = 0;
  let level = [id];
  while (level.length && height <= tree.length) {
    height++;
    level = level.flatMap((x) => children.get(x) ?? []);
  }
  return height;
}

/** Only an empty folder goes (no subfolder, no material): nothing is ever deleted by accident. */
export async function deleteFolder(t: Tenant, id: string): Promise<void> {
  const folder = await folderOf(t, id);
  await t.db.transaction(async (tx) => {
    const [child] = await tx.select({ id: MF.id }).from(MF).where(and(eq(MF.companyId, t.companyId), eq(MF.parentId, folder.id))).limit(1);
    const [material] = await tx.select({ id: MM.id }).from(MM).where(and(eq(MM.companyId, t.companyId), eq(MM.folderId, folder.id))).limit(1);
    if (child || material) throw conflict(M.folderNotEmpty, 'MATERIAL_FOLDER_NOT_EMPTY');
    await tx.delete(MF).where(eq(MF.id, folder.id));
    await announce(tx, { companyId: t.companyId, entity: FOLDER_ENTITY, id: folder.id, action: 'deleted' });
  });
}

const columns = {
  id: MM.id,
  clientId: MM.clientId,
  clientName,
  folderId: MM.folderId,
  fileId: MM.fileId,
  name: F.name,
  kind: F.kind,
  mime: F.mime,
  size: F.size,
  thumbnailKey: F.thumbnailKey,
  tags: MM.tags,
  createdBy: MM.createdBy,
  createdByName: U.name,
  createdAt: MM.createdAt,
  updatedAt: MM.updatedAt,
};
type Row = { [K in keyof typeof columns]: unknown } & { createdAt: Date; updatedAt: Date; thumbnailKey: string | null; createdByName: string | null; id: string };
const toView = (r: Row): MaterialView => {
  const { thumbnailKey, ...rest } = r;
  return { ...rest, hasThumbnail: thumbnailKey !== null, createdByName: r.createdByName?.trim() || null, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() } as MaterialView;
};

/** A material with its file, client (and the client's organization), company and uploader. */
const select = (t: Tenant) =>
  t.db.select(columns).from(MM).innerJoin(F, eq(F.id, MM.fileId)).innerJoin(C, eq(C.id, MM.clientId)).innerJoin(CO, eq(CO.id, MM.companyId))
    .leftJoin(O, eq(O.id, C.organizationId)).leftJoin(U, eq(U.id, MM.createdBy));

export async function getMaterial(t: Tenant, id: string): Promise<MaterialView> {
  const m = await materialOf(t, id);
  const [row] = await select(t).where(and(eq(MM.id, m.id), eq(MM.companyId, t.companyId), isNull(F.deletedAt)));
  if (!row) throw notFound(M.notFound);
  return toView(row as Row);
}

const like = (q: string) => `%${q.replace(/[\\%_]/g, '\\$&')}%`;

/** The library, newest first a page at a time; filters by client, folder, kind, tag and a search of names and tags. */
export async function listMaterials(t: Tenant, q: z.output<typeof materialListQuerySchema>): Promise<MaterialListResponse> {
  const where: SQL[] = [eq(MM.companyId, t.companyId), isNull(F.deletedAt)];
  const visible = await visibleClientIds(t);
  if (visible) where.push(visible.length ? inArray(MM.clientId, visible) : sql`false`);
  // A filter naming another company's (or a hidden) client or folder is 404, like reading it.
  if (q.clientId) where.push(eq(MM.clientId, (await visibleClient(t, q.clientId)).id));
  if (q.folderId === 'raiz') where.push(isNull(MM.folderId));
  else if (q.folderId) where.push(eq(MM.folderId, (await folderOf(t, q.folderId)).id));
  if (q.kind.length) where.push(inArray(F.kind, q.kind));
  if (q.tag) where.push(sql`${MM.tags} @> ARRAY[${q.tag}]::text[]`);
  if (q.q) {
    const pattern = like(q.q);
    where.push(or(sql`${F.name} ILIKE ${pattern}`, sql`EXISTS (SELECT 1 FROM unnest(${MM.tags}) AS tag WHERE tag ILIKE ${pattern})`)!);
  }
  where.push(...after(MM.createdAt, MM.id, q.cursor));
  const rows = (await select(t)
    .where(and(...where))
    .orderBy(desc(MM.createdAt), desc(MM.id))
    .limit(q.limit + 1)) as Row[];
  const { page, nextCursor } = pageOf(rows, q.limit, (r) => [r.createdAt, r.id]);
  return { materials: page.map(toView), nextCursor };
}

/** The tags in use (most used first), of one client or of every client the person sees. */
export async function listTags(t: Tenant, clientId?: string): Promise<{ tag: string; count: number }[]> {
  const where: SQL[] = [eq(MM.companyId, t.companyId)];
  if (clientId) {
    await visibleClient(t, clientId);
    where.push(eq(MM.clientId, clientId));
  }
  const visible = await visibleClientIds(t);
  if (visible) where.push(visible.length ? inArray(MM.clientId, visible) : sql`false`);
  const rows = await t.db
    .select({ tag: sql<string>`tag`, count: sql<number>`count(*)::int` })
    .from(sql`${MM} CROSS JOIN LATERAL unnest(${MM.tags}) AS tag`)
    .where(and(...where))
    .groupBy(sql`tag`)
    .orderBy(sql`count(*) DESC`, sql`tag`)
    .limit(100);
  return rows;
}

/**
 * A material from the streamed upload: the client (and folder) checked first, the bytes through
 * the platform's files (type from the content, the detected kind's limit, image thumbnails now,
 * a video's first frame in the background), then the material's row; nothing half-way.
 */
export async function uploadMaterial(
  s: Services,
  t: Tenant,
  o: { clientId: string; folderId?: string; tags: string[]; onDuplicate: 'ask' | 'keep'; name: string; body: ReadableStream<Uint8Array> | null; declaredLength?: number },
): Promise<MaterialView> {
  const name = o.name;
  const client = await visibleClient(t, o.clientId);
  if (client.archivedAt) throw conflict(M.clientArchived, 'MARKETING_CLIENT_ARCHIVED');
  if (o.folderId) {
    const folder = await folderOf(t, o.folderId);
    if (folder.clientId !== client.id) throw badRequest(M.folderOtherClient, 'MATERIAL_FOLDER_CLIENT');
  }
  const id = randomUUID();
  // The same bytes already in this client's library: the person chooses to keep both or skip (decision 0393).
  const accept = o.onDuplicate === 'keep' ? undefined : async ({ sha256 }: { sha256: string }) => {
    const same = await sameContent(t, client.id, sha256);
    if (same) throw new AppError(409, 'MATERIAL_DUPLICATE', M.duplicate(same.name, same.folderName), { duplicate: same });
  };
  const file = await storeMemberFile(s, t, { entityType: MATERIAL_ENTITY, entityId: id, kind: MATERIAL_KINDS, name, body: o.body, declaredLength: o.declaredLength, accept });
  try {
    await t.db.transaction(async (tx) => {
      await tx.insert(MM).values({ id, companyId: t.companyId, clientId: client.id, folderId: o.folderId ?? null, fileId: file.id, tags: o.tags, createdBy: t.actorId });
      await announce(tx, { companyId: t.companyId, entity: MATERIAL_ENTITY, id, action: 'created' });
    });
  } catch (e) {
    const cleanup = await removeEntityFile(s, t, file.id, MATERIAL_ENTITY).catch(() => null);
    await cleanup?.();
    throw e;
  }
  return getMaterial(t, id);
}

/** A live material of the client with these bytes (by the file's SHA-256), if any. */
async function sameContent(t: Tenant, clientId: string, sha256: string): Promise<MaterialDuplicate | null> {
  const [row] = await t.db
    .select({ id: MM.id, name: F.name, folderName: MF.name })
    .from(MM)
    .innerJoin(F, eq(F.id, MM.fileId))
    .leftJoin(MF, eq(MF.id, MM.folderId))
    .where(and(eq(MM.companyId, t.companyId), eq(MM.clientId, clientId), eq(F.sha256, sha256), isNull(F.deletedAt)))
    .orderBy(asc(MM.createdAt))
    .limit(1);
  return row ?? null;
}

/** Rename (the file's name: downloads follow it), move to a folder of the same client, tags. */
export async function updateMaterial(t: Tenant, id: string, input: z.output<typeof materialUpdateSchema>): Promise<MaterialView> {
  const m = await materialOf(t, id);
  if (input.folderId) {
    const folder = await folderOf(t, input.folderId);
    if (folder.clientId !== m.clientId) throw badRequest(M.folderOtherClient, 'MATERIAL_FOLDER_CLIENT');
  }
  await t.db.transaction(async (tx) => {
    if (input.name !== undefined && !(await renameEntityFile({ db: tx, companyId: t.companyId }, m.fileId, MATERIAL_ENTITY, input.name))) throw notFound(M.notFound);
    const set: Partial<typeof MM.$inferInsert> = { updatedAt: new Date() };
    if (input.folderId !== undefined) set.folderId = input.folderId;
    if (input.tags !== undefined) set.tags = input.tags;
    await tx.update(MM).set(set).where(eq(MM.id, m.id));
    await announce(tx, { companyId: t.companyId, entity: MATERIAL_ENTITY, id: m.id, action: 'updated' });
  });
  return getMaterial(t, m.id);
}

/** The material and its file go (the file's row keeps its history; its share links stop at once). */
export async function deleteMaterial(s: Services, t: Tenant, id: string): Promise<void> {
  const m = await materialOf(t, id);
  const cleanup = await t.db.transaction(async (tx) => {
    const done = await removeEntityFile(s, { db: tx, companyId: t.companyId, actorId: t.actorId }, m.fileId, MATERIAL_ENTITY);
    await tx.delete(MM).where(eq(MM.id, m.id));
    await announce(tx, { companyId: t.companyId, entity: MATERIAL_ENTITY, id: m.id, action: 'deleted' });
    return done;
  });
  await cleanup?.();
}

/** Whether the person sees this material (the platform's file check for entity 'marketing_material'). */
export async function materialVisible(t: Tenant, id: string): Promise<boolean> {
  try {
    await materialOf(t, id);
    return true;
  } catch {
    return false;
  }
}
