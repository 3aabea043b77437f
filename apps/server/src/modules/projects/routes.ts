import {
  boardQuerySchema,
  boardSchema,
  briefProposalSchema,
  briefResultSchema,
  briefSchema,
  columnCreateSchema,
  columnDeletedSchema,
  columnDeleteQuerySchema,
  columnListSchema,
  columnOrderSchema,
  columnPageQuerySchema,
  columnPageSchema,
  columnSchema,
  columnUpdateSchema,
  dashboardSchema,
  PROJECTS_MESSAGES as M,
  projectCreateSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectUpdateSchema,
  taskCreateSchema,
  taskDetailSchema,
  taskMovedSchema,
  taskMoveSchema,
  taskUpdateSchema,
  templateListSchema,
  type BriefProposal,
  type BriefResult,
} from '@sede/shared/projects/schemas';
import { PROJECT_TEMPLATES } from '@sede/shared/projects/templates';
import { okSchema } from '@sede/shared/platform/api';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { generateStructured, requireAiCredentials } from '../../platform/ai/index.ts';
import { projectFromBriefV1 } from '../../platform/ai/prompts/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import type { Services } from '../../services.ts';
import * as assign from './assign.ts';
import * as svc from './service.ts';

const projectParams = idParams(M.projectNotFound);
const columnParams = idParams(M.columnNotFound);
const taskParams = idParams(M.taskNotFound);

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
 * /api/projects (decisions 0270–0274): projects, their board (columns and
 * tasks, which are platform tasks) and the dashboard. Guard `gestao_projetos` (= projects.read,
 * every member); writes projects.write (every member); deleting a project or a column
 * projects.delete (the projects role and admins); a foreign id answers 404.
 */
export function projectsRoutes(s: Services) {
  const r = areaRouter(s, 'gestao_projetos');
  const write = requirePermission('projects.write');
  const del = requirePermission('projects.delete');


  r.get('/templates', contract({ summary: 'Listar modelos de projeto', response: templateListSchema }), (c) => c.json({ templates: PROJECT_TEMPLATES }));

  r.post('/brief', write, contract({ summary: 'Propor projeto a partir de uma descrição (IA)', body: briefSchema, response: briefResultSchema }), async (c) => {
    const { brief, requestId } = c.req.valid('json');
    const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
    const out = await runPaidAction(s, tenant(c), { action: 'ai.project_from_brief', reference: `project-brief:${requestId}`, ownKey: creds.source === 'own' }, async () => {
      const res = await generateStructured(s, creds, { prompt: projectFromBriefV1, input: { brief, today: todayInBrazil() }, schema: briefProposalSchema, maxTokens: 3000 });
      return normalizeProposal(res.data);
    });
    return c.json({ proposal: out.result, charged: out.charged, balance: out.balance } satisfies BriefResult);
  });

  r.get('/', contract({ summary: 'Listar projetos', query: projectListQuerySchema, response: projectListSchema }), async (c) =>
    c.json({ projects: await svc.listProjects(tenant(c), c.req.valid('query')) }),
  );
  r.post('/', write, contract({ summary: 'Criar projeto', body: projectCreateSchema, response: projectSchema, status: 201 }), async (c) => {
    return c.json(await assign.createProject(s, tenant(c), c.req.valid('json')), 201);
  });

  // ---- columns and tasks by their own id (before '/:id')
  r.patch('/columns/:id', write, contract({ summary: 'Alterar coluna', params: columnParams, body: columnUpdateSchema, response: columnSchema }), async (c) =>
    c.json(await svc.updateColumn(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/columns/:id', del, contract({ summary: 'Excluir coluna', params: columnParams, query: columnDeleteQuerySchema, response: columnDeletedSchema }), async (c) =>
    c.json(await svc.deleteColumn(tenant(c), c.req.valid('param').id, c.req.valid('query').moveTo)),
  );
  r.get('/tasks/:id', contract({ summary: 'Ver tarefa do quadro', params: taskParams, response: taskDetailSchema }), async (c) => c.json(await svc.getTask(tenant(c), c.req.valid('param').id)));
  r.patch('/tasks/:id', write, contract({ summary: 'Alterar tarefa do quadro', params: taskParams, body: taskUpdateSchema, response: taskDetailSchema }), async (c) => {
    return c.json(await assign.updateTask(s, tenant(c), c.req.valid('param').id, c.req.valid('json')));
  });
  r.delete('/tasks/:id', write, contract({ summary: 'Excluir tarefa do quadro', params: taskParams, response: okSchema }), async (c) => answerSuccess(c, svc.deleteTask(tenant(c), c.req.valid('param').id)));
  r.post('/tasks/:id/move', write, contract({ summary: 'Mover tarefa no quadro', params: taskParams, body: taskMoveSchema, response: taskMovedSchema }), async (c) =>
    c.json(await svc.moveTask(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  // ---- one project
  r.get('/:id', contract({ summary: 'Ver projeto', params: projectParams, response: projectSchema }), async (c) => c.json(await svc.getProject(tenant(c), c.req.valid('param').id)));
  r.patch('/:id', write, contract({ summary: 'Alterar projeto', params: projectParams, body: projectUpdateSchema, response: projectSchema }), async (c) => {
    return c.json(await assign.updateProject(s, tenant(c), c.req.valid('param').id, c.req.valid('json')));
  });
  r.delete('/:id', del, contract({ summary: 'Excluir projeto', params: projectParams, response: okSchema }), async (c) => answerSuccess(c, svc.deleteProject(tenant(c), c.req.valid('param').id)));
  r.get('/:id/board', contract({ summary: 'Ver quadro do projeto', params: projectParams, query: boardQuerySchema, response: boardSchema }), async (c) => {
    const { limit, ...filters } = c.req.valid('query');
    return c.json(await svc.board(tenant(c), c.req.valid('param').id, filters, limit));
  });
  // A column of another project answers the column's 404, whatever the project id (as before contracts).
  r.get(
    '/:id/columns/:columnId/tasks',
    contract({ summary: 'Mais tarefas de uma coluna', params: idParams({ id: M.columnNotFound, columnId: M.columnNotFound }), query: columnPageQuerySchema, response: columnPageSchema }),
    async (c) => {
      const { id, columnId } = c.req.valid('param');
      const { limit, cursor, ...filters } = c.req.valid('query');
      return c.json(await svc.columnPage(tenant(c), id, columnId, filters, cursor, limit));
    },
  );
  r.get('/:id/columns', contract({ summary: 'Listar colunas do quadro', params: projectParams, response: columnListSchema }), async (c) =>
    c.json({ columns: await svc.listColumns(tenant(c), c.req.valid('param').id) }),
  );
  r.post('/:id/columns', write, contract({ summary: 'Criar coluna', params: projectParams, body: columnCreateSchema, response: columnSchema, status: 201 }), async (c) =>
    c.json(await svc.addColumn(tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.put('/:id/columns/order', write, contract({ summary: 'Reordenar colunas', params: projectParams, body: columnOrderSchema, response: columnListSchema }), async (c) =>
    c.json({ columns: await svc.reorderColumns(tenant(c), c.req.valid('param').id, c.req.valid('json').columnIds) }),
  );
  r.post('/:id/tasks', write, contract({ summary: 'Criar tarefa no quadro', params: projectParams, body: taskCreateSchema, response: taskDetailSchema, status: 201 }), async (c) => {
    return c.json(await assign.createTask(s, tenant(c), c.req.valid('param').id, c.req.valid('json')), 201);
  });
  r.get('/:id/dashboard', contract({ summary: 'Ver painel do projeto', params: projectParams, response: dashboardSchema }), async (c) =>
    c.json(await svc.dashboard(tenant(c), c.req.valid('param').id)),
  );

  return r;
}
