import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** Comments (deleted ones keep their date, their body is already cleared) and tasks (decision 0135). */
export async function exportCollaboration(_s: Services, tenant: Tenant, out: ExportSink) {
  const { comments: c, tasks: t } = schema;
  out.csv('comentarios.csv', ['id', 'entityType', 'entityId', 'authorId', 'body', 'mentions', 'editedAt', 'deletedAt', 'createdAt'], companyRows(tenant, c));
  out.csv('tarefas.csv', ['id', 'title', 'description', 'kind', 'assigneeId', 'dueDate', 'doneAt', 'entityType', 'entityId', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, t));
}
