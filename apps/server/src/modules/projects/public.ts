import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { Tenant } from '../../services.ts';

/** What other modules use of the projects: a project's name, when it is one of the company's (documents, decision 0285). */
export async function projectName(tenant: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const P = schema.projects;
  const [row] = await tenant.db.select({ name: P.name }).from(P).where(and(eq(P.id, id), eq(P.companyId, tenant.companyId)));
  return row?.name ?? null;
}

// The public API (modules/api-v1, decision 0645) serves the same projects and their tasks.
export { createProject, createTask, updateProject, updateTask } from './assign.ts';
export { getProject, getTask, moveTask, projectsPage, projectTasksPage } from './service.ts';
