import { Hono } from 'hono';
import { COLLABORATION_MESSAGES as M, commentCreateSchema, commentListQuerySchema, commentPageSchema, commentSchema, commentTargetSchema, commentUpdateSchema, entityTasksQuerySchema, mentionableListSchema, mentionableQuerySchema, myTasksQuerySchema, taskCreateSchema, taskListSchema, taskSchema, taskUpdateSchema } from '@sede/shared/platform/collaboration';
import { contract, idParams } from '../../http/contract.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { createComment, createTask, deleteComment, deleteTask, entityTasks, listComments, listMentionable, myTasks, updateComment, updateTask } from './service.ts';

const commentId = idParams(M.commentNotFound);
const taskId = idParams(M.taskNotFound);

/**
 * Comments and tasks of any entity (decisions 0130–0131): `/api/comments…` and `/api/tasks…`,
 * for every member of a company; each entity checked by the check its area registered
 * (`platform/entities.ts`).
 */
export function collaborationRoutes(s: Services) {
  const comments = new Hono<CompanyEnv>();
  comments.use('*', requireViewer(s), requireCompany);

  comments.get('/mentionable', contract({ summary: 'Pessoas que podem ser mencionadas', query: mentionableQuerySchema, response: mentionableListSchema }), async (c) =>
    c.json({ people: await listMentionable(c.get('tenant'), c.req.valid('query').q) }),
  );
  comments.get('/', contract({ summary: 'Listar comentários do registro', query: commentListQuerySchema, response: commentPageSchema }), async (c) =>
    c.json(await listComments(s, c.get('tenant'), c.get('viewer'), c.req.valid('query'))),
  );
  comments.post('/', contract({ summary: 'Comentar no registro', query: commentTargetSchema, body: commentCreateSchema, response: commentSchema, status: 201 }), async (c) =>
    c.json(await createComment(s, c.get('tenant'), c.get('viewer'), c.req.valid('query'), c.req.valid('json').body), 201),
  );
  comments.patch('/:id', contract({ summary: 'Alterar comentário', params: commentId, body: commentUpdateSchema, response: commentSchema }), async (c) =>
    c.json(await updateComment(s, c.get('tenant'), c.get('viewer'), c.req.valid('param').id, c.req.valid('json').body)),
  );
  comments.delete('/:id', contract({ summary: 'Excluir comentário', params: commentId, status: 204 }), async (c) => {
    await deleteComment(s, c.get('tenant'), c.get('viewer'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  const tasks = new Hono<CompanyEnv>();
  tasks.use('*', requireViewer(s), requireCompany);
  tasks.get('/mine', contract({ summary: 'Minhas tarefas', query: myTasksQuerySchema, response: taskListSchema }), async (c) =>
    c.json({ tasks: await myTasks(s, c.get('tenant'), c.get('viewer'), c.req.valid('query').scope) }),
  );
  tasks.get('/', contract({ summary: 'Listar tarefas do registro', query: entityTasksQuerySchema, response: taskListSchema }), async (c) => {
    const q = c.req.valid('query');
    return c.json({ tasks: await entityTasks(s, c.get('tenant'), c.get('viewer'), q.entityType, q.entityId) });
  });
  tasks.post('/', contract({ summary: 'Criar tarefa', body: taskCreateSchema, response: taskSchema, status: 201 }), async (c) =>
    c.json(await createTask(s, c.get('tenant'), c.get('viewer'), c.req.valid('json')), 201),
  );
  tasks.patch('/:id', contract({ summary: 'Alterar tarefa', params: taskId, body: taskUpdateSchema, response: taskSchema }), async (c) =>
    c.json(await updateTask(s, c.get('tenant'), c.get('viewer'), c.req.valid('param').id, c.req.valid('json'))),
  );
  tasks.delete('/:id', contract({ summary: 'Excluir tarefa', params: taskId, status: 204 }), async (c) => {
    await deleteTask(s, c.get('tenant'), c.get('viewer'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  const app = new Hono();
  app.route('/comments', comments);
  app.route('/tasks', tasks);
  return app;
}
