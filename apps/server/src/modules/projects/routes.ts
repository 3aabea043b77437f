import type { Context } from 'hono';
import {
  boardQuerySchema,
  briefProposalSchema,
  briefSchema,
  columnCreateSchema,
  columnDeleteQuerySchema,
  columnOrderSchema,
  columnPageQuerySchema,
  columnUpdateSchema,
  projectCreateSchema,
  projectListQuerySchema,
  projectUpdateSchema,
  taskCreateSchema,
  taskMoveSchema,
  taskUpdateSchema,
  type BriefProposal,
  type BriefResult,
} from '@sede/shared/projects/schemas';
import { PROJECT_TEMPLATES } from '@sede/shared/projects/templates';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { generateStructured, requireAiCredentials } from '../../platform/ai/index.ts';
import { projectFromBriefV1 } from '../../platform/ai/prompts/index.ts';
import { notify } from '../../platform/notifications/notify.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { CompanyEnv, Services, Tenant } from '../../services.ts';
import * as svc from './service.ts';

const clip = (v: string, max: number) => (v.length > max ? v.slice(0, max).trim() : v.trim());

/** The AI's answer made safe for the review form: lengths clipped, columns 1–20, tasks ≤ 30. */
export function normalizeProposal(raw: { nome: string; colunas: string[]; tarefas: Array<{ titulo: string; descricao: string; prioridade: BriefProposal['tasks'][number]['priority']; coluna: number }> }): BriefProposal {
  let columns = raw.colunas.map((c) => clip(c, 60)).filter(Boolean).slice(0, 20);
  if (columns.length < 2) columns = ['A fazer', 'Em andamento', 'Concluído'];
  return {
    name: clip(raw.nome, 120) || 'Novo projeto',
    columns,
    tasks: raw.tarefas
      .map((t) => ({ title: clip(t.titulo, 200), description: clip(t.descricao, 2000), priority: t.prioridade, column: Math.max(0, Math.min(columns.length - 1, Math.trunc(t.coluna) || 0)) }))
      .filter((t) => t.title)
      .slice(0, 30),
  };
}

/**
 * /api/projects (issue 17, Projects; decisions 0270–0274): projects, their board (columns and
 * tasks, which are platform tasks) and the dashboard. Guard `gestao_projetos` (= projetos.read,
 * every member); writes projetos.write (every member); deleting a project or a column
 * projetos.delete (the projects role and admins); a foreign id answers 404.
 */
export function projectsRoutes(s: Services) {
  const r = areaRouter(s, 'gestao_projetos');
  const write = requirePermission('projetos.write');
  const del = requirePermission('projetos.delete');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');

  const tell = async (t: Tenant, userIds: string[], title: string, body: string, projectId: string, taskId?: string) => {
    if (!userIds.length) return;
    const link = `/projeto-kanban/${projectId}${taskId ? `?tarefa=${taskId}` : ''}`;
    await notify(s, { companyId: t.companyId, userIds, kind: 'assignment', title, body, link, entity: taskId ? { type: 'task', id: taskId } : { type: 'project', id: projectId } });
  };

  r.get('/templates', (c) => c.json({ templates: PROJECT_TEMPLATES }));

  r.post('/brief', write, async (c) => {
    const { brief, requestId } = parseWith(briefSchema, await readJson(c));
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const out = await runPaidAction(s, tenant(c), { action: 'ai.project_from_brief', reference: `project-brief:${requestId}`, ownKey: creds.source === 'own' }, async () => {
      const res = await generateStructured(s, creds, { prompt: projectFromBriefV1, input: { brief, today: todayInBrazil() }, schema: briefProposalSchema, maxTokens: 3000 });
      return normalizeProposal(res.data);
    });
    return c.json({ proposal: out.result, charged: out.charged, balance: out.balance } satisfies BriefResult);
  });

  r.get('/', async (c) => c.json({ projects: await svc.listProjects(tenant(c), parseWith(projectListQuerySchema, c.req.query())) }));
  r.post('/', write, async (c) => {
    const t = tenant(c);
    const { project, assigned } = await svc.createProject(t, parseWith(projectCreateSchema, await readJson(c)));
    await tell(t, assigned, `Você entrou no projeto ${project.name}`, 'Você foi incluído como membro do projeto.', project.id);
    return c.json(project, 201);
  });

  // ---- columns and tasks by their own id (before '/:id')
  r.patch('/columns/:id', write, async (c) => c.json(await svc.updateColumn(tenant(c), c.req.param('id'), parseWith(columnUpdateSchema, await readJson(c)))));
  r.delete('/columns/:id', del, async (c) => {
    const { moveTo } = parseWith(columnDeleteQuerySchema, c.req.query());
    return c.json(await svc.deleteColumn(tenant(c), c.req.param('id'), moveTo));
  });
  r.get('/tasks/:id', async (c) => c.json(await svc.getTask(tenant(c), c.req.param('id'))));
  r.patch('/tasks/:id', write, async (c) => {
    const t = tenant(c);
    const { task, assigned } = await svc.updateTask(t, c.req.param('id'), parseWith(taskUpdateSchema, await readJson(c)));
    await tell(t, assigned, `Nova tarefa para você: ${task.title}`, 'Você foi designado para uma tarefa do projeto.', task.projectId, task.id);
    return c.json(task);
  });
  r.delete('/tasks/:id', write, async (c) => {
    await svc.deleteTask(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.post('/tasks/:id/move', write, async (c) => c.json(await svc.moveTask(tenant(c), c.req.param('id'), parseWith(taskMoveSchema, await readJson(c)))));

  // ---- one project
  r.get('/:id', async (c) => c.json(await svc.getProject(tenant(c), c.req.param('id'))));
  r.patch('/:id', write, async (c) => {
    const t = tenant(c);
    const { project, added } = await svc.updateProject(t, c.req.param('id'), parseWith(projectUpdateSchema, await readJson(c)));
    await tell(t, added, `Você entrou no projeto ${project.name}`, 'Você foi incluído como membro do projeto.', project.id);
    return c.json(project);
  });
  r.delete('/:id', del, async (c) => {
    await svc.deleteProject(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.get('/:id/board', async (c) => {
    const { limit, ...filters } = parseWith(boardQuerySchema, c.req.query());
    return c.json(await svc.board(tenant(c), c.req.param('id'), filters, limit));
  });
  r.get('/:id/columns/:columnId/tasks', async (c) => {
    const { limit, cursor, ...filters } = parseWith(columnPageQuerySchema, c.req.query());
    return c.json(await svc.columnPage(tenant(c), c.req.param('id'), c.req.param('columnId'), filters, cursor, limit));
  });
  r.get('/:id/columns', async (c) => c.json({ columns: await svc.listColumns(tenant(c), c.req.param('id')) }));
  r.post('/:id/columns', write, async (c) => c.json(await svc.addColumn(tenant(c), c.req.param('id'), parseWith(columnCreateSchema, await readJson(c))), 201));
  r.put('/:id/columns/order', write, async (c) => {
    const { columnIds } = parseWith(columnOrderSchema, await readJson(c));
    return c.json({ columns: await svc.reorderColumns(tenant(c), c.req.param('id'), columnIds) });
  });
  r.post('/:id/tasks', write, async (c) => {
    const t = tenant(c);
    const { task, assigned } = await svc.createTask(t, c.req.param('id'), parseWith(taskCreateSchema, await readJson(c)));
    await tell(t, assigned, `Nova tarefa para você: ${task.title}`, 'Você foi designado para uma tarefa do projeto.', task.projectId, task.id);
    return c.json(task, 201);
  });
  r.get('/:id/dashboard', async (c) => c.json(await svc.dashboard(tenant(c), c.req.param('id'))));

  return r;
}
