import { Hono } from 'hono';
import {
  commentCreateSchema,
  commentListQuerySchema,
  commentTargetSchema,
  commentUpdateSchema,
  entityTasksQuerySchema,
  mentionableQuerySchema,
  myTasksQuerySchema,
  taskCreateSchema,
  taskUpdateSchema,
} from '@sede/shared/platform/collaboration';
import { parseWith, readJson } from '../../http/errors.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import {
  createComment,
  createTask,
  deleteComment,
  deleteTask,
  entityTasks,
  listComments,
  listMentionable,
  myTasks,
  updateComment,
  updateTask,
} from './service.ts';

/**
 * Comments and tasks of any entity (decisions 0130–0131): `/api/comments…` and `/api/tasks…`,
 * for every member of a company; each entity checked by the check its area registered
 * (`platform/entities.ts`).
 */
export function collaborationRoutes(s: Services) {
  const comments = new Hono<CompanyEnv>();
  comments.use('*', requireViewer(s), requireCompany);

  comments.get('/mentionable', async (c) => {
    const { q } = parseWith(mentionableQuerySchema, c.req.query());
    return c.json({ people: await listMentionable(c.get('tenant'), q) });
  });
  comments.get('/', async (c) => {
    const q = parseWith(commentListQuerySchema, c.req.query());
    return c.json(await listComments(s, c.get('tenant'), c.get('viewer'), q));
  });
  comments.post('/', async (c) => {
    const target = parseWith(commentTargetSchema, c.req.query());
    const { body } = parseWith(commentCreateSchema, await readJson(c));
    return c.json(await createComment(s, c.get('tenant'), c.get('viewer'), target, body), 201);
  });
  comments.patch('/:id', async (c) => {
    const { body } = parseWith(commentUpdateSchema, await readJson(c));
    return c.json(await updateComment(s, c.get('tenant'), c.get('viewer'), c.req.param('id'), body));
  });
  comments.delete('/:id', async (c) => {
    await deleteComment(s, c.get('tenant'), c.get('viewer'), c.req.param('id'));
    return c.body(null, 204);
  });

  const tasks = new Hono<CompanyEnv>();
  tasks.use('*', requireViewer(s), requireCompany);
  tasks.get('/mine', async (c) => {
    const { scope } = parseWith(myTasksQuerySchema, c.req.query());
    return c.json({ tasks: await myTasks(s, c.get('tenant'), c.get('viewer'), scope) });
  });
  tasks.get('/', async (c) => {
    const q = parseWith(entityTasksQuerySchema, c.req.query());
    return c.json({ tasks: await entityTasks(s, c.get('tenant'), c.get('viewer'), q.entityType, q.entityId) });
  });
  tasks.post('/', async (c) => {
    const input = parseWith(taskCreateSchema, await readJson(c));
    return c.json(await createTask(s, c.get('tenant'), c.get('viewer'), input), 201);
  });
  tasks.patch('/:id', async (c) => {
    const patch = parseWith(taskUpdateSchema, await readJson(c));
    return c.json(await updateTask(s, c.get('tenant'), c.get('viewer'), c.req.param('id'), patch));
  });
  tasks.delete('/:id', async (c) => {
    await deleteTask(s, c.get('tenant'), c.get('viewer'), c.req.param('id'));
    return c.body(null, 204);
  });

  const app = new Hono();
  app.route('/comments', comments);
  app.route('/tasks', tasks);
  return app;
}
