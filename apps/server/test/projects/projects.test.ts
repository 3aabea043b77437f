import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BriefResult, Column, Dashboard, Project, TaskDetail, TaskMoved } from '@sede/shared/projects/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import type { Task } from '@sede/shared/platform/collaboration';
import { type CollaborationNotification, onCollaborationNotify } from '../../src/modules/collaboration/notify.ts';
import { sendDueReminders } from '../../src/modules/collaboration/service.ts';
import projectsModule from '../../src/modules/projects/module.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person as Member } from '../team/support.ts';

let fake: FakeOpenAi;
let server: TestServer;
let companyId: string;
let admin: Member;
let member: Member;
let vendas: Member;
let outsider: Member;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
const api = async <T = unknown>(path: string, who: Member, init: { method?: string; json?: unknown } = {}): Promise<Res<T>> => {
  const res = await server.request(`/api${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
};
const boardOf = async (id: string, query = '', who: Member = member) => {
  const res = await api<Board>(`/projects/${id}/board${query}`, who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const ids = (b: Board, col: number) => b.columns[col]!.items.map((t) => t.id);
const newProject = async (json: Record<string, unknown> = {}, who: Member = member) => {
  const res = await api<Project>('/projects', who, { json: { name: `Projeto ${randomUUID().slice(0, 6)}`, ...json } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: 'sk-plataforma', AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' });
  const a = await createCompanyWithAdmin(server, 'Empresa Projetos');
  companyId = a.companyId;
  admin = a.admin;
  member = await memberOf(server, companyId, 'rh');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});
afterEach(() => fake.reset());

describe('projects', () => {
  it('creates a project from a template with its columns and tasks, the last column done', async () => {
    const p = await newProject({ template: 'implantacao-cliente', memberIds: [vendas.userId], startDate: '2026-03-01', endDate: '2026-04-30' });
    expect(p).toMatchObject({ status: 'planejado', taskCount: 7, doneCount: 0, progress: 0, startDate: '2026-03-01', endDate: '2026-04-30', owner: { id: member.userId } });
    expect(p.members.map((m) => m.id).sort()).toEqual([member.userId, vendas.userId].sort());
    const b = await boardOf(p.id);
    expect(b.columns.map((c) => c.name)).toEqual(['A fazer', 'Em andamento', 'Aguardando cliente', 'Concluído']);
    expect(b.columns.map((c) => c.isDone)).toEqual([false, false, false, true]);
    expect(b.columns[0]!.count).toBe(7);
    expect(b.columns[0]!.items[0]!.title).toBe('Reunião de kickoff com o cliente');
    // The new member is told (assignment notification).
    const [n] = await sql(server, `SELECT title, link FROM notifications WHERE user_id = $1 AND company_id = $2`, [vendas.userId, companyId]);
    expect(n).toMatchObject({ title: `Você entrou no projeto ${p.name}`, link: `/projeto-kanban/${p.id}` });
    // The tasks are platform tasks linked to the project.
    const rows = await sql(server, `SELECT kind, entity_type, entity_id FROM tasks WHERE company_id = $1 AND entity_id = $2`, [companyId, p.id]);
    expect(rows).toHaveLength(7);
    expect(rows[0]).toMatchObject({ kind: 'task', entity_type: 'project' });
  });

  it('a blank project gets the standard columns; list filters by status and name; update and delete', async () => {
    const p = await newProject({ name: 'Reforma do escritório' });
    const b = await boardOf(p.id);
    expect(b.columns.map((c) => c.name)).toEqual(['A fazer', 'Em andamento', 'Em revisão', 'Concluído']);
    const upd = await api<Project>(`/projects/${p.id}`, member, { method: 'PATCH', json: { status: 'em_andamento', description: 'Pintura e móveis' } });
    expect(upd.body).toMatchObject({ status: 'em_andamento', description: 'Pintura e móveis' });
    const list = await api<{ projects: Project[] }>('/projects?status=em_andamento&q=reforma', member);
    expect(list.body.projects.map((x) => x.id)).toEqual([p.id]);
    expect((await api<{ projects: Project[] }>('/projects?status=cancelado&q=reforma', member)).body.projects).toEqual([]);
    // Deleting needs projetos.delete: a plain member gets 403, the admin deletes it and its tasks.
    await api(`/projects/${p.id}/tasks`, member, { json: { title: 'Comprar tinta' } });
    expect((await api(`/projects/${p.id}`, member, { method: 'DELETE' })).status).toBe(403);
    expect((await api(`/projects/${p.id}`, admin, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/projects/${p.id}`, member)).status).toBe(404);
    expect(await sql(server, `SELECT 1 FROM tasks WHERE entity_id = $1`, [p.id])).toHaveLength(0);
    const [audit] = await sql(server, `SELECT details FROM activity_log WHERE company_id = $1 AND action = 'project_deleted' AND details->>'entity' = 'project'`, [companyId]);
    expect(audit?.details).toMatchObject({ id: p.id });
  });

  it('refuses bad input with 400 and a Portuguese message', async () => {
    const bad = async (json: unknown, path = '/projects') => {
      const res = await api(path, member, { json });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatch(/[a-zà-ú]/);
      return res.body;
    };
    await bad({ name: '' });
    await bad({ name: 'x'.repeat(121) });
    await bad({ name: 'X', startDate: '2026-05-02', endDate: '2026-05-01' });
    await bad({ name: 'X', status: 'feito' });
    await bad({ name: 'X', template: 'nao-existe' });
    expect((await bad({ name: 'X', memberIds: [outsider.userId] })).code).toBe('MEMBER_INVALID');
    await bad({ name: 'X', organizationId: randomUUID() });
    await bad({ name: 'X\u0000Y' });
    const p = await newProject();
    await bad({ title: '' }, `/projects/${p.id}/tasks`);
    await bad({ title: 'T', description: 'a'.repeat(20_001) }, `/projects/${p.id}/tasks`);
    await bad({ title: 'T', priority: 'altíssima' }, `/projects/${p.id}/tasks`);
    await bad({ title: 'T', assigneeIds: [outsider.userId] }, `/projects/${p.id}/tasks`);
    await bad({ title: 'T', checklist: [{ id: 'a', text: '', done: false }] }, `/projects/${p.id}/tasks`);
    expect((await api(`/projects/${p.id}/board?limit=0`, member)).status).toBe(400);
    expect((await api(`/projects/${p.id}/board?due=ontem`, member)).status).toBe(400);
    expect((await api(`/projects/nao-e-uuid`, member)).status).toBe(404);
    const big = await server.request('/api/projects', { method: 'POST', jar: member.jar, json: { name: 'X', description: 'a'.repeat(2_000_000) } });
    expect(big.status).toBe(413);
  });
});

describe('the board', () => {
  it('moves tasks within and between columns; the done column marks the platform task done; Minhas tarefas shows it', async () => {
    const p = await newProject();
    const mk = async (title: string, extra: Record<string, unknown> = {}) => (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title, ...extra } })).body;
    const a = await mk('A', { assigneeIds: [member.userId, vendas.userId], dueDate: '2026-12-01', priority: 'alta', labels: ['site'] });
    const b2 = await mk('B');
    const c = await mk('C');
    expect(a).toMatchObject({ title: 'A', priority: 'alta', labels: ['site'], dueDate: '2026-12-01' });
    expect(a.assignees.map((x) => x.id)).toEqual([member.userId, vendas.userId]);
    let b = await boardOf(p.id);
    expect(ids(b, 0)).toEqual([a.id, b2.id, c.id]);
    // C to the top of the first column.
    const m1 = await api<TaskMoved>(`/projects/tasks/${c.id}/move`, member, { json: { columnId: b.columns[0]!.id, prevId: null, nextId: a.id } });
    expect(m1.status).toBe(200);
    b = await boardOf(p.id);
    expect(ids(b, 0)).toEqual([c.id, a.id, b2.id]);
    // A to the done column: done, and in the assignee's 'Minhas tarefas' done list.
    const done = b.columns[3]!;
    const listener = await server.services.pool.connect();
    const told: Array<{ entity: string; userIds?: string[] }> = [];
    listener.on('notification', (m) => {
      if (m.payload?.includes(a.id)) told.push(JSON.parse(m.payload));
    });
    await listener.query('LISTEN sede_entities');
    let m2: Res<TaskMoved>;
    try {
      m2 = await api<TaskMoved>(`/projects/tasks/${a.id}/move`, member, { json: { columnId: done.id } });
      // The assignees' open 'Minhas tarefas' are told to refetch (the task went to 'Concluídas').
      for (let i = 0; i < 50 && !told.some((e) => e.entity === 'tasks'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(told.find((e) => e.entity === 'tasks')?.userIds?.sort()).toEqual([member.userId, vendas.userId].sort());
    } finally {
      await listener.query('UNLISTEN sede_entities');
      listener.release();
    }
    expect(m2.body.doneAt).not.toBeNull();
    b = await boardOf(p.id);
    expect(ids(b, 3)).toEqual([a.id]);
    expect(b.project).toMatchObject({ taskCount: 3, doneCount: 1, progress: 33 });
    const mine = await api<Array<{ id: string }> | { tasks: Array<{ id: string }> }>('/tasks/mine?scope=done', member);
    const list = Array.isArray(mine.body) ? mine.body : mine.body.tasks;
    expect(list.map((x) => x.id)).toContain(a.id);
    // Back out of done: reopened.
    const m3 = await api<TaskMoved>(`/projects/tasks/${a.id}/move`, member, { json: { columnId: b.columns[1]!.id } });
    expect(m3.body.doneAt).toBeNull();
    // A neighbour from another column, or a column of another project: refused.
    expect((await api(`/projects/tasks/${b2.id}/move`, member, { json: { columnId: b.columns[0]!.id, prevId: a.id } })).status).toBe(409);
    const other = await newProject();
    const otherBoard = await boardOf(other.id);
    expect((await api(`/projects/tasks/${b2.id}/move`, member, { json: { columnId: otherBoard.columns[0]!.id } })).status).toBe(404);
  });

  it('many moves to the same spot renumber the column and keep the order', async () => {
    const p = await newProject();
    const mk = async (title: string) => (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title } })).body;
    const first = await mk('primeira');
    const last = await mk('última');
    const col = (await boardOf(p.id)).columns[0]!.id;
    const placed: string[] = [];
    for (let i = 0; i < 60; i++) {
      const t = await mk(`t${i}`);
      const res = await api<TaskMoved>(`/projects/tasks/${t.id}/move`, member, { json: { columnId: col, prevId: first.id, nextId: placed[0] ?? last.id } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      placed.unshift(t.id);
    }
    expect(ids(await boardOf(p.id, '?limit=500'), 0)).toEqual([first.id, ...placed, last.id]);
  });

  it('filters by assignee, label, priority and due date; pages a long column', async () => {
    const p = await newProject();
    const mk = async (title: string, extra: Record<string, unknown> = {}) => (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title, ...extra } })).body;
    const a = await mk('a', { assigneeIds: [vendas.userId], labels: ['site'], priority: 'urgente', dueDate: '2020-01-02' });
    await mk('b', { labels: ['app'] });
    await mk('c');
    const only = async (q: string) => (await boardOf(p.id, q)).columns.flatMap((c) => c.items.map((t) => t.id));
    expect(await only(`?assigneeId=${vendas.userId}`)).toEqual([a.id]);
    expect(await only('?label=site')).toEqual([a.id]);
    expect(await only('?priority=urgente')).toEqual([a.id]);
    expect(await only('?due=overdue')).toEqual([a.id]);
    expect(await only('?due=none')).toHaveLength(2);
    expect((await boardOf(p.id)).labels).toEqual(['app', 'site']);
    // Filtered: the column counts what the filter keeps; the project's progress still counts every task.
    const siteOnly = await boardOf(p.id, '?label=site');
    expect(siteOnly.columns[0]!.count).toBe(1);
    expect(siteOnly.project.taskCount).toBe(3);
    const b = await boardOf(p.id, '?limit=2');
    expect(b.columns[0]!.items).toHaveLength(2);
    expect(b.columns[0]!.count).toBe(3);
    const page = await api<{ items: Array<{ id: string }>; nextCursor: string | null }>(`/projects/${p.id}/columns/${b.columns[0]!.id}/tasks?limit=2&cursor=${b.columns[0]!.nextCursor}`, member);
    expect(page.body.items).toHaveLength(1);
    expect(page.body.nextCursor).toBeNull();
    expect((await api(`/projects/${p.id}/columns/${b.columns[0]!.id}/tasks?cursor=lixo`, member)).status).toBe(400);
  });

  it('columns: add, rename, reorder, delete with the tasks moved; the last one stays', async () => {
    const p = await newProject({ columns: ['Um', 'Dois'] });
    let b = await boardOf(p.id);
    const [um, dois] = b.columns;
    const t = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'x', columnId: um!.id } })).body;
    const tres = (await api<Column>(`/projects/${p.id}/columns`, member, { json: { name: 'Três' } })).body;
    expect((await api<Column>(`/projects/columns/${tres.id}`, member, { method: 'PATCH', json: { name: 'Três!' } })).body.name).toBe('Três!');
    const order = await api<{ columns: Column[] }>(`/projects/${p.id}/columns/order`, member, { method: 'PUT', json: { columnIds: [tres.id, um!.id, dois!.id] } });
    expect(order.body.columns.map((c) => c.name)).toEqual(['Três!', 'Um', 'Dois']);
    expect((await api(`/projects/${p.id}/columns/order`, member, { method: 'PUT', json: { columnIds: [tres.id, um!.id] } })).status).toBe(400);
    // Deleting a column with tasks needs where to move them (and projetos.delete).
    expect((await api(`/projects/columns/${um!.id}`, member, { method: 'DELETE' })).status).toBe(403);
    const noTarget = await api(`/projects/columns/${um!.id}`, admin, { method: 'DELETE' });
    expect(noTarget.body.code).toBe('MOVE_TO_REQUIRED');
    const del = await api<{ moved: number }>(`/projects/columns/${um!.id}?moveTo=${dois!.id}`, admin, { method: 'DELETE' });
    expect(del.body.moved).toBe(1);
    b = await boardOf(p.id);
    expect(b.columns.map((c) => c.name)).toEqual(['Três!', 'Dois']);
    expect(ids(b, 1)).toEqual([t.id]);
    // 'Dois' was the done column: the moved task is done now.
    expect(b.columns[1]!.items[0]!.doneAt).not.toBeNull();
    await api(`/projects/columns/${tres.id}`, admin, { method: 'DELETE' });
    expect((await api(`/projects/columns/${dois!.id}?moveTo=${tres.id}`, admin, { method: 'DELETE' })).body.code).toBe('LAST_COLUMN');
  });

  it('task details: checklist, labels, reassigning notifies; comments with mentions work through the platform', async () => {
    const p = await newProject();
    const t = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Contrato' } })).body;
    const upd = await api<TaskDetail>(`/projects/tasks/${t.id}`, member, {
      method: 'PATCH',
      json: { description: '## Passos\n- revisar', checklist: [{ id: '1', text: 'Revisar', done: true }, { id: '2', text: 'Assinar', done: false }], assigneeIds: [vendas.userId], labels: ['jurídico'] },
    });
    expect(upd.body).toMatchObject({ checklistDone: 1, checklistTotal: 2, labels: ['jurídico'], description: '## Passos\n- revisar' });
    const [n] = await sql(server, `SELECT title, link FROM notifications WHERE user_id = $1 AND title LIKE 'Nova tarefa%' ORDER BY created_at DESC LIMIT 1`, [vendas.userId]);
    expect(n).toMatchObject({ title: 'Nova tarefa para você: Contrato', link: `/projeto-kanban/${p.id}?tarefa=${t.id}` });
    const [row] = await sql(server, 'SELECT assignee_id FROM tasks WHERE id = $1', [t.id]);
    expect(row?.assignee_id).toBe(vendas.userId);
    const c = await api(`/comments?entityType=task&entityId=${t.id}`, member, { json: { body: `Veja @[Vendas](${vendas.userId})` } });
    expect(c.status, JSON.stringify(c.body)).toBe(201);
    expect((await api(`/comments?entityType=task&entityId=${t.id}`, outsider)).status).toBe(404);
    expect((await api(`/projects/tasks/${t.id}`, member, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/projects/tasks/${t.id}`, member)).status).toBe(404);
  });

  it('a task description is rich text (decision 0422): stored with its plain text, sanitised like documents; plain ones still show', async () => {
    const p = await newProject({ name: 'Reforma da loja' });
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Comprar ' }, { type: 'text', text: 'tinta', marks: [{ type: 'bold' }] }, { type: 'text', text: ' branca.' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'sala', marks: [{ type: 'link', attrs: { href: 'https://exemplo.com.br' } }] }] }] }] },
      ],
    };
    const created = await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Pintura', descriptionDoc: doc } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ descriptionDoc: doc, description: 'Comprar tinta branca.\n- sala' });
    // Edited as rich text, read back as saved; the plain text follows.
    const edited = { type: 'doc', content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Passos' }] }] };
    const upd = await api<TaskDetail>(`/projects/tasks/${created.body.id}`, member, { method: 'PATCH', json: { descriptionDoc: edited } });
    expect(upd.body).toMatchObject({ descriptionDoc: edited, description: 'Passos' });
    // A plain description written elsewhere ('Minhas tarefas', the platform's tasks) wins over the older rich text.
    expect((await api(`/tasks/${created.body.id}`, member, { method: 'PATCH', json: { description: 'Reescrita em texto simples' } })).status).toBe(200);
    expect((await api<TaskDetail>(`/projects/tasks/${created.body.id}`, member)).body).toMatchObject({ descriptionDoc: null, description: 'Reescrita em texto simples' });
    // A task written before rich text keeps its plain description.
    const old = await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Antiga', description: 'Linha 1\n- item' } });
    expect(old.body).toMatchObject({ descriptionDoc: null, description: 'Linha 1\n- item' });
    // The documents' checks: not a document, control characters, too long: 400 in Portuguese, nothing saved.
    for (const [bad, message] of [
      [{ type: 'paragraph' }, 'Conteúdo do documento inválido.'],
      [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a\u0000b' }] }] }, null],
      [{ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a'.repeat(20_001) }] }] }, 'A descrição da tarefa pode ter no máximo 20.000 caracteres.'],
    ] as const) {
      const res = await api(`/projects/tasks/${old.body.id}`, member, { method: 'PATCH', json: { descriptionDoc: bad } });
      expect(res.status).toBe(400);
      if (message) expect(res.body.error).toBe(message);
      else expect(res.body.error).toMatch(/[ãçéõ]|caracteres/);
    }
    expect((await api<TaskDetail>(`/projects/tasks/${old.body.id}`, member)).body.description).toBe('Linha 1\n- item');
  });

  it("'Minhas tarefas' names each task's project and links to it (decision 0423)", async () => {
    const p = await newProject({ name: 'Mudança de sede' });
    const t = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Contratar a transportadora', assigneeIds: [member.userId] } })).body;
    const mine = await api<{ tasks: Task[] }>('/tasks/mine?scope=upcoming', member);
    expect(mine.body.tasks.find((x) => x.id === t.id)?.context).toEqual({ kind: 'Projeto', name: 'Mudança de sede', path: `/projeto-kanban/${p.id}` });
  });

  it("every assignee has the task in 'Minhas tarefas', may tick it there and gets its reminder; removed, it leaves their list", async () => {
    const p = await newProject();
    const mineOf = async (who: Member, scope = 'upcoming') => {
      const res = await api<{ tasks: Task[] }>(`/tasks/mine?scope=${scope}`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.tasks;
    };
    const has = async (who: Member, id: string, scope = 'upcoming') => (await mineOf(who, scope)).some((x) => x.id === id);
    const t = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Revisar proposta', assigneeIds: [member.userId, vendas.userId] } })).body;
    // Both assignees, the second included, and nobody else.
    expect(await has(member, t.id)).toBe(true);
    const second = (await mineOf(vendas)).find((x) => x.id === t.id);
    expect(second).toMatchObject({ title: 'Revisar proposta', canEdit: true, entityType: 'project', entityId: p.id });
    expect(await has(admin, t.id)).toBe(false);
    expect(await has(outsider, t.id)).toBe(false);
    // Many tasks of one project for the second assignee: all listed (one query, whatever the count).
    const more = await Promise.all(
      Array.from({ length: 12 }, (_, i) => api<TaskDetail>(`/projects/${p.id}/tasks`, admin, { json: { title: `Extra ${i}`, assigneeIds: [admin.userId, vendas.userId] } })),
    );
    const listed = new Set((await mineOf(vendas)).map((x) => x.id));
    for (const r of more) expect(listed.has(r.body.id)).toBe(true);
    // The second assignee ticks it from 'Minhas tarefas': done for everyone.
    const tick = await api<Task>(`/tasks/${t.id}`, vendas, { method: 'PATCH', json: { done: true } });
    expect(tick.status, JSON.stringify(tick.body)).toBe(200);
    expect(tick.body.doneAt).not.toBeNull();
    expect(await has(member, t.id, 'done')).toBe(true);
    expect(await has(vendas, t.id, 'done')).toBe(true);
    await api(`/tasks/${t.id}`, vendas, { method: 'PATCH', json: { done: false } });
    // Removing the second assignee takes it out of their list (and lets them no longer edit it there)…
    const client = await server.services.pool.connect();
    const seen: Array<{ entity: string; userIds?: string[] }> = [];
    client.on('notification', (m) => {
      if (m.payload?.includes(t.id)) seen.push(JSON.parse(m.payload));
    });
    await client.query('LISTEN sede_entities');
    try {
      expect((await api(`/projects/tasks/${t.id}`, member, { method: 'PATCH', json: { assigneeIds: [member.userId] } })).status).toBe(200);
      expect(await has(vendas, t.id)).toBe(false);
      expect(await has(member, t.id)).toBe(true);
      expect((await api(`/tasks/${t.id}`, vendas, { method: 'PATCH', json: { done: true } })).status).toBe(403);
      // …and tells the open 'Minhas tarefas' of the people it concerns to refetch.
      for (let i = 0; i < 50 && !seen.some((e) => e.entity === 'tasks'); i++) await new Promise((r) => setTimeout(r, 20));
      expect(seen.find((e) => e.entity === 'tasks')?.userIds?.sort()).toEqual([member.userId, vendas.userId].sort());
    } finally {
      await client.query('UNLISTEN sede_entities');
      client.release();
    }
    // Swapping the first assignee: the one removed no longer sees it, the new one does.
    await api(`/projects/tasks/${t.id}`, member, { method: 'PATCH', json: { assigneeIds: [vendas.userId, admin.userId] } });
    expect(await has(member, t.id)).toBe(false);
    expect(await has(vendas, t.id)).toBe(true);
    expect(await has(admin, t.id)).toBe(true);
    // The due-date reminder reaches every assignee, once.
    const notified: CollaborationNotification[] = [];
    const off = onCollaborationNotify(server.services, (n) => notified.push(n));
    try {
      await api(`/projects/tasks/${t.id}`, member, { method: 'PATCH', json: { dueDate: addDays(todayInBrazil(), -1) } });
      await sendDueReminders(server.services);
      const reminders = notified.filter((n) => n.kind === 'due' && n.entity.id === t.id);
      expect(reminders).toHaveLength(1);
      expect([...reminders[0]!.userIds].sort()).toEqual([vendas.userId, admin.userId].sort());
    } finally {
      off();
    }
  });

  it('announces every change of the board live', async () => {
    const p = await newProject();
    // announce() is NOTIFY inside the transaction: watch for it through a LISTEN of our own.
    const client = await server.services.pool.connect();
    const seen: string[] = [];
    client.on('notification', (m) => {
      if (m.payload?.includes(p.id)) seen.push(m.payload);
    });
    await client.query('LISTEN sede_entities');
    try {
      await api(`/projects/${p.id}/tasks`, member, { json: { title: 'Ao vivo' } });
      for (let i = 0; i < 50 && !seen.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(JSON.parse(seen[0]!)).toMatchObject({ entity: 'project', id: p.id });
    } finally {
      await client.query('UNLISTEN sede_entities');
      client.release();
    }
  });
});

describe('dashboard', () => {
  it('counts by column and assignee, overdue, burn-up and cycle time', async () => {
    const p = await newProject();
    const mk = async (title: string, extra: Record<string, unknown> = {}) => (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title, ...extra } })).body;
    const a = await mk('a', { assigneeIds: [vendas.userId], dueDate: '2020-01-02' });
    await mk('b', { assigneeIds: [vendas.userId] });
    await mk('c');
    const b = await boardOf(p.id);
    await api(`/projects/tasks/${a.id}/move`, member, { json: { columnId: b.columns[3]!.id } });
    const d = (await api<Dashboard>(`/projects/${p.id}/dashboard`, member)).body;
    expect(d.project).toEqual({ id: p.id, name: p.name });
    expect(d.byColumn.map((c) => c.count)).toEqual([2, 0, 0, 1]);
    expect(d.total).toBe(3);
    expect(d.done).toBe(1);
    expect(d.byAssignee.find((x) => x.id === vendas.userId)).toMatchObject({ open: 1, done: 1 });
    expect(d.byAssignee.find((x) => x.id === null)).toMatchObject({ name: 'Sem responsável', open: 1, done: 0 });
    expect(d.overdueCount).toBe(0); // the overdue one is done
    expect(d.burnUp.at(-1)).toMatchObject({ created: 3, done: 1 });
    expect(d.cycleTime.count).toBe(1);
  });
});

describe('AI brief (paid action ai.project_from_brief)', () => {
  it('proposes columns and tasks for review, charged once (3 coins); a failure charges nothing', async () => {
    fake.setResponder(() => ({
      nome: 'Lançamento da loja virtual',
      colunas: ['A fazer', 'Fazendo', 'Concluído'],
      tarefas: [
        { titulo: 'Escolher a plataforma', descricao: 'Comparar opções.', prioridade: 'alta', coluna: 0 },
        { titulo: 'Cadastrar produtos', descricao: 'Fotos e preços.', prioridade: 'media', coluna: 9 },
      ],
    }));
    const requestId = randomUUID();
    const brief = 'Queremos lançar a loja virtual da padaria até o Natal, com entrega no bairro.';
    const res = await api<BriefResult>('/projects/brief', member, { json: { brief, requestId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.charged).toBe(3);
    expect(res.body.proposal).toMatchObject({ name: 'Lançamento da loja virtual', columns: ['A fazer', 'Fazendo', 'Concluído'] });
    expect(res.body.proposal.tasks[1]!.column).toBe(2);
    expect(fake.requests[0]!.body!.messages[1]!.content).toContain('entrega no bairro');
    // The same request is not charged twice.
    expect((await api('/projects/brief', member, { json: { brief, requestId } })).status).toBe(409);
    // Created after review: the reviewed tasks only.
    const p = await newProject({ name: res.body.proposal.name, columns: res.body.proposal.columns, tasks: [res.body.proposal.tasks[0]] });
    expect(p.taskCount).toBe(1);
    fake.setMode('error_500');
    const failed = await api('/projects/brief', member, { json: { brief, requestId: randomUUID() } });
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(failed.status).not.toBe(500);
    const [ledger] = await sql(server, `SELECT count(*)::int AS n FROM paid_actions WHERE company_id = $1 AND action = 'ai.project_from_brief' AND status = 'committed'`, [companyId]);
    expect(ledger?.n).toBe(1);
    expect((await api('/projects/brief', member, { json: { brief: 'curto', requestId: randomUUID() } })).status).toBe(400);
  });
});

describe('isolation', () => {
  it("another company's member gets 404 on every endpoint and id; without projetos.delete 403", async () => {
    const p = await newProject({ name: 'Projeto secreto' });
    const b = await boardOf(p.id);
    const t = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Tarefa secreta' } })).body;
    const t2 = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Tarefa 2' } })).body;
    const extra = (await api<Column>(`/projects/${p.id}/columns`, member, { json: { name: 'Extra' } })).body;
    const cast = { owner: member, outsider, secrets: [p.name, 'Tarefa secreta'] };
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/projects/${p.id}` },
      { method: 'PATCH', path: `/api/projects/${p.id}`, body: { status: 'pausado' } },
      { method: 'GET', path: `/api/projects/${p.id}/board` },
      { method: 'GET', path: `/api/projects/${p.id}/columns` },
      { method: 'GET', path: `/api/projects/${p.id}/columns/${b.columns[0]!.id}/tasks?cursor=${Buffer.from(JSON.stringify([0, t.id])).toString('base64url')}` },
      { method: 'PUT', path: `/api/projects/${p.id}/columns/order`, body: { columnIds: [...b.columns.map((c) => c.id), extra.id] } },
      { method: 'POST', path: `/api/projects/${p.id}/columns`, body: { name: 'Nova' }, ownerStatus: 201 },
      { method: 'PATCH', path: `/api/projects/columns/${extra.id}`, body: { name: 'Renomeada' } },
      { method: 'POST', path: `/api/projects/${p.id}/tasks`, body: { title: 'Outra' }, ownerStatus: 201 },
      { method: 'GET', path: `/api/projects/tasks/${t.id}` },
      { method: 'PATCH', path: `/api/projects/tasks/${t.id}`, body: { priority: 'alta' } },
      { method: 'POST', path: `/api/projects/tasks/${t.id}/move`, body: { columnId: b.columns[1]!.id } },
      { method: 'GET', path: `/api/projects/${p.id}/dashboard` },
      { method: 'GET', path: `/api/comments?entityType=task&entityId=${t.id}` },
      { method: 'GET', path: `/api/comments?entityType=project&entityId=${p.id}` },
      { method: 'GET', path: `/api/files?entityType=project&entityId=${p.id}` },
      { method: 'DELETE', path: `/api/projects/tasks/${t2.id}` },
    ]);
    // The area's deletions: the member without projetos.delete gets 403.
    const del = { owner: admin, outsider, withoutPermission: vendas, secrets: [p.name] };
    await expectTenantIsolation(server, del, [
      { method: 'DELETE', path: `/api/projects/columns/${extra.id}` },
      { method: 'DELETE', path: `/api/projects/${p.id}` },
    ]);
    // The list never shows another company's projects.
    const theirs = await api<{ projects: Project[] }>('/projects', outsider);
    expect(theirs.body.projects.map((x) => x.id)).not.toContain(p.id);
    expect((await api('/projects', { ...member, jar: undefined as never })).status).toBe(401);
  });
});

describe('export', () => {
  it("the company's export holds its projects, columns, members and board rows, and nothing of another company", async () => {
    const p = await newProject({ memberIds: [vendas.userId] });
    const t = (await api<TaskDetail>(`/projects/${p.id}/tasks`, member, { json: { title: 'Exportada', labels: ['x'] } })).body;
    const other = await createCompanyWithAdmin(server, 'Empresa Alheia');
    const theirs = await api<Project>('/projects', other.admin, { json: { name: 'Projeto alheio' } });
    const files = new Map<string, Array<Record<string, unknown>>>();
    const pending: Array<Promise<void>> = [];
    await projectsModule.exportData!(server.services, { db: server.services.db, companyId, actorId: admin.userId }, {
      csv: (name, _columns, rows) => {
        pending.push(
          (async () => {
            const list: Array<Record<string, unknown>> = [];
            for await (const r of rows() as AsyncIterable<Record<string, unknown>>) list.push(r);
            files.set(name, list);
          })(),
        );
      },
      json: () => {},
      file: () => {},
    });
    await Promise.all(pending);
    expect(files.get('projetos.csv')!.map((r) => r.id)).toContain(p.id);
    expect(files.get('projetos.csv')!.map((r) => r.id)).not.toContain(theirs.body.id);
    expect(files.get('membros.csv')!.filter((r) => r.projectId === p.id).map((r) => r.userId).sort()).toEqual([member.userId, vendas.userId].sort());
    expect(files.get('tarefas-quadro.csv')!.find((r) => r.taskId === t.id)).toMatchObject({ projectId: p.id, labels: ['x'] });
    expect(files.get('colunas.csv')!.filter((r) => r.projectId === p.id)).toHaveLength(4);
  });
});
