import { asc, and, eq, gt, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { companyRows, paged } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { registerTaskAssignees } from '../collaboration/public.ts';
import { projectsRoutes } from './routes.ts';
import { projectExists, projectNames } from './service.ts';

async function start(s: Services) {
  // Comments and files on a project, and the link of its tasks (entity 'project'): whoever may open projects.
  registerEntity(s, 'project', {
    canSee: readersOf('projects.read', (tenant, id) => projectExists(tenant.db, tenant.companyId, id)),
    path: (id) => `/projeto-kanban/${id}`,
    names: { kind: 'Projeto', of: async (tenant, viewer, ids) => (canAny(grantsFor(viewer.membership), ['projects.read']) ? projectNames(tenant.db, tenant.companyId, ids) : new Map()) },
  });
  // Every assignee of a board task, not only the first (mirrored into tasks.assignee_id), has it in
  // 'Minhas tarefas' and gets its due-date reminder (decision 0305).
  registerTaskAssignees(s, {
    tasksOf: (companyId, userId) => sql`SELECT task_id FROM project_tasks WHERE company_id = ${companyId} AND ${userId} = ANY(assignee_ids)`,
    assigneesOf: (taskIds) =>
      sql`SELECT pt.task_id, a.user_id FROM project_tasks pt CROSS JOIN LATERAL unnest(pt.assignee_ids) AS a(user_id)
          WHERE pt.task_id IN (${sql.join(
            taskIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
  });
}

async function exportProjects(_s: Services, tenant: Tenant, out: ExportSink) {
  out.csv('projetos.csv', ['id', 'name', 'description', 'organizationId', 'ownerId', 'startDate', 'endDate', 'status', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, schema.projects));
  out.csv('colunas.csv', ['id', 'projectId', 'name', 'position', 'isDone', 'createdAt'], companyRows(tenant, schema.projectColumns));
  const PM = schema.projectMembers;
  out.csv('membros.csv', ['projectId', 'userId', 'createdAt'], () =>
    paged((after, limit) =>
      tenant.db
        .select({ id: sql<string>`${PM.projectId}::text || ':' || ${PM.userId}`, projectId: PM.projectId, userId: PM.userId, createdAt: PM.createdAt })
        .from(PM)
        .where(and(eq(PM.companyId, tenant.companyId), after === null ? undefined : sql`${PM.projectId}::text || ':' || ${PM.userId} > ${after}`))
        .orderBy(sql`${PM.projectId}::text || ':' || ${PM.userId}`)
        .limit(limit),
    ),
  );
  const PT = schema.projectTasks;
  out.csv('tarefas-quadro.csv', ['taskId', 'projectId', 'columnId', 'position', 'priority', 'labels', 'checklist', 'assigneeIds', 'startedAt'], () =>
    paged(async (after, limit) =>
      (
        await tenant.db
          .select()
          .from(PT)
          .where(and(eq(PT.companyId, tenant.companyId), after === null ? undefined : gt(PT.taskId, after as string)))
          .orderBy(asc(PT.taskId))
          .limit(limit)
      ).map((r) => ({ ...r, id: r.taskId })),
    ),
  );
}

/** Projects: the list, the board and the dashboard (decisions 0270–0274). The tasks themselves are exported with the platform's `tasks`. */
export default defineModule({ key: 'projects', area: 'projects', mount: '/projects', routes: projectsRoutes, start, exportData: exportProjects });
