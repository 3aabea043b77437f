/** What other modules may use of the files: the bytes of a file attached to one of their entities. */
import type { Context } from 'hono';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { type DbOrTx, schema } from '@sede/db/client';
import { fileNameSchema } from '@sede/shared/platform/files';
import { badRequest, parseWith } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { createLinkToken } from '../../platform/files/links.ts';
import { filesLinkKey, filesStorage, removeStoredBytes, storeFile } from './service.ts';

export { removeStoredBytes, type StoredFile } from './service.ts';
const F = schema.files;

/** A file sent from outside the company (the inbox widget's visitor), attached to an entity the caller checked; limits and type sniffing as every upload. */
export const storeExternalFile = (s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, o: Parameters<typeof storeFile>[2]) => storeFile(s, tenant, o, null);

/** An upload's file name: the header `x-file-name` (URI-encoded) or else `?name=` (a header carries no contract). */
export function uploadFileName(c: Context) {
  const header = c.req.header('x-file-name');
  let name: string | undefined = c.req.query('name');
  if (header !== undefined) {
    try {
      name = decodeURIComponent(header);
    } catch {
      throw badRequest('Nome do arquivo inválido (x-file-name).');
    }
  }
  return parseWith(fileNameSchema, name);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row of a live file of the tenant's company attached to `entityType`/`entityId`; null when there is none. */
export async function entityFileRow(tenant: Pick<Tenant, 'db' | 'companyId'>, fileId: string, entityType: string, entityId: string) {
  if (!UUID.test(fileId)) return null;
  const [row] = await tenant.db
    .select()
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.companyId, tenant.companyId), eq(F.entityType, entityType), eq(F.entityId, entityId), isNull(F.deletedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Every live file of an entity marked deleted, in the caller's transaction (an erasure): their
 * bytes go with `removeStoredBytes` once it has committed.
 */
export const markEntityFilesDeleted = (db: DbOrTx, companyId: string, entityType: string, entityId: string) =>
  db
    .update(F)
    .set({ deletedAt: new Date() })
    .where(and(eq(F.companyId, companyId), eq(F.entityType, entityType), eq(F.entityId, entityId), isNull(F.deletedAt)))
    .returning({ storageKey: F.storageKey, thumbnailKey: F.thumbnailKey });

/**
 * A live file of the tenant's company attached to `entityType`/`entityId`, read whole (the
 * caller checked the entity; files are bounded by their kind's limit). Null when there is none.
 */
export async function readEntityFile(s: Services, tenant: Tenant, fileId: string, entityType: string, entityId: string): Promise<{ name: string; mime: string; bytes: Buffer } | null> {
  const row = await entityFileRow(tenant, fileId, entityType, entityId);
  if (!row) return null;
  const stream = await filesStorage(s).get(row.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: row.name, mime: row.mime, bytes: Buffer.concat(chunks) };
}

/**
 * Short-lived signed links (decision 0112) to live files of one entity the caller already checked,
 * for a page of ours outside the company (the client approving a creative; a path on APP_URL): in `fileIds`' order, files
 * gone or of another entity left out. Not audited: the caller records what it shares.
 */
export async function signedEntityFileLinks(s: Services, companyId: string, entityType: string, entityId: string, fileIds: readonly string[], minutes: number) {
  const ids = fileIds.filter((id) => UUID.test(id));
  if (!ids.length) return [];
  const rows = await systemTenant(s, companyId, 'public-link')
    .db.select({ id: F.id, name: F.name, kind: F.kind, mime: F.mime })
    .from(F)
    .where(and(inArray(F.id, ids), eq(F.companyId, companyId), eq(F.entityType, entityType), eq(F.entityId, entityId), isNull(F.deletedAt)));
  const expiresAt = new Date(Date.now() + minutes * 60_000);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ ...row, path: `/api/public/files/${createLinkToken(filesLinkKey(s), row.id, expiresAt)}` }] : [];
  });
}

/**
 * A file uploaded by a member to an entity the caller checked (an area's own upload route, e.g.
 * the marketing library): `kind` may be a list, the content decides (decision 0337).
 */
export const storeMemberFile = (s: Services, tenant: Tenant, o: Parameters<typeof storeFile>[2]) => storeFile(s, tenant, o, tenant.actorId);

/** Renames a live file attached to the entity (the caller checked who may); false when there is none. */
export async function renameEntityFile(tenant: { db: DbOrTx; companyId: string }, fileId: string, entityType: string, name: string): Promise<boolean> {
  const updated = await tenant.db
    .update(F)
    .set({ name })
    .where(and(eq(F.id, fileId), eq(F.companyId, tenant.companyId), eq(F.entityType, entityType), isNull(F.deletedAt)))
    .returning({ id: F.id });
  return updated.length > 0;
}

/**
 * Removes a live file attached to the entity, decided by the area (its own delete permission):
 * the row keeps its history (deleted_at), the bytes and thumbnail go after the caller's
 * transaction (`afterCommit`), its share links stop working at once. Audited like every deletion.
 */
export async function removeEntityFile(s: Services, tx: { db: DbOrTx; companyId: string; actorId: string }, fileId: string, entityType: string): Promise<(() => Promise<void>) | null> {
  const [row] = await tx.db
    .update(F)
    .set({ deletedAt: new Date() })
    .where(and(eq(F.id, fileId), eq(F.companyId, tx.companyId), eq(F.entityType, entityType), isNull(F.deletedAt)))
    .returning();
  if (!row) return null;
  await logAudit(tx.db, tx, { action: 'file_deleted', entity: 'file', id: row.id, details: { holder: row.entityType, kind: row.kind } });
  return () => removeStoredBytes(s, [row]);
}

// The public API (modules/api-v1, decision 0647): the same upload, list, file and signed link, checked like the entity.
export { createLink, deleteFile, listFiles, loadFile, toFileInfo, uploadFile } from './service.ts';
