/** What other modules may use of the files: the bytes of a file attached to one of their entities. */
import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { Services, Tenant } from '../../services.ts';
import { filesStorage, storeFile } from './service.ts';

/** A file sent from outside the company (the inbox widget's visitor), attached to an entity the caller checked; limits and type sniffing as every upload. */
export const storeExternalFile = (s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, o: Parameters<typeof storeFile>[2]) => storeFile(s, tenant, o, null);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A live file of the tenant's company attached to `entityType`/`entityId`, read whole (the
 * caller checked the entity; files are bounded by their kind's limit). Null when there is none.
 */
export async function readEntityFile(s: Services, tenant: Tenant, fileId: string, entityType: string, entityId: string): Promise<{ name: string; mime: string; bytes: Buffer } | null> {
  if (!UUID.test(fileId)) return null;
  const F = schema.files;
  const [row] = await tenant.db
    .select()
    .from(F)
    .where(and(eq(F.id, fileId), eq(F.companyId, tenant.companyId), eq(F.entityType, entityType), eq(F.entityId, entityId), isNull(F.deletedAt)))
    .limit(1);
  if (!row) return null;
  const stream = await filesStorage(s).get(row.storageKey);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { name: row.name, mime: row.mime, bytes: Buffer.concat(chunks) };
}
