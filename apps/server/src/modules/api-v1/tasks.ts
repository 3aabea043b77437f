import type { Hono } from 'hono';
import { z } from 'zod';
import { COLLABORATION_MESSAGES as M, TASK_KIND_KEYS, taskCreateSchema, taskSchema, taskUpdateSchema } from '@sede/shared/platform/collaboration';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { createTask, getTask, tasksPage, updateTask } from '../collaboration/public.ts';
import { keyViewer, tenant, type V1Access } from './access.ts';
import { API_ENTITY_TYPES, checkEntityType, checkHeldBy, ENTITY_READ_PERMISSIONS, ENTITY_TYPES_TEXT, ENTITY_WRITE_PERMISSIONS, entityTypesOf } from './entities.ts';
import { listQuery, page, pageOf } from './list.ts';

const { entityId } = taskCreateSchema.shape;
const tasksQuery = listQuery(taskSchema, {
  entityType: z.enum(API_ENTITY_TYPES, { error: `entityType inválido: use ${ENTITY_TYPES_TEXT}.` }).optional().describe(`Só as tarefas de registros deste tipo: ${ENTITY_TYPES_TEXT}.`),
  entityId: entityId.describe('Só as tarefas deste registro (com entityType).'),
  kind: z.enum(TASK_KIND_KEYS, { error: M.taskKind }).optional().describe('task, call, meeting, email, whatsapp ou note.'),
  assigneeId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'assigneeId inválido.').optional().describe('Só as tarefas deste responsável (id de usuário).'),
  done: z.enum(['true', 'false'], { error: 'done deve ser true ou false.' }).optional().describe('true: só as concluídas; false: só as abertas.'),
});
const taskId = idParams(M.taskNotFound);

/**
 * Tasks and activities (calls, meetings, e-mails, notes; decisions 0130–0131) on people,
 * organizations, deals, quotes, projects and receivables or payables, and personal to-dos, oldest first. The key sees them as its
 * creator does, and only on records its permissions reach (decision 0646).
 */
export function taskRoutes(r: Hono<ApiKeyEnv>, s: Services, { read, write }: V1Access) {
  r.get('/tasks', ...read(...ENTITY_READ_PERMISSIONS), contract({ summary: 'Listar tarefas e atividades', description: 'Uma página pode trazer menos de `limit` itens: as tarefas que a chave não pode ver ficam de fora.', query: tasksQuery, response: pageOf(taskSchema) }), async (c) => {
    const { fields, updated_since, done, ...q } = c.req.valid('query');
    if (q.entityType) checkEntityType(c, q.entityType, 'read');
    const found = await tasksPage(s, tenant(c), keyViewer(c), { ...q, done: done === undefined ? undefined : done === 'true', entityTypes: entityTypesOf(c, 'read'), updatedSince: updated_since });
    return c.json(page(found.items, found.nextCursor, fields));
  });
  r.post('/tasks', ...write(...ENTITY_WRITE_PERMISSIONS), contract({ summary: 'Criar tarefa ou atividade', description: `Num registro (${ENTITY_TYPES_TEXT}) ou pessoal, sem registro. Sem responsável, é de quem criou a chave.`, body: taskCreateSchema, response: taskSchema, status: 201 }), async (c) => {
    const input = c.req.valid('json');
    if (input.entityType) checkEntityType(c, input.entityType, 'write');
    return c.json(await createTask(s, tenant(c), keyViewer(c), input), 201);
  });
  r.get('/tasks/:id', ...read(...ENTITY_READ_PERMISSIONS), contract({ summary: 'Ver tarefa ou atividade', params: taskId, response: taskSchema }), async (c) => {
    const task = await getTask(s, tenant(c), keyViewer(c), c.req.valid('param').id);
    checkHeldBy(c, task.entityType, 'read', M.taskNotFound);
    return c.json(task);
  });
  r.patch('/tasks/:id', ...write(...ENTITY_WRITE_PERMISSIONS), contract({ summary: 'Alterar tarefa ou atividade', description: '`done: true` conclui; `done: false` reabre.', params: taskId, body: taskUpdateSchema, response: taskSchema }), async (c) => {
    const { id } = c.req.valid('param');
    checkHeldBy(c, (await getTask(s, tenant(c), keyViewer(c), id)).entityType, 'write', M.taskNotFound);
    return c.json(await updateTask(s, tenant(c), keyViewer(c), id, c.req.valid('json')));
  });
}
