import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { defineSyncType, flushSync } from '../../platform/sync/rooms.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { exportDocuments } from './company-export.ts';
import { documentsRoutes } from './routes.ts';
import { DOCUMENT_ENTITY, DOCUMENT_TEXT_QUEUE, documentExistsFor, refreshDocumentText, type DocumentTextJob } from './service.ts';
import { indexMissingDocuments } from './search-index.ts';
import { documentSync } from './sync.ts';

async function start(s: Services) {
  // A document's images and attachments, comments and tasks: whoever may see the document.
  registerEntity(s, DOCUMENT_ENTITY, { canSee: (tenant, id, viewer) => documentExistsFor(tenant, viewer, id), path: (id) => `/document-editor/${id}` });
  // Shared editing (decisions 0283, 0310): each instance applies the others' updates; pages never hear of them.
  defineSyncType(s, documentSync);
  // The search rows (decision 0287): those of documents written before them, then the long texts' job.
  await indexMissingDocuments(s.db);
  await s.boss.createQueue(DOCUMENT_TEXT_QUEUE);
  await s.boss.work<DocumentTextJob>(DOCUMENT_TEXT_QUEUE, async (jobs) => {
    for (const job of jobs) await refreshDocumentText(systemTenant(s, job.data.companyId, 'job').db, job.data.documentId);
  });
}

/** Documentation (decisions 0281–0282): folders, rich-text documents and their versions. */
export default defineModule({
  key: 'documents',
  area: 'documents',
  mount: '/documents',
  routes: documentsRoutes,
  start,
  stop: (s) => flushSync(s, documentSync),
  // Each document as a Word file, their list, folders, versions and sharing (decision 0425).
  exportData: exportDocuments,
});
