import { and, asc, eq, gt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/** Comments (deleted ones keep their date, their body is already cleared) and tasks (decision 0135). */
export async function exportCollaboration(_s: Services, tenant: Tenant, out: ExportSink) {
  const { comments: c, tasks: t } = schema;
  out.csv('comentarios.csv', ['id', 'entityType', 'entityId', 'authorId', 'body', 'mentions', 'editedAt', 'deletedAt', 'createdAt'], () =>
    paged((after, limit) =>
      tenant.db
        .select()
        .from(c)
        .where(and(eq(c.companyId, tenant.companyId), after === null ? undefined : gt(c.id, after as never)))
        .orderBy(asc(c.id))
        .limit(limit),
    ),
  );
  out.csv('tarefas.csv', ['id', 'title', 'description', 'kind', 'assigneeId', 'dueDate', 'doneAt', 'entityType', 'entityId', 'createdBy', 'createdAt', 'updatedAt'], () =>
    paged((after, limit) =>
      tenant.db
        .select()
        .from(t)
        .where(and(eq(t.companyId, tenant.companyId), after === null ? undefined : gt(t.id, after as never)))
        .orderBy(asc(t.id))
        .limit(limit),
    ),
  );
}
