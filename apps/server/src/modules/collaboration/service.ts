import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { schema, type DbOrTx } from '@sede/db/client';
import { hasAnyPermission } from '@sede/shared/permissions';
import { COLLABORATION_MESSAGES as M, COMMENTS_PAGE_SIZE, isTaskOverdue, mentionedUserIds, myTaskBounds, type Comment, type CommentPage, type Mentionable, type MyTaskScope, type Task, type TaskContext, type TaskKind } from '@sede/shared/platform/collaboration';
import { isUuid } from '@sede/shared/platform/api';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { createdPages, type PageRequest } from '../../platform/cursor.ts';
import { entityDefinition } from '../../platform/entities.ts';
import { serverState } from '../../platform/module.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Services, Tenant } from '../../services.ts';
import { announceChange, notifyUsers } from './notify.ts';

const MAX_MENTIONS = 20;

const isAdmin = (viewer: Viewer) => hasAnyPermission(viewer.permissions, ['admin']);

/** A person's display name: profile name, else account name, else e-mail. */
const nameOf = (userIdColumn: SQL | PgColumn) =>
  sql<string>`(SELECT COALESCE(NULLIF(trim(concat_ws(' ', p.first_name, p.last_name)), ''), NULLIF(u.name, ''), u.email)
                 FROM "user" u LEFT JOIN profiles p ON p.id = u.id WHERE u.id = ${userIdColumn})`;

/** The entity must be of a registered type (else 400) and visible to the person (else 404; the check may 403). */
export async function ensureEntity(s: Services, tenant: Tenant, viewer: Viewer, entityType: string, entityId: string): Promise<void> {
  const def = entityDefinition(s, entityType);
  if (!def) throw badRequest(M.unknownEntity, 'UNKNOWN_ENTITY_TYPE');
  if (!(await def.canSee(tenant, entityId, viewer))) throw notFound(M.entityNotFound);
}

/** Whether the person may see the entity (an unregistered type or a 403 count as no). */
async function canSeeEntity(s: Services, tenant: Tenant, viewer: Viewer, entityType: string, entityId: string): Promise<boolean> {
  const def = entityDefinition(s, entityType);
  if (!def) return false;
  try {
    return await def.canSee(tenant, entityId, viewer);
  } catch {
    return false;
  }
}

const entityPath = (s: Services, type: string, id: string) => entityDefinition(s, type)?.path?.(id);

/** Those of `userIds` who are not members of the company. */
async function outsiders(db: DbOrTx, companyId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ userId: schema.companyMembers.userId })
    .from(schema.companyMembers)
    .where(and(eq(schema.companyMembers.companyId, companyId), inArray(schema.companyMembers.userId, userIds)));
  const members = new Set(rows.map((r) => r.userId));
  return userIds.filter((id) => !members.has(id));
}

async function checkMentions(db: DbOrTx, companyId: string, body: string): Promise<string[]> {
  const ids = mentionedUserIds(body);
  if (ids.length > MAX_MENTIONS) throw badRequest(M.tooManyMentions, 'TOO_MANY_MENTIONS');
  if ((await outsiders(db, companyId, ids)).length) throw badRequest(M.mentionOutsider, 'MENTION_OUTSIDE_COMPANY');
  return ids;
}

const excerpt = (body: string) => {
  const plain = body.replace(/@\[([^\]\n]{1,100})\]\([A-Za-z0-9_-]{1,100}\)/g, '@$1').replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 199)}…` : plain;
};

async function actorName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`COALESCE(NULLIF(trim(concat_ws(' ', ${schema.profiles.firstName}, ${schema.profiles.lastName})), ''), NULLIF(${schema.user.name}, ''), ${schema.user.email})` })
    .from(schema.user)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.user.id))
    .where(eq(schema.user.id, userId));
  return row?.name ?? 'Alguém';
}

// ---------------------------------------------------------------------------------------------
// Members a comment may mention

export async function listMentionable(tenant: Tenant, q: string | undefined): Promise<Mentionable[]> {
  const name = nameOf(schema.companyMembers.userId);
  const term = q?.trim().toLowerCase();
  const rows = await tenant.db
    .select({ userId: schema.companyMembers.userId, name })
    .from(schema.companyMembers)
    .where(
      and(
        eq(schema.companyMembers.companyId, tenant.companyId),
        term ? sql`position(${term} in lower(${name})) > 0` : undefined,
      ),
    )
    .orderBy(sql`lower(${name})`)
    .limit(20);
  return rows.map((r) => ({ userId: r.userId, name: r.name }));
}

// ---------------------------------------------------------------------------------------------
// Comments

type CommentRow = typeof schema.comments.$inferSelect & { authorName: string | null };

const c0 = schema.comments;
const commentColumns = { ...getTableColumns(c0), authorName: nameOf(c0.authorId) };

function toComment(row: CommentRow, viewer: Viewer): Comment {
  const own = row.authorId !== null && row.authorId === viewer.user.id;
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    author: row.authorId ? { id: row.authorId, name: row.authorName ?? '' } : null,
    body: row.body,
    mentions: row.mentions,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    canEdit: own,
    canDelete: own || isAdmin(viewer),
  };
}

function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw badRequest(M.cursor, 'INVALID_CURSOR');
  return { createdAt, id };
}

/** A page of an entity's comments, newest first. */
export async function listComments(
  s: Services,
  tenant: Tenant,
  viewer: Viewer,
  q: { entityType: string; entityId: string; cursor?: string },
): Promise<CommentPage> {
  await ensureEntity(s, tenant, viewer, q.entityType, q.entityId);
  const c = schema.comments;
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const rows = await tenant.db
    .select(commentColumns)
    .from(c)
    .where(
      and(
        eq(c.companyId, tenant.companyId),
        eq(c.entityType, q.entityType),
        eq(c.entityId, q.entityId),
        isNull(c.deletedAt),
        after ? or(lt(c.createdAt, after.createdAt), and(eq(c.createdAt, after.createdAt), lt(c.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(COMMENTS_PAGE_SIZE + 1);
  const page = rows.slice(0, COMMENTS_PAGE_SIZE);
  return { comments: page.map((r) => toComment(r, viewer)), nextCursor: rows.length > COMMENTS_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null };
}

async function notifyMentions(s: Services, db: DbOrTx, tenant: Tenant, row: { entityType: string; entityId: string; body: string }, userIds: string[]) {
  const to = userIds.filter((id) => id !== tenant.actorId);
  if (!to.length) return;
  await notifyUsers(s, db, {
    companyId: tenant.companyId,
    userIds: to,
    kind: 'mention',
    actorId: tenant.actorId,
    title: `${await actorName(db, tenant.actorId)} mencionou você em um comentário`,
    body: excerpt(row.body),
    link: entityPath(s, row.entityType, row.entityId),
    entity: { type: row.entityType, id: row.entityId },
  });
}

export async function createComment(
  s: Services,
  tenant: Tenant,
  viewer: Viewer,
  target: { entityType: string; entityId: string },
  body: string,
): Promise<Comment> {
  await ensureEntity(s, tenant, viewer, target.entityType, target.entityId);
  return tenant.db.transaction(async (tx) => {
    const mentions = await checkMentions(tx, tenant.companyId, body);
    const [inserted] = await tx
      .insert(schema.comments)
      .values({ companyId: tenant.companyId, entityType: target.entityType, entityId: target.entityId, authorId: tenant.actorId, body, mentions })
      .returning();
    await notifyMentions(s, tx, tenant, inserted!, mentions);
    await announceChange(tx, { companyId: tenant.companyId, entity: 'comments', id: `${target.entityType}:${target.entityId}` });
    return toComment({ ...inserted!, authorName: await actorName(tx, tenant.actorId) }, viewer);
  });
}

/** A live comment of the company on an entity the person may see; anything else is 404. */
async function loadComment(s: Services, tenant: Tenant, viewer: Viewer, id: string, db: DbOrTx = tenant.db): Promise<CommentRow> {
  if (!isUuid(id)) throw notFound(M.commentNotFound);
  const c = schema.comments;
  const [row] = await db
    .select(commentColumns)
    .from(c)
    .where(and(eq(c.id, id), eq(c.companyId, tenant.companyId), isNull(c.deletedAt)))
    .limit(1);
  if (!row || !(await canSeeEntity(s, tenant, viewer, row.entityType, row.entityId))) throw notFound(M.commentNotFound);
  return row;
}

export async function updateComment(s: Services, tenant: Tenant, viewer: Viewer, id: string, body: string): Promise<Comment> {
  const row = await loadComment(s, tenant, viewer, id);
  if (row.authorId !== viewer.user.id) throw forbidden(M.commentForbidden);
  return tenant.db.transaction(async (tx) => {
    const mentions = await checkMentions(tx, tenant.companyId, body);
    const [updated] = await tx
      .update(schema.comments)
      .set({ body, mentions, editedAt: new Date() })
      .where(and(eq(schema.comments.id, id), eq(schema.comments.companyId, tenant.companyId), isNull(schema.comments.deletedAt)))
      .returning();
    if (!updated) throw notFound(M.commentNotFound);
    // Only people newly mentioned by the edit are notified.
    await notifyMentions(s, tx, tenant, updated, mentions.filter((m) => !row.mentions.includes(m)));
    await announceChange(tx, { companyId: tenant.companyId, entity: 'comments', id: `${row.entityType}:${row.entityId}` });
    return toComment({ ...updated, authorName: row.authorName }, viewer);
  });
}

export async function deleteComment(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<void> {
  const row = await loadComment(s, tenant, viewer, id);
  if (row.authorId !== viewer.user.id && !isAdmin(viewer)) throw forbidden(M.commentForbidden);
  await tenant.db.transaction(async (tx) => {
    // The row stays (deleted_at) without its text.
    await tx
      .update(schema.comments)
      .set({ body: '', mentions: [], deletedAt: new Date() })
      .where(and(eq(schema.comments.id, id), eq(schema.comments.companyId, tenant.companyId)));
    await logAudit(tx, tenant, { action: 'comment_deleted', entity: 'comment', id, details: { entityType: row.entityType, own: row.authorId === viewer.user.id } });
    await announceChange(tx, { companyId: tenant.companyId, entity: 'comments', id: `${row.entityType}:${row.entityId}` });
  });
}

// ---------------------------------------------------------------------------------------------
// Tasks

type TaskRow = typeof schema.tasks.$inferSelect & { assigneeName: string | null };
const t = schema.tasks;
const taskColumns = { ...getTableColumns(t), assigneeName: nameOf(t.assigneeId) };

const mayEditTask = (row: { createdBy: string | null; assigneeId: string | null }, viewer: Viewer) =>
  row.createdBy === viewer.user.id || row.assigneeId === viewer.user.id || isAdmin(viewer);

/**
 * Further assignees of a task kept by an area (decision 0305): a project task's assignees after
 * the first live in `project_tasks.assignee_ids`, `tasks.assignee_id` holding only the first.
 * The area registers, in its module's `start`, SQL giving the ids of the company's tasks a
 * person is assigned to (`SELECT <task id> …`) and the `(task_id, user_id)` pairs of some tasks;
 * 'Minhas tarefas', editing from it and the due-date reminders count every assignee through
 * them, in the same single query each (no query per task).
 */
export type TaskAssigneeSource = {
  tasksOf: (companyId: string, userId: string) => SQL;
  assigneesOf: (taskIds: readonly string[]) => SQL;
};
const assigneeSources = (s: Services) => serverState(s, 'collaboration.taskAssignees', () => [] as TaskAssigneeSource[]);
export function registerTaskAssignees(s: Services, source: TaskAssigneeSource): void {
  assigneeSources(s).push(source);
}

/** The ids of the company's tasks the person is assigned to: `tasks.assignee_id` and every registered source. */
function assignedTaskIds(s: Services, companyId: string, userId: string): SQL {
  const first = sql`SELECT id FROM tasks WHERE company_id = ${companyId} AND assignee_id = ${userId}`;
  return sql.join([first, ...assigneeSources(s).map((src) => src.tasksOf(companyId, userId))], sql` UNION ALL `);
}

/** Whether the person is one of the task's further assignees (a source's list). */
async function isFurtherAssignee(s: Services, tenant: Tenant, taskId: string, userId: string): Promise<boolean> {
  const sources = assigneeSources(s);
  if (!sources.length) return false;
  const res = await tenant.db.execute(
    sql`SELECT 1 WHERE ${taskId}::uuid IN (${sql.join(
      sources.map((src) => src.tasksOf(tenant.companyId, userId)),
      sql` UNION ALL `,
    )})`,
  );
  return res.rows.length > 0;
}
const mayDeleteTask = (row: { createdBy: string | null }, viewer: Viewer) => row.createdBy === viewer.user.id || isAdmin(viewer);

function toTask(row: TaskRow, viewer: Viewer, today = todayInBrazil(), assigned = false): Task {
  const doneAt = row.doneAt?.toISOString() ?? null;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    kind: row.kind as TaskKind,
    assignee: row.assigneeId ? { id: row.assigneeId, name: row.assigneeName ?? '' } : null,
    dueDate: row.dueDate,
    overdue: isTaskOverdue(row.dueDate, doneAt, today),
    doneAt,
    entityType: row.entityType,
    entityId: row.entityId,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    canEdit: assigned || mayEditTask(row, viewer),
    canDelete: mayDeleteTask(row, viewer),
  };
}

/**
 * Who sees a task (decision 0131): a task linked to an entity, whoever sees the entity; a task
 * on its own (a personal to-do), its creator, its assignee and the company's admins.
 */
async function canSeeTask(s: Services, tenant: Tenant, viewer: Viewer, row: { createdBy: string | null; assigneeId: string | null; entityType: string | null; entityId: string | null }) {
  if (row.entityType && row.entityId) return canSeeEntity(s, tenant, viewer, row.entityType, row.entityId);
  return row.createdBy === viewer.user.id || row.assigneeId === viewer.user.id || isAdmin(viewer);
}

async function loadTask(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<TaskRow> {
  if (!isUuid(id)) throw notFound(M.taskNotFound);
  const [row] = await tenant.db.select(taskColumns).from(t).where(and(eq(t.id, id), eq(t.companyId, tenant.companyId))).limit(1);
  if (!row || !(await canSeeTask(s, tenant, viewer, row))) throw notFound(M.taskNotFound);
  return row;
}

/** The `task` entity (comments and files on a task): whoever sees the task. */
export async function taskIsVisible(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<boolean> {
  try {
    await loadTask(s, tenant, viewer, id);
    return true;
  } catch {
    return false;
  }
}

/** 'Minhas tarefas': the tasks the person is assigned to, as first assignee or any other (decision 0305). */
export async function myTasks(s: Services, tenant: Tenant, viewer: Viewer, scope: MyTaskScope, today = todayInBrazil()): Promise<Task[]> {
  const { lastOverdue } = myTaskBounds(today);
  const mine = assigneeSources(s).length
    ? and(eq(t.companyId, tenant.companyId), sql`${t.id} IN (${assignedTaskIds(s, tenant.companyId, tenant.actorId)})`)
    : and(eq(t.companyId, tenant.companyId), eq(t.assigneeId, tenant.actorId));
  const open = isNull(t.doneAt);
  const q = tenant.db.select(taskColumns).from(t);
  let rows: TaskRow[];
  if (scope === 'today') rows = await q.where(and(mine, open, gt(t.dueDate, lastOverdue), lte(t.dueDate, today))).orderBy(asc(t.dueDate), asc(t.createdAt)).limit(200);
  else if (scope === 'overdue') rows = await q.where(and(mine, open, lte(t.dueDate, lastOverdue))).orderBy(asc(t.dueDate), asc(t.createdAt)).limit(200);
  else if (scope === 'upcoming')
    rows = await q
      .where(and(mine, open, or(gt(t.dueDate, today), isNull(t.dueDate))))
      .orderBy(sql`${t.dueDate} asc nulls last`, asc(t.createdAt))
      .limit(200);
  else rows = await q.where(and(mine, isNotNull(t.doneAt))).orderBy(desc(t.doneAt)).limit(100);
  const contexts = await taskContexts(s, tenant, viewer, rows);
  return rows.map((r) => Object.assign(toTask(r, viewer, today, true), { context: contexts.get(`${r.entityType}:${r.entityId}`) ?? null }));
}

/** Where each task lives, named by its area (decision 0423): one call per entity type, for the entities the person may see. */
async function taskContexts(s: Services, tenant: Tenant, viewer: Viewer, rows: TaskRow[]): Promise<Map<string, TaskContext>> {
  const byType = new Map<string, Set<string>>();
  for (const r of rows) if (r.entityType && r.entityId) byType.set(r.entityType, (byType.get(r.entityType) ?? new Set()).add(r.entityId));
  const out = new Map<string, TaskContext>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      const def = entityDefinition(s, type);
      if (!def?.names) return;
      const names = await def.names.of(tenant, viewer, [...ids]);
      for (const [id, name] of names) out.set(`${type}:${id}`, { kind: def.names.kind, name, path: def.path?.(id) ?? null });
    }),
  );
  return out;
}

/** The filters of a page of tasks (the public API, decision 0646). */
export type TaskPageQuery = PageRequest & {
  entityType?: string;
  entityId?: string;
  /** Only tasks on these entity types, or on none (a personal to-do). */
  entityTypes?: readonly string[];
  kind?: TaskKind;
  assigneeId?: string;
  done?: boolean;
};
const taskPages = createdPages(t.createdAt, t.id, t.updatedAt, 'asc');

/**
 * Tasks page by page, oldest first, filtered, and only those the person may see (decision 0131):
 * a page may hold fewer than `limit` tasks when some are hidden; the cursor goes on after them.
 */
export async function tasksPage(s: Services, tenant: Tenant, viewer: Viewer, q: TaskPageQuery): Promise<{ items: Task[]; nextCursor: string | null }> {
  if (q.entityType && q.entityId) await ensureEntity(s, tenant, viewer, q.entityType, q.entityId);
  const where = [
    eq(t.companyId, tenant.companyId),
    taskPages.where(q),
    q.entityType ? eq(t.entityType, q.entityType) : undefined,
    q.entityId ? eq(t.entityId, q.entityId) : undefined,
    q.entityTypes ? or(isNull(t.entityType), q.entityTypes.length ? inArray(t.entityType, [...q.entityTypes]) : undefined) : undefined,
    q.kind ? eq(t.kind, q.kind) : undefined,
    q.assigneeId ? eq(t.assigneeId, q.assigneeId) : undefined,
    q.done === undefined ? undefined : q.done ? isNotNull(t.doneAt) : isNull(t.doneAt),
  ];
  const rows = await tenant.db
    .select(taskColumns)
    .from(t)
    .where(and(...where))
    .orderBy(...taskPages.orderBy)
    .limit(q.limit + 1);
  const found = taskPages.page(rows, q, (r) => r);
  // One check per entity on the page, not per task.
  const checks = new Map<string, Promise<boolean>>();
  const seen = await Promise.all(
    found.items.map((r) => {
      const key = r.entityType && r.entityId ? `${r.entityType}:${r.entityId}` : `own:${r.id}`;
      if (!checks.has(key)) checks.set(key, canSeeTask(s, tenant, viewer, r));
      return checks.get(key)!;
    }),
  );
  return { items: found.items.filter((_, i) => seen[i]).map((r) => toTask(r, viewer)), nextCursor: found.nextCursor };
}

/** One task, as the person may see it (404 otherwise). */
export async function getTask(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<Task> {
  return toTask(await loadTask(s, tenant, viewer, id), viewer);
}

export async function entityTasks(s: Services, tenant: Tenant, viewer: Viewer, entityType: string, entityId: string): Promise<Task[]> {
  await ensureEntity(s, tenant, viewer, entityType, entityId);
  const rows = await tenant.db
    .select(taskColumns)
    .from(t)
    .where(and(eq(t.companyId, tenant.companyId), eq(t.entityType, entityType), eq(t.entityId, entityId)))
    .orderBy(sql`${t.doneAt} is not null`, sql`${t.dueDate} asc nulls last`, asc(t.createdAt))
    .limit(500);
  return rows.map((r) => toTask(r, viewer));
}

async function checkAssignee(db: DbOrTx, companyId: string, assigneeId: string | null | undefined) {
  if (assigneeId && (await outsiders(db, companyId, [assigneeId])).length) throw badRequest(M.assigneeOutsider, 'ASSIGNEE_OUTSIDE_COMPANY');
}

async function notifyAssignment(s: Services, db: DbOrTx, tenant: Tenant, row: { id: string; title: string; assigneeId: string | null; entityType: string | null; entityId: string | null }) {
  if (!row.assigneeId || row.assigneeId === tenant.actorId) return;
  await notifyUsers(s, db, {
    companyId: tenant.companyId,
    userIds: [row.assigneeId],
    kind: 'assignment',
    actorId: tenant.actorId,
    title: `${await actorName(db, tenant.actorId)} atribuiu uma tarefa a você`,
    body: row.title,
    link: row.entityType && row.entityId ? entityPath(s, row.entityType, row.entityId) : '/empresa',
    entity: { type: 'task', id: row.id },
  });
}

export type TaskInput = {
  title: string;
  description?: string;
  kind?: TaskKind;
  assigneeId?: string | null;
  dueDate?: string | null;
  entityType?: string;
  entityId?: string;
};

export async function createTask(s: Services, tenant: Tenant, viewer: Viewer, input: TaskInput): Promise<Task> {
  if (input.entityType && input.entityId) await ensureEntity(s, tenant, viewer, input.entityType, input.entityId);
  return tenant.db.transaction(async (tx) => {
    // A task without an assignee is the creator's.
    const assigneeId = input.assigneeId === undefined ? tenant.actorId : input.assigneeId;
    await checkAssignee(tx, tenant.companyId, assigneeId);
    const [row] = await tx
      .insert(t)
      .values({
        companyId: tenant.companyId,
        title: input.title,
        description: input.description ?? '',
        kind: input.kind ?? 'task',
        assigneeId,
        dueDate: input.dueDate ?? null,
        entityType: input.entityType ?? null,
        entityId: input.entityId ?? null,
        createdBy: tenant.actorId,
      })
      .returning({ id: t.id });
    const [created] = await tx.select(taskColumns).from(t).where(eq(t.id, row!.id));
    await notifyAssignment(s, tx, tenant, created!);
    await announceChange(tx, { companyId: tenant.companyId, entity: 'tasks', id: created!.id });
    return toTask(created!, viewer);
  });
}

export async function updateTask(
  s: Services,
  tenant: Tenant,
  viewer: Viewer,
  id: string,
  patch: Omit<Partial<TaskInput>, 'entityType' | 'entityId'> & { done?: boolean },
): Promise<Task> {
  const before = await loadTask(s, tenant, viewer, id);
  // A project task's further assignees may edit it from 'Minhas tarefas' too (decision 0305).
  const further = !mayEditTask(before, viewer) && (await isFurtherAssignee(s, tenant, id, viewer.user.id));
  if (!mayEditTask(before, viewer) && !further) throw forbidden(M.taskForbidden);
  return tenant.db.transaction(async (tx) => {
    if (patch.assigneeId !== undefined) await checkAssignee(tx, tenant.companyId, patch.assigneeId);
    const set: Partial<typeof t.$inferInsert> = { updatedAt: new Date() };
    if (patch.title !== undefined) set.title = patch.title;
    if (patch.description !== undefined) set.description = patch.description;
    if (patch.kind !== undefined) set.kind = patch.kind;
    if (patch.assigneeId !== undefined) set.assigneeId = patch.assigneeId;
    if (patch.dueDate !== undefined && patch.dueDate !== before.dueDate) {
      set.dueDate = patch.dueDate;
      set.dueNotifiedAt = null; // a new due date gets its own reminder
    }
    if (patch.done !== undefined) set.doneAt = patch.done ? (before.doneAt ?? new Date()) : null;
    await tx.update(t).set(set).where(and(eq(t.id, id), eq(t.companyId, tenant.companyId)));
    const [after] = await tx.select(taskColumns).from(t).where(eq(t.id, id));
    if (after!.assigneeId !== before.assigneeId) await notifyAssignment(s, tx, tenant, after!);
    await announceChange(tx, { companyId: tenant.companyId, entity: 'tasks', id });
    return toTask(after!, viewer, undefined, further);
  });
}

export async function deleteTask(s: Services, tenant: Tenant, viewer: Viewer, id: string): Promise<void> {
  const row = await loadTask(s, tenant, viewer, id);
  if (!mayDeleteTask(row, viewer)) throw forbidden(M.taskDeleteForbidden);
  await tenant.db.transaction(async (tx) => {
    await tx
      .update(schema.comments)
      .set({ body: '', mentions: [], deletedAt: new Date() })
      .where(and(eq(schema.comments.companyId, tenant.companyId), eq(schema.comments.entityType, 'task'), eq(schema.comments.entityId, id)));
    await tx.delete(t).where(and(eq(t.id, id), eq(t.companyId, tenant.companyId)));
    await logAudit(tx, tenant, { action: 'task_deleted', entity: 'task', id, details: { kind: row.kind } });
    await announceChange(tx, { companyId: tenant.companyId, entity: 'tasks', id });
  });
}

/**
 * The due-date reminder (decision 0131): every open, assigned task due today or earlier whose
 * reminder was not sent gets one `due` notification, once (the UPDATE … RETURNING claims it, so
 * two instances never both send it). Returns how many were sent.
 */
export async function sendDueReminders(s: Services, today = todayInBrazil()): Promise<number> {
  return s.db.transaction(async (tx) => {
    const claimed = await tx
      .update(t)
      .set({ dueNotifiedAt: new Date() })
      .where(
        sql`${t.id} in (select id from tasks where done_at is null and due_notified_at is null and assignee_id is not null
                         and due_date <= ${today} order by due_date limit 1000 for update skip locked)`,
      )
      .returning({ id: t.id, companyId: t.companyId, title: t.title, assigneeId: t.assigneeId, dueDate: t.dueDate, entityType: t.entityType, entityId: t.entityId });
    // Every assignee of a task gets its reminder (decision 0305): the sources' pairs for the claimed tasks, in one query.
    const further = new Map<string, string[]>();
    const sources = assigneeSources(s);
    if (claimed.length && sources.length) {
      const ids = claimed.map((r) => r.id);
      const res = await tx.execute(sql.join(sources.map((src) => src.assigneesOf(ids)), sql` UNION ALL `));
      for (const p of res.rows as Array<{ task_id: string; user_id: string }>) further.set(p.task_id, [...(further.get(p.task_id) ?? []), p.user_id]);
    }
    for (const row of claimed) {
      await notifyUsers(s, tx, {
        companyId: row.companyId,
        userIds: [...new Set([row.assigneeId!, ...(further.get(row.id) ?? [])])],
        kind: 'due',
        actorId: null,
        title: row.dueDate === today ? 'Tarefa para hoje' : 'Tarefa atrasada',
        body: row.title,
        link: row.entityType && row.entityId ? entityPath(s, row.entityType, row.entityId) : '/empresa',
        entity: { type: 'task', id: row.id },
      });
    }
    return claimed.length;
  });
}
