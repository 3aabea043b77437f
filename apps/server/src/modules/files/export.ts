import { eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyPage, paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { filesStorage } from './service.ts';

const COLUMNS = ['id', 'entityType', 'entityId', 'kind', 'name', 'mime', 'size', 'sha256', 'pathInZip', 'createdBy', 'createdAt'];
const zipPathOf = (f: { id: string; name: string }) => `files/arquivos/${f.id}-${f.name}`;

/**
 * Files (decision 0135): `files/arquivos.csv` (metadata of the live files) and each file's bytes
 * under `files/arquivos/<id>-<name>`, streamed from the storage when the archive reaches it.
 */
export async function exportFiles(s: Services, tenant: Tenant, out: ExportSink) {
  const f = schema.files;
  const page = (after: string | number | null, limit: number) =>
    companyPage(tenant.db.select({ id: f.id, entityType: f.entityType, entityId: f.entityId, kind: f.kind, name: f.name, mime: f.mime, size: f.size, sha256: f.sha256, storageKey: f.storageKey, createdBy: f.createdBy, createdAt: f.createdAt }).from(f).$dynamic(), f, tenant, after, limit, isNull(f.deletedAt));
  out.csv('arquivos.csv', COLUMNS, async function* () {
    for await (const row of paged(page)) yield { ...row, pathInZip: zipPathOf(row) };
  });
  // Share links (decision 0336): when and until when each file was shared; never the token's hash.
  const L = schema.fileShareLinks;
  out.csv('links-compartilhados.csv', ['id', 'fileId', 'expiresAt', 'revokedAt', 'createdBy', 'createdAt'], () =>
    paged((after, limit) =>
      companyPage(tenant.db.select({ id: L.id, fileId: L.fileId, expiresAt: L.expiresAt, revokedAt: L.revokedAt, createdBy: L.createdBy, createdAt: L.createdAt }).from(L).$dynamic(), L, tenant, after, limit),
    ),
  );
  // The bytes: the list is paged here too, one entry per file, each opened only when written.
  const storage = filesStorage(s);
  for await (const row of paged(page)) out.file(zipPathOf(row), () => storage.get(row.storageKey));
}

/** A closed company's bytes (and thumbnails) in the storage, before its rows go (decision 0136). */
export async function eraseCompanyFiles(s: Services, companyId: string) {
  const f = schema.files;
  const storage = filesStorage(s);
  const rows = await systemTenant(s, companyId, 'erasure').db.select({ storageKey: f.storageKey, thumbnailKey: f.thumbnailKey }).from(f).where(eq(f.companyId, companyId));
  for (const r of rows) {
    await storage.delete(r.storageKey);
    if (r.thumbnailKey) await storage.delete(r.thumbnailKey);
  }
}
