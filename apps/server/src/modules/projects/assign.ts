import type { z } from 'zod';
import type { Project, projectCreateSchema, projectUpdateSchema, TaskDetail, taskCreateSchema, taskUpdateSchema } from '@sede/shared/projects/schemas';
import { notify } from '../../platform/notifications/notify.ts';
import type { Services, Tenant } from '../../services.ts';
import * as svc from './service.ts';

/** Those newly on a project or a task are told so (their bell, their e-mail by preference). */
async function tell(s: Services, t: Tenant, userIds: string[], title: string, body: string, projectId: string, taskId?: string) {
  if (!userIds.length) return;
  const link = `/projeto-kanban/${projectId}${taskId ? `?tarefa=${taskId}` : ''}`;
  await notify(s, { companyId: t.companyId, userIds, kind: 'assignment', title, body, link, entity: taskId ? { type: 'task', id: taskId } : { type: 'project', id: projectId } });
}
const joined = (s: Services, t: Tenant, userIds: string[], project: Project) => tell(s, t, userIds, `Você entrou no projeto ${project.name}`, 'Você foi incluído como membro do projeto.', project.id);
const assigned = (s: Services, t: Tenant, userIds: string[], task: TaskDetail) =>
  tell(s, t, userIds, `Nova tarefa para você: ${task.title}`, 'Você foi designado para uma tarefa do projeto.', task.projectId, task.id);

/** Creating or changing a project or a task, with its members and assignees told (the app's routes and the public API). */
async function telling<O>(work: Promise<O>, tellOf: (out: O) => Promise<void>): Promise<O> {
  const out = await work;
  await tellOf(out);
  return out;
}
export const createProject = async (s: Services, t: Tenant, input: z.output<typeof projectCreateSchema>): Promise<Project> =>
  (await telling(svc.createProject(t, input), (out) => joined(s, t, out.assigned, out.project))).project;
export const updateProject = async (s: Services, t: Tenant, id: string, input: z.output<typeof projectUpdateSchema>): Promise<Project> =>
  (await telling(svc.updateProject(t, id, input), (out) => joined(s, t, out.added, out.project))).project;
export const createTask = async (s: Services, t: Tenant, projectId: string, input: z.output<typeof taskCreateSchema>): Promise<TaskDetail> =>
  (await telling(svc.createTask(t, projectId, input), (out) => assigned(s, t, out.assigned, out.task))).task;
export const updateTask = async (s: Services, t: Tenant, id: string, input: z.output<typeof taskUpdateSchema>): Promise<TaskDetail> =>
  (await telling(svc.updateTask(t, id, input), (out) => assigned(s, t, out.assigned, out.task))).task;
