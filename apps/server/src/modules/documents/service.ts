import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { foldSearch, searchText } from '@sede/db/search';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES as M, docText, EMPTY_DOC, type DocContent, type DocumentFolder, type DocumentListItem, type DocumentVersionView, type DocumentView, type DocumentVisibility } from '@sede/shared/documents/schemas';
import { badRequest, conflict, forbidden, notFound, updatedRow } from '../../http/errors.ts';
import { announce, announcedAfterCommit, deferAnnouncements } from '../../platform/live/announce.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Tenant } from '../../services.ts';
import { earlierCreate } from '../../platform/tenant.ts';
import { isDocumentsAdmin, mayManage, visibleTo } from './access.ts';
import { projectName } from '../projects/public.ts';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { indexDocument } from './search-index.ts';
import { documentAccessChanged, resetSharedState } from './sync.ts';

const { documents: D, documentSearch: DS, documentFolders: DF, documentMembers: DM, documentVersions: DV, user: U, companyMembers: CM } = schema;
export const DOCUMENT_ENTITY = 'document';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A new automatic version when the last one is older than this (decision 0282). */
const AUTO_VERSION_MS = 10 * 60_000;
const PAGE = 50;

type DocRow = typeof D.$inferSelect;

// ——— Folders ———

export async function listFolders(t: Tenant): Promise<DocumentFolder[]> {
  const rows = await t.db
    .select({ id: DF.id, name: DF.name, parentId: DF.parentId, documents: count(D.id) })
    .from(DF)
    .leftJoin(D, eq(D.folderId, DF.id))
    .where(eq(DF.companyId, t.companyId))
    .groupBy(DF.id)
    .orderBy(asc(DF.name));
  return rows.map((r) => ({ ...r, documents: Number(r.documents) }));
}

async function folderOf(t: Tenant, id: string) {
  if (!UUID.test(id)) throw notFound(M.folderNotFound);
  const [row] = await t.db.select().from(DF).where(and(eq(DF.id, id), eq(DF.companyId, t.companyId)));
  if (!row) throw notFound(M.folderNotFound);
  return row;
}

export async function createFolder(t: Tenant, data: { name: string; parentId?: string | null }) {
  if (data.parentId) await folderOf(t, data.parentId);
  const [row] = await t.db.insert(DF).values({ companyId: t.companyId, name: data.name, parentId: data.parentId ?? null, createdBy: t.actorId }).returning();
  return { id: row!.id, name: row!.name, parentId: row!.parentId, documents: 0 };
}

export async function updateFolder(t: Tenant, id: string, data: { name?: string; parentId?: string | null }) {
  await folderOf(t, id);
  if (data.parentId) {
    // Walk up from the new parent: meeting this folder would make a cycle.
    let cursor: string | null = data.parentId;
    while (cursor) {
      if (cursor === id) throw badRequest(M.folderCycle, 'FOLDER_CYCLE');
      cursor = (await folderOf(t, cursor)).parentId;
    }
  }
  const rows = await t.db
    .update(DF)
    .set({ ...(data.name !== undefined ? { name: data.name } : {}), ...(data.parentId !== undefined ? { parentId: data.parentId } : {}) })
    .where(and(eq(DF.id, id), eq(DF.companyId, t.companyId)))
    .returning({ id: DF.id });
  updatedRow(rows, M.folderNotFound);
  const folder = (await listFolders(t)).find((f) => f.id === id);
  if (!folder) throw notFound(M.folderNotFound);
  return folder;
}

export async function deleteFolder(t: Tenant, id: string) {
  await folderOf(t, id);
  const [docs] = await t.db.select({ n: count() }).from(D).where(and(eq(D.companyId, t.companyId), eq(D.folderId, id)));
  const [subs] = await t.db.select({ n: count() }).from(DF).where(and(eq(DF.companyId, t.companyId), eq(DF.parentId, id)));
  if (Number(docs!.n) + Number(subs!.n) > 0) throw conflict(M.folderNotEmpty, 'FOLDER_NOT_EMPTY');
  await t.db.delete(DF).where(and(eq(DF.id, id), eq(DF.companyId, t.companyId)));
}

// ——— Documents ———

const nameOf = (u: { name: string | null } | null) => u?.name?.trim() || null;

/** A document the viewer may see; anything else (another company's, a restricted one) is 404. */
export async function visibleDocument(t: Tenant, viewer: Viewer, id: string): Promise<DocRow> {
  if (!UUID.test(id)) throw notFound(M.notFound);
  const [row] = await t.db
    .select()
    .from(D)
    .where(and(eq(D.id, id), eq(D.companyId, t.companyId), visibleTo(viewer)));
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function documentExistsFor(t: Tenant, viewer: Viewer, id: string): Promise<boolean> {
  try {
    await visibleDocument(t, viewer, id);
    return true;
  } catch {
    return false;
  }
}

async function toView(t: Tenant, viewer: Viewer, row: DocRow): Promise<DocumentView> {
  const [updater] = row.updatedBy ? await t.db.select({ name: U.name }).from(U).where(eq(U.id, row.updatedBy)) : [];
  const members = await t.db.select({ userId: DM.userId }).from(DM).where(eq(DM.documentId, row.id));
  return {
    id: row.id,
    title: row.title,
    folderId: row.folderId,
    projectId: row.projectId,
    visibility: row.visibility as DocumentVisibility,
    updatedAt: row.updatedAt.toISOString(),
    updatedByName: nameOf(updater ?? null),
    snippet: null,
    content: row.content as DocContent,
    revision: row.revision,
    createdBy: row.createdBy,
    memberIds: members.map((m) => m.userId),
    canManage: mayManage(viewer, row),
  };
}

export const getDocument = async (t: Tenant, viewer: Viewer, id: string) => toView(t, viewer, await visibleDocument(t, viewer, id));

function checkedText(content: DocContent): string {
  const text = docText(content);
  if (text.length > DOCUMENT_LIMITS.contentChars) throw badRequest(M.tooLong, 'DOCUMENT_TOO_LONG');
  return text;
}

export async function createDocument(
  t: Tenant,
  viewer: Viewer,
  data: { id?: string; title: string; folderId?: string | null; visibility: DocumentVisibility; content?: DocContent; projectId?: string | null },
) {
  if (data.folderId) await folderOf(t, data.folderId);
  if (data.projectId) await projectOf(t, viewer, data.projectId);
  const content = data.content ?? EMPTY_DOC;
  const contentText = checkedText(content);
  // The creator's URL carries the id: a repeated request answers the same document, never a second one.
  const existing = await earlierCreate(t, D, data.id, M.exists, 'DOCUMENT_EXISTS');
  if (existing) return toView(t, viewer, existing);
  const [row] = await t.db
    .insert(D)
    .values({ ...(data.id ? { id: data.id } : {}), companyId: t.companyId, title: data.title, folderId: data.folderId ?? null, projectId: data.projectId ?? null, visibility: data.visibility, content, contentText, createdBy: t.actorId, updatedBy: t.actorId })
    .returning();
  await indexDocument(t.db, row!.id);
  await announce(t.db, { companyId: t.companyId, entity: DOCUMENT_ENTITY, id: row!.id, action: 'created' });
  return toView(t, viewer, row!);
}

/** Saves the editor's content when it started from the current revision; keeps a version every 10 minutes. */
/** Above this many characters, a save's search row is written by a job 2 s later (decision 0287). */
export const TEXT_INLINE_CHARS = 20_000;
export const DOCUMENT_TEXT_QUEUE = 'documents-text';
/** The text job's data: the document and its company (the job's tenant). */
export type DocumentTextJob = { documentId: string; companyId: string };

/** The job of decision 0287: the document's search row catches up with its title and text. */
export const refreshDocumentText = (db: Tenant['db'], id: string) => indexDocument(db, id);

export async function saveDocument(
  t: Tenant,
  viewer: Viewer,
  id: string,
  data: { title?: string; content: DocContent; revision: number },
  opts: { textLater?: (id: string) => Promise<unknown> } = {},
) {
  if (!UUID.test(id)) throw notFound(M.notFound);
  const contentText = checkedText(data.content);
  // A long text costs the full-text index tens of milliseconds per save: written shortly after (decision 0287).
  const textLater = opts.textLater && contentText.length > TEXT_INLINE_CHARS ? opts.textLater : null;
  const mine = and(eq(D.id, id), eq(D.companyId, t.companyId), visibleTo(viewer));
  // The row's content and text never come back to the server (a 50-page document is ~370 KB of them):
  // the visibility is checked by the UPDATE itself, the version copied inside PostgreSQL. The
  // shared-editing reset is announced with the save, after the commit (decision 0765).
  const saved = await announcedAfterCommit(t.db, (later) =>
    t.db.transaction(async (tx) => {
      deferAnnouncements(tx, later);
      // The version keeps what was there before this save began (what an undo to 'before I started'
      // needs): copied only when the save replaces that revision and no version is younger than AUTO_VERSION_MS.
      await tx.execute(sql`
        INSERT INTO ${DV} (company_id, document_id, title, content, reason, created_by)
        SELECT ${D.companyId}, ${D.id}, ${D.title}, ${D.content}, 'auto', ${D.updatedBy} FROM ${D}
         WHERE ${and(mine, eq(D.revision, data.revision))}
           AND NOT EXISTS (SELECT 1 FROM ${DV} WHERE ${DV.documentId} = ${id} AND ${DV.createdAt} > now() - make_interval(secs => ${AUTO_VERSION_MS / 1000}))`);
      const [row] = await tx
        .update(D)
        .set({ content: data.content, contentText, ...(data.title ? { title: data.title } : {}), revision: sql`${D.revision} + 1`, ydocState: null, ydocEpoch: sql`${D.ydocEpoch} + 1`, updatedBy: t.actorId, updatedAt: new Date() })
        .where(and(mine, eq(D.revision, data.revision)))
        // Only what the answer needs: the row's JSON and text would travel back for nothing.
        .returning({ revision: D.revision, updatedAt: D.updatedAt });
      if (!row) {
        const [seen] = await tx.select({ id: D.id }).from(D).where(mine);
        throw seen ? conflict(M.stale, 'DOCUMENT_STALE') : notFound(M.notFound);
      }
      // A save outside shared editing replaces its state (decision 0286).
      await resetSharedState(tx, t.companyId, id, { stateCleared: true });
      if (!textLater) await indexDocument(tx, id);
      later.push({ companyId: t.companyId, entity: DOCUMENT_ENTITY, id, action: 'updated' });
      return row;
    }),
  );
  if (textLater) await textLater(id);
  return { revision: saved.revision, updatedAt: saved.updatedAt.toISOString() };
}

export async function updateDocument(t: Tenant, viewer: Viewer, id: string, data: { title?: string; folderId?: string | null; visibility?: DocumentVisibility; memberIds?: string[] }) {
  const doc = await visibleDocument(t, viewer, id);
  if (!mayManage(viewer, doc) && (data.visibility !== undefined || data.memberIds !== undefined)) throw forbidden('Só quem criou o documento (ou um administrador) muda quem pode vê-lo.');
  if (data.folderId) await folderOf(t, data.folderId);
  if (data.memberIds?.length) {
    const found = await t.db.select({ id: CM.userId }).from(CM).where(and(eq(CM.companyId, t.companyId), inArray(CM.userId, data.memberIds)));
    if (found.length !== new Set(data.memberIds).size) throw badRequest(M.members, 'DOCUMENT_MEMBERS');
  }
  await t.db.transaction(async (tx) => {
    await tx
      .update(D)
      .set({
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.folderId !== undefined ? { folderId: data.folderId } : {}),
        ...(data.visibility !== undefined ? { visibility: data.visibility } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    if (data.title !== undefined) await indexDocument(tx, id);
    if (data.memberIds !== undefined) {
      await tx.delete(DM).where(eq(DM.documentId, id));
      if (data.memberIds.length) await tx.insert(DM).values([...new Set(data.memberIds)].map((userId) => ({ companyId: t.companyId, documentId: id, userId })));
    }
    if (data.visibility !== undefined || data.memberIds !== undefined) await documentAccessChanged(tx, t.companyId, id);
  });
  await announce(t.db, { companyId: t.companyId, entity: DOCUMENT_ENTITY, id, action: 'updated' });
  return getDocument(t, viewer, id);
}

export async function deleteDocument(t: Tenant, viewer: Viewer, id: string) {
  const doc = await visibleDocument(t, viewer, id);
  if (!mayManage(viewer, doc)) throw forbidden('Só quem criou o documento (ou um administrador) pode excluí-lo.');
  await t.db.transaction(async (tx) => {
    await tx.delete(D).where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    await documentAccessChanged(tx, t.companyId, id);
  });
  await announce(t.db, { companyId: t.companyId, entity: DOCUMENT_ENTITY, id, action: 'deleted' });
}

const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(c: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(c, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  return Number.isNaN(date.getTime()) || !id || !UUID.test(id) ? null : { at: date, id };
}

/**
 * The lists of /documentacoes-geral (scope 'geral': the company's shared documents, by folder) and
 * /documentacoes (scope 'meus': mine and shared with me), newest first by cursor; with `q`, the
 * Portuguese full-text search over title and text, best match first, with a snippet.
 */
export async function listDocuments(t: Tenant, viewer: Viewer, f: { scope: 'geral' | 'meus'; folderId?: string; projectId?: string; q?: string; cursor?: string }) {
  const where = [eq(D.companyId, t.companyId), visibleTo(viewer)];
  if (f.projectId) {
    await projectOf(t, viewer, f.projectId);
    where.push(eq(D.projectId, f.projectId));
  } else if (f.scope === 'geral') where.push(eq(D.visibility, 'empresa'));
  else
    where.push(
      or(eq(D.createdBy, t.actorId), sql`exists (select 1 from document_members m where m.document_id = ${D.id} and m.user_id = ${t.actorId})`),
    );
  if (f.folderId === 'raiz') where.push(isNull(D.folderId));
  else if (f.folderId) where.push(eq(D.folderId, f.folderId));
  const words = f.q ? foldSearch(f.q).replace(/[^\p{L}\p{N}\s]/gu, ' ').trim() : '';
  const columns = { d: D, updater: U.name };
  if (words) {
    // The search row of decision 0287 (same expression as its index).
    const vector = sql`to_tsvector('portuguese', ${searchText(sql`${DS.title} || ' ' || ${DS.contentText}`)})`;
    const query = sql`websearch_to_tsquery('portuguese', ${words})`;
    const rows = await t.db
      .select({ ...columns, rank: sql<number>`ts_rank(${vector}, ${query})`, snippet: sql<string>`ts_headline('portuguese', ${searchText(sql`${DS.contentText}`)}, ${query}, 'StartSel=«,StopSel=»,MaxWords=25,MinWords=10')` })
      .from(D)
      .innerJoin(DS, eq(DS.documentId, D.id))
      .leftJoin(U, eq(U.id, D.updatedBy))
      .where(and(...where, sql`${vector} @@ ${query}`))
      .orderBy(desc(sql`ts_rank(${vector}, ${query})`), desc(D.updatedAt))
      .limit(PAGE);
    return { items: rows.map((r) => listItem(r.d, r.updater, r.snippet)), nextCursor: null };
  }
  const cursor = f.cursor ? decodeCursor(f.cursor) : null;
  if (cursor) where.push(or(lt(D.updatedAt, cursor.at), and(eq(D.updatedAt, cursor.at), lt(D.id, cursor.id))));
  const rows = await t.db
    .select(columns)
    .from(D)
    .leftJoin(U, eq(U.id, D.updatedBy))
    .where(and(...where))
    .orderBy(desc(D.updatedAt), desc(D.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return { items: page.map((r) => listItem(r.d, r.updater, null)), nextCursor: rows.length > PAGE && last ? encodeCursor(last.d.updatedAt, last.d.id) : null };
}

const listItem = (d: DocRow, updater: string | null, snippet: string | null): DocumentListItem => ({
  id: d.id,
  title: d.title,
  folderId: d.folderId,
  projectId: d.projectId,
  visibility: d.visibility as DocumentVisibility,
  updatedAt: d.updatedAt.toISOString(),
  updatedByName: updater?.trim() || null,
  snippet: snippet?.includes('«') ? snippet : null,
});

// ——— Projects' documentation ———

/** A project of the company, seen by someone who may open projects (the route's `gestao_projetos`); else 403/404. */
export async function projectOf(t: Tenant, viewer: Viewer, id: string): Promise<{ id: string; name: string }> {
  if (!canAny(grantsFor(viewer.membership), ['projects.read'])) throw forbidden();
  const name = await projectName(t, id);
  if (name === null) throw notFound(M.projectNotFound);
  return { id, name };
}

// ——— Versions ———

export async function listVersions(t: Tenant, viewer: Viewer, id: string): Promise<DocumentVersionView[]> {
  await visibleDocument(t, viewer, id);
  const rows = await t.db
    .select({ v: DV, name: U.name })
    .from(DV)
    .leftJoin(U, eq(U.id, DV.createdBy))
    .where(and(eq(DV.documentId, id), eq(DV.companyId, t.companyId)))
    .orderBy(desc(DV.createdAt))
    .limit(100);
  return rows.map(({ v, name }) => ({ id: v.id, title: v.title, createdAt: v.createdAt.toISOString(), createdByName: nameOf({ name }), reason: v.reason as DocumentVersionView['reason'] }));
}

export async function getVersion(t: Tenant, viewer: Viewer, id: string, versionId: string) {
  await visibleDocument(t, viewer, id);
  if (!UUID.test(versionId)) throw notFound(M.versionNotFound);
  const [v] = await t.db.select().from(DV).where(and(eq(DV.id, versionId), eq(DV.documentId, id), eq(DV.companyId, t.companyId)));
  if (!v) throw notFound(M.versionNotFound);
  return { id: v.id, title: v.title, content: v.content as DocContent, createdAt: v.createdAt.toISOString() };
}

export async function saveVersion(t: Tenant, viewer: Viewer, id: string) {
  const doc = await visibleDocument(t, viewer, id);
  await t.db.insert(DV).values({ companyId: t.companyId, documentId: id, title: doc.title, content: doc.content, reason: 'manual', createdBy: t.actorId });
  return listVersions(t, viewer, id);
}

/** Restores a version: the current text is kept as a version first, so a restore can be undone. */
export async function restoreVersion(t: Tenant, viewer: Viewer, id: string, versionId: string) {
  const doc = await visibleDocument(t, viewer, id);
  const version = await getVersion(t, viewer, id, versionId);
  await t.db.transaction(async (tx) => {
    await tx.insert(DV).values({ companyId: t.companyId, documentId: id, title: doc.title, content: doc.content, reason: 'restore', createdBy: t.actorId });
    await tx
      .update(D)
      .set({ title: version.title, content: version.content, contentText: docText(version.content), revision: sql`${D.revision} + 1`, ydocState: null, ydocEpoch: sql`${D.ydocEpoch} + 1`, updatedBy: t.actorId, updatedAt: new Date() })
      .where(and(eq(D.id, id), eq(D.companyId, t.companyId)));
    await resetSharedState(tx, t.companyId, id, { stateCleared: true });
    await indexDocument(tx, id);
  });
  await announce(t.db, { companyId: t.companyId, entity: DOCUMENT_ENTITY, id, action: 'updated' });
  return getDocument(t, viewer, id);
}

export { isDocumentsAdmin };
