import { logAudit } from '../../platform/audit.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { hasAnyPermission } from '@sede/shared/permissions';
import { FILE_KINDS, FILE_LINK_DEFAULT_HOURS, FILE_MESSAGES, previewOf, SHARE_LINK_MESSAGES, type FileInfo, type FileKind, type PublicFileView, type ShareLinkCreated, type ShareLinkInfo } from '@sede/shared/platform/files';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { fileEntityCheck } from '../../platform/files/entities.ts';
import { createLinkToken, linkKey, verifyLinkToken } from '../../platform/files/links.ts';
import { type FileStorage, storageFromConfig } from '../../platform/files/storage.ts';
import { makeThumbnail } from '../../platform/files/thumbnail.ts';
import { makeVideoThumbnail } from '../../platform/files/video-frame.ts';
import { announce } from '../../platform/live/announce.ts';
import { receiveUpload, type ReceivedFile } from '../../platform/files/upload.ts';
import { serverState } from '../../platform/module.ts';
import { authSecret } from '../../platform/secret.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Services, Tenant } from '../../services.ts';

type FileRow = typeof schema.files.$inferSelect;

/** This server's storage and link key (per server, never module-level). */
export const filesStorage = (s: Services): FileStorage => serverState(s, 'files.storage', () => storageFromConfig(s.cfg));
export const filesLinkKey = (s: Services) => serverState(s, 'files.linkKey', () => linkKey(authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)));

const isAdmin = (viewer: Viewer) => hasAnyPermission(viewer.permissions, ['admin']);

export function toFileInfo(row: FileRow, viewer: Viewer): FileInfo {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    kind: row.kind as FileKind,
    name: row.name,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    hasThumbnail: row.thumbnailKey !== null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    canDelete: row.createdBy === viewer.user.id || isAdmin(viewer),
  };
}

/** The entity must be of a registered type (else 400) and visible to the person (else 404; the check may 403). */
async function ensureEntity(s: Services, tenant: Tenant, viewer: Viewer, entityType: string, entityId: string) {
  const check = fileEntityCheck(s, entityType);
  if (!check) throw badRequest(FILE_MESSAGES.unknownEntity, 'UNKNOWN_ENTITY_TYPE');
  if (!(await check(tenant, entityId, viewer))) throw notFound('Registro não encontrado.');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A live file of the tenant's company whose entity the person may see; anything else is 404. */
export async function loadFile(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<FileRow> {
  if (!UUID.test(id)) throw notFound(FILE_MESSAGES.notFound);
  const [row] = await tenant.db
    .select()
    .from(schema.files)
    .where(and(eq(schema.files.id, id), eq(schema.files.companyId, tenant.companyId), isNull(schema.files.deletedAt)))
    .limit(1);
  if (!row) throw notFound(FILE_MESSAGES.notFound);
  const check = fileEntityCheck(s, row.entityType);
  if (!check || !(await check(tenant, row.entityId, viewer))) throw notFound(FILE_MESSAGES.notFound);
  return row;
}

export async function uploadFile(
  s: Services,
  tenant: Tenant,
  viewer: Viewer,
  o: { entityType: string; entityId: string; kind: FileKind | readonly FileKind[]; name: string; body: ReadableStream<Uint8Array> | null; declaredLength?: number },
): Promise<FileRow> {
  await ensureEntity(s, tenant, viewer, o.entityType, o.entityId);
  return storeFile(s, tenant, o, tenant.actorId);
}

/** Streams the bytes to storage and records the file; the caller checked the entity. `createdBy` null: uploaded from outside the company (the inbox widget's visitor). */
export async function storeFile(
  s: Services,
  tenant: Pick<Tenant, 'db' | 'companyId'>,
  o: {
    entityType: string;
    entityId: string;
    kind: FileKind | readonly FileKind[];
    name: string;
    body: ReadableStream<Uint8Array> | null;
    declaredLength?: number;
    /** Runs once the bytes arrived (their hash known), before the row: throwing removes them (a library's duplicate check). */
    accept?: (received: ReceivedFile) => Promise<void>;
  },
  createdBy: string | null,
): Promise<FileRow> {
  const storage = filesStorage(s);
  const id = randomUUID();
  const key = `${tenant.companyId}/${id}`;
  const received = await receiveUpload(storage, o.body, { key, kind: o.kind, name: o.name, declaredLength: o.declaredLength });
  let thumbnailKey: string | null = null;
  try {
    await o.accept?.(received);
    if (received.kind === 'image' && (FILE_KINDS.image.mimes as readonly string[]).includes(received.mime)) {
      thumbnailKey = (await makeThumbnail(storage, key, `${key}.thumb.webp`)) ? `${key}.thumb.webp` : null;
    }
    const [row] = await tenant.db
      .insert(schema.files)
      .values({
        id,
        companyId: tenant.companyId,
        entityType: o.entityType,
        entityId: o.entityId,
        kind: received.kind,
        name: o.name,
        mime: received.mime,
        size: received.size,
        storageKey: key,
        sha256: received.sha256,
        thumbnailKey,
        createdBy,
      })
      .returning();
    // A video's first frame is made in the background (ffmpeg reads the whole index): the thumbnail appears live.
    if (received.kind === 'video') await queueVideoThumbnail(s, { fileId: row!.id, companyId: tenant.companyId });
    return row!;
  } catch (e) {
    // Nothing half-way: bytes without a row are removed.
    await storage.delete(key).catch(() => {});
    if (thumbnailKey) await storage.delete(thumbnailKey).catch(() => {});
    throw e;
  }
}

export async function listFiles(s: Services, tenant: Tenant, viewer: Viewer, entityType: string, entityId: string): Promise<FileRow[]> {
  await ensureEntity(s, tenant, viewer, entityType, entityId);
  return tenant.db
    .select()
    .from(schema.files)
    .where(
      and(
        eq(schema.files.companyId, tenant.companyId),
        eq(schema.files.entityType, entityType),
        eq(schema.files.entityId, entityId),
        isNull(schema.files.deletedAt),
      ),
    )
    .orderBy(desc(schema.files.createdAt), desc(schema.files.id))
    .limit(500);
}

/** Deletion by the uploader or an admin: the row keeps its history (deleted_at), the bytes go. */
export async function deleteFile(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<void> {
  const row = await loadFile(s, tenant, viewer, id);
  if (row.createdBy !== viewer.user.id && !isAdmin(viewer)) throw forbidden(FILE_MESSAGES.deleteForbidden);
  const updated = await tenant.db
    .update(schema.files)
    .set({ deletedAt: new Date() })
    .where(and(eq(schema.files.id, row.id), eq(schema.files.companyId, tenant.companyId), isNull(schema.files.deletedAt)))
    .returning({ id: schema.files.id });
  if (!updated.length) throw notFound(FILE_MESSAGES.notFound);
  // The file's name may be personal data: the audit line names the holder and the kind only (decision 0128).
  await logAudit(tenant.db, tenant, { action: 'file_deleted', entity: 'file', id: row.id, details: { holder: row.entityType, kind: row.kind } });
  await removeStoredBytes(s, [row]);
}

/** Where a file's bytes and thumbnail are stored. */
export type StoredFile = { storageKey: string; thumbnailKey: string | null };

/** The bytes (and thumbnails) of files whose rows are already gone or marked deleted; a failure is logged, never thrown. */
export async function removeStoredBytes(s: Services, files: readonly StoredFile[]) {
  const storage = filesStorage(s);
  for (const f of files) {
    await storage.delete(f.storageKey).catch((e) => console.error('[files] could not delete', f.storageKey, (e as Error).message));
    if (f.thumbnailKey) await storage.delete(f.thumbnailKey).catch(() => {});
  }
}

export async function createLink(s: Services, tenant: Tenant, viewer: Viewer, id: string, hours = FILE_LINK_DEFAULT_HOURS) {
  const row = await loadFile(s, tenant, viewer, id);
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  const token = createLinkToken(filesLinkKey(s), row.id, expiresAt);
  // A link opens the file outside the company: recorded as an export.
  await logAudit(tenant.db, tenant, { action: 'file_link_created', entity: 'file', id: row.id, details: { via: 'link', holder: row.entityType, expiresAt: expiresAt.toISOString() } });
  return { url: `${s.cfg.appUrl}/api/public/files/${token}`, expiresAt: expiresAt.toISOString() };
}

/** The file a public link opens (a share link or a signed link) and until when: 404 invalid, 410 expired or revoked. */
export async function openPublicLink(s: Services, token: string): Promise<{ file: FileRow; expiresAt: Date }> {
  return isShareToken(token) ? fileFromShareToken(s, token) : fileFromLink(s, token);
}

/** The shared-file page's facts (decision 0392): the file and the company's name, nothing else. */
export async function publicFileView(s: Services, token: string): Promise<PublicFileView> {
  const { file, expiresAt } = await openPublicLink(s, token);
  const company = await systemTenant(s, file.companyId, 'public-link')
    .db.select({ name: schema.companies.name, fantasia: schema.companies.fantasia })
    .from(schema.companies)
    .where(eq(schema.companies.id, file.companyId))
    .then((rows) => rows[0]);
  return { name: file.name, size: file.size, mime: file.mime, preview: previewOf(file.mime), companyName: company?.fantasia?.trim() || company?.name || '', expiresAt: expiresAt.toISOString() };
}

/** The file a signed link names: 404 when forged or the file is gone, 410 when expired. */
async function fileFromLink(s: Services, token: string): Promise<{ file: FileRow; expiresAt: Date }> {
  const check = verifyLinkToken(filesLinkKey(s), token);
  if (!check.ok && check.reason === 'expired') throw new AppError(410, 'LINK_EXPIRED', FILE_MESSAGES.linkExpired);
  if (!check.ok) throw notFound(FILE_MESSAGES.linkInvalid);
  // The one read before a tenant exists: the signed file, whichever company holds it.
  const [row] = await s.db
    .select()
    .from(schema.files)
    .where(and(eq(schema.files.id, check.fileId), isNull(schema.files.deletedAt)))
    .limit(1);
  if (!row) throw notFound(FILE_MESSAGES.linkInvalid);
  return { file: row, expiresAt: check.expiresAt };
}

/** The queue of videos' first frames (decision 0338): one file id per job. */
export const VIDEO_THUMBNAIL_QUEUE = 'files-video-thumbnail';

/** A video's first frame to make: the file and its company (the job's tenant). */
type VideoThumbnailJob = { fileId: string; companyId: string };

async function queueVideoThumbnail(s: Services, job: VideoThumbnailJob) {
  await s.boss.send(VIDEO_THUMBNAIL_QUEUE, job, { retryLimit: 1, retryDelay: 5, expireInMinutes: 10 });
  const worker = serverState<{ id: string | null }>(s, 'files.videoWorker', () => ({ id: null }));
  if (worker.id) s.boss.notifyWorker(worker.id);
}

/** The worker: the frame as the file's thumbnail, then `file` announced 'thumbnail' to the company's open pages. */
export async function startVideoThumbnails(s: Services) {
  await s.boss.createQueue(VIDEO_THUMBNAIL_QUEUE);
  const worker = serverState<{ id: string | null }>(s, 'files.videoWorker', () => ({ id: null }));
  worker.id = await s.boss.work<VideoThumbnailJob>(VIDEO_THUMBNAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await videoThumbnail(s, job.data);
  });
}

export async function videoThumbnail(s: Services, { fileId, companyId }: VideoThumbnailJob): Promise<boolean> {
  const F = schema.files;
  const { db } = systemTenant(s, companyId, 'job');
  const [row] = await db.select().from(F).where(and(eq(F.id, fileId), eq(F.companyId, companyId), isNull(F.deletedAt))).limit(1);
  if (row?.kind !== 'video') return false;
  if (row.thumbnailKey) return true;
  const storage = filesStorage(s);
  const thumbnailKey = `${row.storageKey}.thumb.webp`;
  if (!(await makeVideoThumbnail(storage, row.storageKey, thumbnailKey))) return false;
  const updated = await db.update(F).set({ thumbnailKey }).where(and(eq(F.id, row.id), eq(F.companyId, companyId), isNull(F.deletedAt))).returning({ id: F.id });
  if (!updated.length) {
    await storage.delete(thumbnailKey).catch(() => {});
    return false;
  }
  await announce(db, { companyId: row.companyId, entity: 'file', id: row.id, action: 'thumbnail' });
  return true;
}

/* Share links that can be revoked (decision 0336): a random token shown once, its SHA-256 stored. */

const SHARE_TOKEN = /^s_[A-Za-z0-9_-]{43}$/;
export const isShareToken = (token: string) => SHARE_TOKEN.test(token);
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
type ShareRow = typeof schema.fileShareLinks.$inferSelect;

const toShareInfo = (r: ShareRow, now = Date.now()): ShareLinkInfo => ({
  id: r.id,
  fileId: r.fileId,
  expiresAt: r.expiresAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdBy,
  active: !r.revokedAt && r.expiresAt.getTime() > now,
});

export async function createShareLink(s: Services, tenant: Tenant, viewer: Viewer, fileId: string, hours = FILE_LINK_DEFAULT_HOURS): Promise<ShareLinkCreated> {
  const row = await loadFile(s, tenant, viewer, fileId);
  const token = `s_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  const link = await tenant.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(schema.fileShareLinks)
      .values({ companyId: tenant.companyId, fileId: row.id, tokenHash: tokenHash(token), expiresAt, createdBy: tenant.actorId })
      .returning();
    await logAudit(tx, tenant, { action: 'file_share_link_created', entity: 'file', id: row.id, details: { via: 'share_link', holder: row.entityType, expiresAt: expiresAt.toISOString() } });
    return created!;
  });
  // The page of the shared file (decision 0392): name, size, preview and 'Baixar'; the bytes stay at /api/public/files/:token.
  return { ...toShareInfo(link), url: `${s.cfg.appUrl}/arquivo/${token}` };
}

/** The file's share links, newest first (active and past ones; never their tokens). */
export async function listShareLinks(s: Services, tenant: Tenant, viewer: Viewer, fileId: string): Promise<ShareLinkInfo[]> {
  const row = await loadFile(s, tenant, viewer, fileId);
  const L = schema.fileShareLinks;
  const rows = await tenant.db
    .select()
    .from(L)
    .where(and(eq(L.companyId, tenant.companyId), eq(L.fileId, row.id)))
    .orderBy(desc(L.createdAt), desc(L.id))
    .limit(100);
  return rows.map((r) => toShareInfo(r));
}

/** Revokes a link at once (whoever may see the file); revoking twice is fine; another file's link is 404. */
export async function revokeShareLink(s: Services, tenant: Tenant, viewer: Viewer, fileId: string, linkId: string): Promise<ShareLinkInfo> {
  const row = await loadFile(s, tenant, viewer, fileId);
  if (!UUID.test(linkId)) throw notFound(SHARE_LINK_MESSAGES.notFound);
  const L = schema.fileShareLinks;
  return tenant.db.transaction(async (tx) => {
    const [link] = await tx.select().from(L).where(and(eq(L.id, linkId), eq(L.companyId, tenant.companyId), eq(L.fileId, row.id))).limit(1);
    if (!link) throw notFound(SHARE_LINK_MESSAGES.notFound);
    if (link.revokedAt) return toShareInfo(link);
    const [updated] = await tx.update(L).set({ revokedAt: new Date() }).where(eq(L.id, link.id)).returning();
    await logAudit(tx, tenant, { action: 'file_share_link_revoked', entity: 'file', id: row.id, details: { via: 'share_link_revoked', link: link.id } });
    return toShareInfo(updated!);
  });
}

/** The file a share link opens: 404 when unknown or the file is gone, 410 when expired or revoked. */
async function fileFromShareToken(s: Services, token: string): Promise<{ file: FileRow; expiresAt: Date }> {
  const L = schema.fileShareLinks;
  const F = schema.files;
  // The one read before a tenant exists: the link and its file, whichever company holds them.
  const [found] = await s.db
    .select({ link: L, file: F })
    .from(L)
    .innerJoin(F, eq(F.id, L.fileId))
    .where(and(eq(L.tokenHash, tokenHash(token)), eq(F.companyId, L.companyId)))
    .limit(1);
  if (!found || found.file.deletedAt) throw notFound(FILE_MESSAGES.linkInvalid);
  if (found.link.revokedAt) throw new AppError(410, 'LINK_REVOKED', SHARE_LINK_MESSAGES.revoked);
  if (found.link.expiresAt.getTime() <= Date.now()) throw new AppError(410, 'LINK_EXPIRED', FILE_MESSAGES.linkExpired);
  return { file: found.file, expiresAt: found.link.expiresAt };
}
