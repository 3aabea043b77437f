import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { documentsRoutes } from './routes.ts';
import { DOCUMENT_ENTITY, documentExistsFor } from './service.ts';

function start(s: Services) {
  // A document's images and attachments, comments and tasks: whoever may see the document.
  registerEntity(s, DOCUMENT_ENTITY, { canSee: (tenant, id, viewer) => documentExistsFor(tenant, viewer, id), path: (id) => `/document-editor/${id}` });
}

/** Documentation (issue 17, decisions 0281–0282): folders, rich-text documents and their versions. */
export default defineModule({
  key: 'documents',
  mount: '/documents',
  routes: documentsRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    const { documentFolders, documents, documentMembers, documentVersions } = schema;
    out.csv('documentos-pastas.csv', ['id', 'parentId', 'name', 'createdBy', 'createdAt'], companyRows(tenant, documentFolders));
    out.csv('documentos.csv', ['id', 'folderId', 'title', 'visibility', 'contentText', 'content', 'revision', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'], companyRows(tenant, documents));
    out.csv('documentos-versoes.csv', ['id', 'documentId', 'title', 'reason', 'content', 'createdBy', 'createdAt'], companyRows(tenant, documentVersions));
    out.csv('documentos-pessoas.csv', ['documentId', 'userId'], async function* () {
      yield* await tenant.db.select().from(documentMembers).where(eq(documentMembers.companyId, tenant.companyId));
    });
  },
});
