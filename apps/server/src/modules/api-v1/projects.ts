import type { Hono } from 'hono';
import { boardQuerySchema, PROJECTS_MESSAGES as M, projectCreateSchema, projectListQuerySchema, projectSchema, projectUpdateSchema, taskCreateSchema, taskDetailSchema, taskMovedSchema, taskMoveSchema, taskUpdateSchema } from '@sede/shared/projects/schemas';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { createProject, createTask, getProject, getTask, moveTask, projectsPage, projectTasksPage, updateProject, updateTask } from '../projects/public.ts';
import { tenant, type V1Access } from './access.ts';
import { listAnswer, listQuery, pageOf } from './list.ts';

const { status, q, ownerId, organizationId } = projectListQuerySchema.shape;
const projectsQuery = listQuery(projectSchema, { status, q, ownerId, organizationId });
const { assigneeId, label, priority, due } = boardQuerySchema.shape;
const tasksQuery = listQuery(taskDetailSchema, { assigneeId, label, priority, due: due.describe('overdue (atrasadas), week (vencem em 7 dias) ou none (sem prazo).') });
const projectId = idParams(M.projectNotFound);
const taskId = idParams(M.taskNotFound);

/** Projects and the tasks of their boards (decisions 0300–0305), oldest first. */
export function projectRoutes(r: Hono<ApiKeyEnv>, s: Services, { read, write }: V1Access) {
  r.get('/projects', ...read('projects.read'), contract({ summary: 'Listar projetos', query: projectsQuery, response: pageOf(projectSchema) }), async (c) =>
    c.json(await listAnswer(c.req.valid('query'), (q) => projectsPage(tenant(c), q))),
  );
  r.post('/projects', ...write('projects.write'), contract({ summary: 'Criar projeto', description: 'Em branco, de um modelo (`template`) ou com colunas e tarefas dadas.', body: projectCreateSchema, response: projectSchema, status: 201 }), async (c) =>
    c.json(await createProject(s, tenant(c), c.req.valid('json')), 201),
  );
  r.get('/projects/:id', ...read('projects.read'), contract({ summary: 'Ver projeto', params: projectId, response: projectSchema }), async (c) => c.json(await getProject(tenant(c), c.req.valid('param').id)));
  r.patch('/projects/:id', ...write('projects.write'), contract({ summary: 'Alterar projeto', params: projectId, body: projectUpdateSchema, response: projectSchema }), async (c) =>
    c.json(await updateProject(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.get('/projects/:id/tasks', ...read('projects.read'), contract({ summary: 'Listar tarefas do projeto', params: projectId, query: tasksQuery, response: pageOf(taskDetailSchema) }), async (c) =>
    c.json(await listAnswer(c.req.valid('query'), (q) => projectTasksPage(tenant(c), c.req.valid('param').id, q))),
  );
  r.post('/projects/:id/tasks', ...write('projects.write'), contract({ summary: 'Criar tarefa no projeto', description: 'Na primeira coluna do quadro, ou na `columnId` dada.', params: projectId, body: taskCreateSchema, response: taskDetailSchema, status: 201 }), async (c) =>
    c.json(await createTask(s, tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.get('/project-tasks/:id', ...read('projects.read'), contract({ summary: 'Ver tarefa de projeto', params: taskId, response: taskDetailSchema }), async (c) => c.json(await getTask(tenant(c), c.req.valid('param').id)));
  r.patch('/project-tasks/:id', ...write('projects.write'), contract({ summary: 'Alterar tarefa de projeto', params: taskId, body: taskUpdateSchema, response: taskDetailSchema }), async (c) =>
    c.json(await updateTask(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/project-tasks/:id/move', ...write('projects.write'), contract({ summary: 'Mover tarefa de projeto', description: 'Para outra coluna (a de concluídas marca a tarefa feita), entre `prevId` e `nextId`.', params: taskId, body: taskMoveSchema, response: taskMovedSchema }), async (c) =>
    c.json(await moveTask(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
}
