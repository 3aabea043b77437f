import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineJob } from '../../platform/jobs/run.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import { runEnrichment } from './enrich.ts';
import { ENRICH_JOB, IMPORT_ENTITY, IMPORT_JOB, importExists } from './import.ts';
import { runImport } from './import-job.ts';
import { crmContactsRoutes } from './routes.ts';

/**
 * The CRM's contact tools (decisions 0155–0159): lists, segments, bulk actions,
 * export and the CSV/XLSX import of people and organizations (the platform's parties).
 */
export default defineModule({
  key: 'crm-contacts',
  area: 'crm',
  mount: '/crm-contacts',
  routes: crmContactsRoutes,
  start: async (s: Services) => {
    // The import's file is a platform file of entity 'crm_import'/<id>: any member who may import sees it.
    registerEntity(s, IMPORT_ENTITY, { canSee: (tenant, id) => importExists(tenant, id), path: () => '/lista-contatos?aba=importacoes' });
    await defineJob(s, IMPORT_JOB, (ctx) => runImport(s, ctx as never), { retryLimit: 2, expireInMinutes: 30 });
    await defineJob(s, ENRICH_JOB, (ctx) => runEnrichment(s, ctx as never), { retryLimit: 1, expireInMinutes: 60 });
  },
  exportData: async (_s, tenant, out) => {
    const { crmLists, crmListMembers, crmSegments, crmImports, crmImportErrors } = schema;
    out.csv('listas.csv', ['id', 'name', 'description', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, crmLists));
    out.csv('membros-das-listas.csv', ['id', 'listId', 'personId', 'organizationId', 'addedBy', 'createdAt'], companyRows(tenant, crmListMembers));
    out.csv('segmentos.csv', ['id', 'name', 'entity', 'filter', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, crmSegments));
    out.csv(
      'importacoes.csv',
      ['id', 'fileName', 'encoding', 'separator', 'mapping', 'status', 'totalRows', 'processedRows', 'createdCount', 'mergedCount', 'skippedCount', 'errorCount', 'organizationsCreated', 'error', 'createdBy', 'createdAt', 'finishedAt'],
      companyRows(tenant, crmImports),
    );
    out.csv('erros-das-importacoes.csv', ['id', 'importId', 'rowNumber', 'field', 'message', 'raw'], companyRows(tenant, crmImportErrors));
  },
});
