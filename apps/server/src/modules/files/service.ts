import { logAudit } from '../../platform/audit.ts';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { hasAnyPermission } from '@sede/shared/permissions';
import { FILE_KINDS, FILE_LINK_DEFAULT_HOURS, FILE_MESSAGES, type FileInfo, type FileKind } from '@sede/shared/platform/files';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { fileEntityCheck } from '../../platform/files/entities.ts';
import { createLinkToken, linkKey, verifyLinkToken } from '../../platform/files/links.ts';
import { type FileStorage, storageFromConfig } from '../../platform/files/storage.ts';
import { makeThumbnail } from '../../platform/files/thumbnail.ts';
import { receiveUpload } from '../../platform/files/upload.ts';
import { serverState } from '../../platform/module.ts';
import { authSecret } from '../../platform/secret.ts';
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
  o: { entityType: string; entityId: string; kind: FileKind; name: string; body: ReadableStream<Uint8Array> | null; declaredLength?: number },
): Promise<FileRow> {
  await ensureEntity(s, tenant, viewer, o.entityType, o.entityId);
  return storeFile(s, tenant, o, tenant.actorId);
}

/** Streams the bytes to storage and records the file; the caller checked the entity. `createdBy` null: uploaded from outside the company (the inbox widget's visitor). */
export async function storeFile(
  s: Services,
  tenant: Pick<Tenant, 'db' | 'companyId'>,
  o: { entityType: string; entityId: string; kind: FileKind; name: string; body: ReadableStream<Uint8Array> | null; declaredLength?: number },
  createdBy: string | null,
): Promise<FileRow> {
  const storage = filesStorage(s);
  const id = randomUUID();
  const key = `${tenant.companyId}/${id}`;
  const received = await receiveUpload(storage, o.body, { key, kind: o.kind, name: o.name, declaredLength: o.declaredLength });
  let thumbnailKey: string | null = null;
  try {
    if (o.kind === 'image' && (FILE_KINDS.image.mimes as readonly string[]).includes(received.mime)) {
      thumbnailKey = (await makeThumbnail(storage, key, `${key}.thumb.webp`)) ? `${key}.thumb.webp` : null;
    }
    const [row] = await tenant.db
      .insert(schema.files)
      .values({
        id,
        companyId: tenant.companyId,
        entityType: o.entityType,
        entityId: o.entityId,
        kind: o.kind,
        name: o.name,
        mime: received.mime,
        size: received.size,
        storageKey: key,
        sha256: received.sha256,
        thumbnailKey,
        createdBy,
      })
      .returning();
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
  await logAudit(tenant.db, tenant, { action: 'entity_deleted', entity: 'file', id: row.id, details: { holder: row.entityType, kind: row.kind } });
  const storage = filesStorage(s);
  await storage.delete(row.storageKey).catch((e) => console.error('[files] could not delete', row.storageKey, (e as Error).message));
  if (row.thumbnailKey) await storage.delete(row.thumbnailKey).catch(() => {});
}

export async function createLink(s: Services, tenant: Tenant, viewer: Viewer, id: string, hours = FILE_LINK_DEFAULT_HOURS) {
  const row = await loadFile(s, tenant, viewer, id);
  const expiresAt = new Date(Date.now() + hours * 3600_000);
  const token = createLinkToken(filesLinkKey(s), row.id, expiresAt);
  // A link opens the file outside the company: recorded as an export.
  await logAudit(tenant.db, tenant, { action: 'data_exported', entity: 'file', id: row.id, details: { via: 'link', holder: row.entityType, expiresAt: expiresAt.toISOString() } });
  return { url: `${s.cfg.appUrl}/api/public/files/${token}`, expiresAt: expiresAt.toISOString() };
}

/** The file a signed link names: 404 when forged or the file is gone, 410 when expired. */
export async function fileFromLink(s: Services, token: string): Promise<FileRow> {
  const check = verifyLinkToken(filesLinkKey(s), token);
  if (!check.ok && check.reason === 'expired') throw new AppError(410, 'LINK_EXPIRED', FILE_MESSAGES.linkExpired);
  if (!check.ok) throw notFound(FILE_MESSAGES.linkInvalid);
  const [row] = await s.db
    .select()
    .from(schema.files)
    .where(and(eq(schema.files.id, check.fileId), isNull(schema.files.deletedAt)))
    .limit(1);
  if (!row) throw notFound(FILE_MESSAGES.linkInvalid);
  return row;
}
