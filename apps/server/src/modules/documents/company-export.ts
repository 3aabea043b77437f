import { and, eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { schema } from '@sede/db/client';
import type { DocContent } from '@sede/shared/documents/schemas';
import { companyPage, companyRows, entityFileName, paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import { storedSharedState } from '../../platform/sync/rooms.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { fileIdOfSrc, toDocx } from './export.ts';
import { DOCUMENT_ENTITY } from './service.ts';
import { documentSync } from './sync.ts';
import { ydocToJson } from './ydoc.ts';

const { documentFolders, documents: D, documentMembers, documentVersions } = schema;

/** The document as it is now: its shared state when it was edited together (what `content` follows a moment later), else `content`. */
async function currentContent(tenant: Tenant, id: string, stored: DocContent): Promise<DocContent> {
  const doc = await storedSharedState(tenant.db, documentSync, tenant.companyId, id);
  try {
    return doc ? ydocToJson(doc) : stored;
  } finally {
    doc?.destroy();
  }
}

/** A document as a Word file (decision 0425), its images included, as the editor's 'Exportar DOCX' makes it. */
async function docxOf(s: Services, tenant: Tenant, id: string): Promise<Buffer | null> {
  const [row] = await tenant.db.select({ title: D.title, content: D.content }).from(D).where(and(eq(D.id, id), eq(D.companyId, tenant.companyId)));
  if (!row) return null;
  const content = await currentContent(tenant, id, row.content as DocContent);
  return toDocx(row.title, content, async (src) => {
    const fileId = fileIdOfSrc(src);
    return fileId ? readEntityFile(s, tenant, fileId, DOCUMENT_ENTITY, id) : null;
  });
}

const documentList = (tenant: Tenant) => () =>
  paged((after, limit) =>
    companyPage(tenant.db.select({ id: D.id, folderId: D.folderId, projectId: D.projectId, title: D.title, visibility: D.visibility, contentText: D.contentText, revision: D.revision, createdBy: D.createdBy, updatedBy: D.updatedBy, createdAt: D.createdAt, updatedAt: D.updatedAt }).from(D).$dynamic(), D, tenant, after, limit),
  );

/**
 * Documentation in the company's export (decisions 0135, 0425): each document as a Word file under
 * documents/documentos/, their list with the text and the file's name, folders, versions (as text)
 * and who each restricted document is shared with. The shared-editing state is not exported as
 * such: each file is the document as it is now.
 */
export async function exportDocuments(s: Services, tenant: Tenant, out: ExportSink) {
  const fileOf = (d: { id: string; title: string }) => entityFileName(d.title, d.id, 'docx');
  out.csv('documentos-pastas.csv', ['id', 'parentId', 'name', 'createdBy', 'createdAt'], companyRows(tenant, documentFolders));
  out.csv('documentos.csv', ['id', 'folderId', 'projectId', 'title', 'arquivo', 'visibility', 'contentText', 'revision', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'], async function* () {
    for await (const d of documentList(tenant)()) yield { ...d, arquivo: `documentos/${fileOf(d)}` };
  });
  out.csv('documentos-versoes.csv', ['id', 'documentId', 'title', 'reason', 'content', 'createdBy', 'createdAt'], companyRows(tenant, documentVersions));
  out.csv('documentos-pessoas.csv', ['documentId', 'userId'], async function* () {
    yield* await tenant.db.select().from(documentMembers).where(eq(documentMembers.companyId, tenant.companyId));
  });
  for await (const d of documentList(tenant)()) {
    out.file(`documents/documentos/${fileOf(d)}`, async () => {
      const bytes = await docxOf(s, tenant, d.id);
      return bytes ? Readable.from([bytes]) : null;
    });
  }
}
