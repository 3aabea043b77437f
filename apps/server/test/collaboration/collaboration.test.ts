import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { COLLABORATION_MESSAGES as M, myTaskBounds, mentionToken, type Comment, type CommentPage, type Mentionable, type Task } from '@sede/shared/platform/collaboration';
import { CONTROL_CHARACTERS_MESSAGE } from '@sede/shared/text';
import { type CollaborationNotification, onCollaborationNotify } from '../../src/modules/collaboration/notify.ts';
import { myTasks, sendDueReminders } from '../../src/modules/collaboration/service.ts';
import type { Viewer } from '../../src/platform/viewer.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let vendas: Person;
let rh: Person;
let outsider: Person;
let outsiderCompanyId: string;
const notified: CollaborationNotification[] = [];

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person | undefined, init: { method?: string; json?: unknown } = {}): Promise<Res<T>> {
  const res = await server.request(path, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T & { error?: string; code?: string } };
}
const onCompany = () => `entityType=company&entityId=${companyId}`;
const comment = (who: Person, body: string) => call<Comment>(`/api/comments?${onCompany()}`, who, { json: { body } });
const task = (who: Person, json: Record<string, unknown>) => call<Task>('/api/tasks', who, { json });
const commentCount = async () => Number((await sql(server, 'select count(*)::int as n from comments where company_id = $1', [companyId]))[0]!.n);

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Empresa Colaboração');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await memberOf(server, companyId, 'vendas');
  rh = await memberOf(server, companyId, 'rh');
  const b = await createCompanyWithAdmin(server, 'Outra Empresa');
  outsider = b.admin;
  outsiderCompanyId = b.companyId;
  onCollaborationNotify(server.services, (n) => notified.push(n));
});
afterAll(async () => {
  await server?.stop();
});

describe('comments', () => {
  it('a member comments on the company and sees the thread, newest first, paged by cursor', async () => {
    const first = await comment(vendas, '  Primeiro comentário  ');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.body).toBe('Primeiro comentário');
    expect(first.body.author?.id).toBe(vendas.userId);
    expect(first.body.canEdit).toBe(true);
    for (let i = 0; i < 55; i++) expect((await comment(rh, `Comentário ${i}`)).status).toBe(201);
    const page1 = await call<CommentPage>(`/api/comments?${onCompany()}`, admin);
    expect(page1.status).toBe(200);
    expect(page1.body.comments).toHaveLength(50);
    expect(page1.body.comments[0]!.body).toBe('Comentário 54');
    expect(page1.body.comments[0]!.canEdit).toBe(false); // rh's, seen by the admin
    expect(page1.body.comments[0]!.canDelete).toBe(true);
    const page2 = await call<CommentPage>(`/api/comments?${onCompany()}&cursor=${page1.body.nextCursor}`, admin);
    expect(page2.body.comments.map((c) => c.body).at(-1)).toBe('Primeiro comentário');
    expect(page2.body.nextCursor).toBeNull();
    const ids = new Set([...page1.body.comments, ...page2.body.comments].map((c) => c.id));
    expect(ids.size).toBe(56);
    expect((await call(`/api/comments?${onCompany()}&cursor=lixo`, admin)).status).toBe(400);
  });

  it('refuses a 100,000-character comment, NUL, an empty one and an unknown entity type, storing nothing', async () => {
    const before = await commentCount();
    const long = await comment(vendas, 'a'.repeat(100_000));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe(M.commentTooLong);
    const nul = await comment(vendas, 'olá\u0000mundo');
    expect(nul.status).toBe(400);
    expect(nul.body.error).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect((await comment(vendas, '   ')).body.error).toBe(M.commentEmpty);
    const unknown = await call(`/api/comments?entityType=nave&entityId=1`, vendas, { json: { body: 'x' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(M.unknownEntity);
    expect(await commentCount()).toBe(before);
  });

  it('a mention notifies the person mentioned (not the author) once', async () => {
    notified.length = 0;
    const body = `Veja isto ${mentionToken('RH', rh.userId)} e ${mentionToken('Eu', vendas.userId)} ${mentionToken('RH', rh.userId)}`;
    const res = await comment(vendas, body);
    expect(res.status).toBe(201);
    expect(res.body.mentions).toEqual([rh.userId, vendas.userId]);
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({ kind: 'mention', companyId, userIds: [rh.userId], actorId: vendas.userId, link: '/empresa', entity: { type: 'company', id: companyId } });
    expect(notified[0]!.body).toBe('Veja isto @RH e @Eu @RH');
    // An edit notifies only those newly mentioned.
    notified.length = 0;
    const edited = await call<Comment>(`/api/comments/${res.body.id}`, vendas, { method: 'PATCH', json: { body: `${body} ${mentionToken('Admin', admin.userId)}` } });
    expect(edited.status).toBe(200);
    expect(edited.body.editedAt).not.toBeNull();
    expect(notified.map((n) => n.userIds)).toEqual([[admin.userId]]);
  });

  it('a mention of another company’s member is refused and nothing is stored or notified', async () => {
    notified.length = 0;
    const before = await commentCount();
    const res = await comment(vendas, `Oi ${mentionToken('Fora', outsider.userId)} e ${mentionToken('RH', rh.userId)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Só é possível mencionar pessoas da sua empresa.', code: 'MENTION_OUTSIDE_COMPANY' });
    expect(await commentCount()).toBe(before);
    expect(notified).toHaveLength(0);
    const c = await comment(vendas, 'sem menção');
    const edit = await call(`/api/comments/${c.body.id}`, vendas, { method: 'PATCH', json: { body: `agora ${mentionToken('Fora', outsider.userId)}` } });
    expect(edit.status).toBe(400);
    const [row] = await sql(server, 'select body, mentions from comments where id = $1', [c.body.id]);
    expect(row).toEqual({ body: 'sem menção', mentions: [] });
  });

  it('the mentionable directory lists only the company’s members, by name, for any member', async () => {
    const all = await call<{ people: Mentionable[] }>('/api/comments/mentionable', rh);
    expect(all.status).toBe(200);
    expect(all.body.people.map((p) => p.userId).sort()).toEqual([admin.userId, vendas.userId, rh.userId].sort());
    expect(Object.keys(all.body.people[0]!).sort()).toEqual(['name', 'userId']);
    const carla = await call<{ people: Mentionable[] }>('/api/comments/mentionable?q=carl', rh);
    expect(carla.body.people.map((p) => p.userId)).toEqual([admin.userId]);
    const other = await call<{ people: Mentionable[] }>('/api/comments/mentionable', outsider);
    expect(other.body.people.map((p) => p.userId)).toEqual([outsider.userId]);
  });

  it('only the author edits; the author or an admin deletes (audited), and a deleted comment disappears', async () => {
    const c = await comment(vendas, 'meu comentário');
    expect((await call(`/api/comments/${c.body.id}`, rh, { method: 'PATCH', json: { body: 'x' } })).status).toBe(403);
    expect((await call(`/api/comments/${c.body.id}`, admin, { method: 'PATCH', json: { body: 'x' } })).status).toBe(403);
    expect((await call(`/api/comments/${c.body.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    expect((await call(`/api/comments/${c.body.id}`, admin, { method: 'DELETE' })).status).toBe(204);
    expect((await call(`/api/comments/${c.body.id}`, vendas, { method: 'DELETE' })).status).toBe(404);
    const [row] = await sql(server, 'select body, deleted_at from comments where id = $1', [c.body.id]);
    expect(row!.body).toBe('');
    expect(row!.deleted_at).not.toBeNull();
    const audit = await sql(server, `select details from activity_log where company_id = $1 and action = 'comment_deleted'`, [companyId]);
    expect(audit.map((a) => a.details)).toContainEqual(expect.objectContaining({ entity: 'comment', id: c.body.id }));
  });
});

describe('tasks', () => {
  it('creates a task for oneself by default; assigning someone else notifies them; an outsider assignee is refused', async () => {
    notified.length = 0;
    const own = await task(vendas, { title: 'Ligar para o cliente', kind: 'call', dueDate: todayInBrazil() });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.assignee?.id).toBe(vendas.userId);
    expect(notified).toHaveLength(0);
    const assigned = await task(vendas, { title: 'Revisar proposta', assigneeId: rh.userId, entityType: 'company', entityId: companyId });
    expect(assigned.status).toBe(201);
    expect(notified).toHaveLength(1);
    expect(notified[0]).toMatchObject({ kind: 'assignment', userIds: [rh.userId], entity: { type: 'task', id: assigned.body.id } });
    const before = (await sql(server, 'select count(*)::int as n from tasks where company_id = $1', [companyId]))[0]!.n;
    const bad = await task(vendas, { title: 'x', assigneeId: outsider.userId });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe(M.assigneeOutsider);
    expect((await task(vendas, { title: '' })).body.error).toBe(M.taskTitle);
    expect((await task(vendas, { title: 'x', dueDate: '2026-13-01' })).body.error).toBe(M.taskDueDate);
    expect((await task(vendas, { title: 'x\u0000' })).status).toBe(400);
    expect((await task(vendas, { title: 'x', entityType: 'company', entityId: outsiderCompanyId })).status).toBe(404);
    expect((await sql(server, 'select count(*)::int as n from tasks where company_id = $1', [companyId]))[0]!.n).toBe(before);
    // Reassigning notifies the new assignee.
    notified.length = 0;
    const re = await call<Task>(`/api/tasks/${assigned.body.id}`, vendas, { method: 'PATCH', json: { assigneeId: admin.userId } });
    expect(re.status).toBe(200);
    expect(notified.map((n) => [n.kind, n.userIds])).toEqual([['assignment', [admin.userId]]]);
  });

  it('my tasks: today, overdue (rolled over days off), upcoming ordered by due date, done', async () => {
    const me = await memberOf(server, companyId, 'vendas');
    const today = todayInBrazil();
    const { lastOverdue } = myTaskBounds(today);
    const mk = async (title: string, dueDate: string | null) => (await task(me, { title, dueDate })).body;
    const late = await mk('atrasada', lastOverdue);
    const now = await mk('hoje', today);
    const later = await mk('depois', addDays(today, 10));
    const soon = await mk('logo', addDays(today, 2));
    const undated = await mk('sem data', null);
    const scope = async (s: string) => (await call<{ tasks: Task[] }>(`/api/tasks/mine?scope=${s}`, me)).body.tasks.map((t) => t.title);
    expect(await scope('overdue')).toEqual(['atrasada']);
    expect((await call<{ tasks: Task[] }>('/api/tasks/mine?scope=overdue', me)).body.tasks[0]!.overdue).toBe(true);
    expect(await scope('today')).toEqual(['hoje']);
    expect(await scope('upcoming')).toEqual(['logo', 'depois', 'sem data']);
    expect(await scope('done')).toEqual([]);
    const done = await call<Task>(`/api/tasks/${late.id}`, me, { method: 'PATCH', json: { done: true } });
    expect(done.status).toBe(200);
    expect(done.body.doneAt).not.toBeNull();
    expect(done.body.overdue).toBe(false);
    expect(await scope('overdue')).toEqual([]);
    expect(await scope('done')).toEqual(['atrasada']);
    expect((await call(`/api/tasks/mine?scope=ontem`, me)).status).toBe(400);
    void now;
    void later;
    void soon;
    void undated;
  });

  it('my tasks over a weekend and a holiday: the day off rolls to the next business day', async () => {
    const me = await memberOf(server, companyId, 'rh');
    const mk = (title: string, dueDate: string) => task(me, { title, dueDate });
    // 2026-11-13 Friday, 14 Saturday, 15 Sunday (Proclamação da República), 16 Monday, 20 Friday (Consciência Negra).
    await mk('sexta', '2026-11-13');
    await mk('sábado', '2026-11-14');
    await mk('domingo feriado', '2026-11-15');
    await mk('segunda', '2026-11-16');
    await mk('consciência negra', '2026-11-20');
    const viewer = { user: { id: me.userId }, permissions: {} } as unknown as Viewer;
    const tenant = { db: server.services.db, companyId, actorId: me.userId };
    const titles = async (scope: 'today' | 'overdue' | 'upcoming', today: string) => (await myTasks(server.services, tenant, viewer, scope, today)).map((t) => t.title);
    expect(await titles('overdue', '2026-11-16')).toEqual(['sexta']);
    expect(await titles('today', '2026-11-16')).toEqual(['sábado', 'domingo feriado', 'segunda']);
    expect(await titles('today', '2026-11-14')).toEqual(['sábado']);
    expect(await titles('overdue', '2026-11-14')).toEqual(['sexta']);
    // Monday 23rd: Friday the 20th was a holiday, so its task is today's, not late.
    expect(await titles('today', '2026-11-23')).toEqual(['consciência negra']);
    expect(await titles('overdue', '2026-11-23')).toEqual(['sexta', 'sábado', 'domingo feriado', 'segunda']);
    expect(await titles('upcoming', '2026-11-13')).toEqual(['sábado', 'domingo feriado', 'segunda', 'consciência negra']);
  });

  it('due-date reminders go once per task, again after the due date changes, never for done tasks', async () => {
    const me = await memberOf(server, companyId, 'vendas');
    const today = todayInBrazil();
    const a = (await task(me, { title: 'lembrar A', dueDate: today })).body;
    const b = (await task(me, { title: 'lembrar B', dueDate: addDays(today, -3) })).body;
    const c = (await task(me, { title: 'feita', dueDate: today })).body;
    await call(`/api/tasks/${c.id}`, me, { method: 'PATCH', json: { done: true } });
    (await task(me, { title: 'futura', dueDate: addDays(today, 5) })).body;
    notified.length = 0;
    await Promise.all([sendDueReminders(server.services), sendDueReminders(server.services)]);
    const mine = () => notified.filter((n) => n.kind === 'due' && n.userIds[0] === me.userId);
    expect(mine().map((n) => n.entity.id).sort()).toEqual([a.id, b.id].sort());
    expect(mine().find((n) => n.entity.id === a.id)!.title).toBe('Tarefa para hoje');
    expect(mine().find((n) => n.entity.id === b.id)!.title).toBe('Tarefa atrasada');
    await sendDueReminders(server.services);
    expect(mine()).toHaveLength(2);
    await call(`/api/tasks/${a.id}`, me, { method: 'PATCH', json: { dueDate: addDays(today, -1) } });
    await sendDueReminders(server.services);
    expect(mine()).toHaveLength(3);
  });

  it('a personal task is seen by its creator, its assignee and admins; only the creator or an admin deletes', async () => {
    const t = (await task(vendas, { title: 'particular' })).body;
    expect((await call(`/api/tasks/${t.id}`, rh, { method: 'PATCH', json: { done: true } })).status).toBe(404);
    expect((await call(`/api/tasks/${t.id}`, admin, { method: 'PATCH', json: { title: 'revisto' } })).status).toBe(200);
    const shared = (await task(vendas, { title: 'da empresa', assigneeId: rh.userId, entityType: 'company', entityId: companyId })).body;
    expect((await call(`/api/tasks/${shared.id}`, rh, { method: 'PATCH', json: { done: true } })).status).toBe(200);
    const third = await memberOf(server, companyId, 'financeiro');
    expect((await call(`/api/tasks/${shared.id}`, third, { method: 'PATCH', json: { done: false } })).status).toBe(403);
    expect((await call(`/api/tasks/${shared.id}`, rh, { method: 'DELETE' })).status).toBe(403);
    const list = await call<{ tasks: Task[] }>(`/api/tasks?${onCompany()}`, third);
    expect(list.body.tasks.map((x) => x.id)).toContain(shared.id);
    expect(list.body.tasks.map((x) => x.id)).not.toContain(t.id);
    // Comments on a task follow the task.
    const onTask = await call(`/api/comments?entityType=task&entityId=${t.id}`, rh, { json: { body: 'x' } });
    expect(onTask.status).toBe(404);
    expect((await call(`/api/comments?entityType=task&entityId=${shared.id}`, rh, { json: { body: 'feito' } })).status).toBe(201);
    expect((await call(`/api/tasks/${shared.id}`, vendas, { method: 'DELETE' })).status).toBe(204);
    expect((await sql(server, `select count(*)::int as n from comments where entity_id = $1 and deleted_at is null`, [shared.id]))[0]!.n).toBe(0);
  });
});

describe('isolation', () => {
  it('another company’s member gets 404 for every comment and task id', async () => {
    const c = (await comment(vendas, 'segredo da empresa')).body;
    const t = (await task(vendas, { title: 'tarefa secreta', entityType: 'company', entityId: companyId })).body;
    const c2 = (await comment(vendas, 'apagar')).body;
    const t2 = (await task(vendas, { title: 'apagar', entityType: 'company', entityId: companyId })).body;
    await expectTenantIsolation(server, { owner: vendas, outsider, secrets: ['segredo da empresa', 'tarefa secreta', companyId] }, [
      { method: 'GET', path: `/api/comments?${onCompany()}` },
      { method: 'POST', path: `/api/comments?${onCompany()}`, body: { body: 'novo' }, ownerStatus: 201 },
      { method: 'PATCH', path: `/api/comments/${c.id}`, body: { body: 'editado' } },
      { method: 'DELETE', path: `/api/comments/${c2.id}`, ownerStatus: 204 },
      { method: 'GET', path: `/api/tasks?${onCompany()}` },
      { method: 'POST', path: '/api/tasks', body: { title: 'nova', entityType: 'company', entityId: companyId }, ownerStatus: 201 },
      { method: 'PATCH', path: `/api/tasks/${t.id}`, body: { done: true } },
      { method: 'DELETE', path: `/api/tasks/${t2.id}`, ownerStatus: 204 },
      { method: 'GET', path: `/api/comments?entityType=task&entityId=${t.id}` },
    ]);
    // The outsider's own lists never show the company's rows.
    const mine = await call<{ tasks: Task[] }>('/api/tasks/mine?scope=upcoming', outsider);
    expect(JSON.stringify(mine.body)).not.toContain('tarefa secreta');
    const [row] = await sql(server, 'select title, done_at from tasks where id = $1', [t.id]);
    expect(row!.title).toBe('tarefa secreta');
  });
});
