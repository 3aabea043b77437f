import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { POSITION_STEP, positionBetween } from '@sede/shared/crm/position';
import type { DocContent } from '@sede/shared/documents/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { richTextToPlain } from '@sede/shared/platform/rich-text';
import { burnUpSeries, cycleTime, progressOf } from '@sede/shared/projects/metrics';
import { isUuid, MAX_COLUMNS, PROJECTS_MESSAGES as M, type Board, type BoardColumn, type BoardFilters, type ChecklistItem, type Column, type ColumnPage, type Dashboard, type Person, type Project, type ProjectListQuery, type ProjectStatus, type TaskCard, type TaskDetail, type TaskMoved, type TaskPriority, type columnCreateSchema, type columnUpdateSchema, type projectCreateSchema, type projectUpdateSchema, type taskCreateSchema, type taskMoveSchema, type taskUpdateSchema } from '@sede/shared/projects/schemas';
import { DEFAULT_COLUMNS, templateByKey } from '@sede/shared/projects/templates';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { dropPosition, moveNeighbours } from '../../platform/card-position.ts';
import { createdPages, decodeCursor, encodeCursor, type PageRequest } from '../../platform/cursor.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { isLiveOrganization } from '../parties/public.ts';

const PR = schema.projects;
const PM = schema.projectMembers;
const PC = schema.projectColumns;
const PT = schema.projectTasks;
const T = schema.tasks;

/** Live updates: every change of a project's board announces the project (ids only). */
export const projectChanged = (db: DbOrTx, t: Tenant, projectId: string, action = 'updated') => announce(db, { companyId: t.companyId, entity: 'project', id: projectId, action });
/** The 'Minhas tarefas' of these assignees refetch (decision 0305). */
const assigneesChanged = (db: DbOrTx, t: Tenant, taskId: string, userIds: readonly string[]) => announce(db, { companyId: t.companyId, entity: 'tasks', id: taskId, userIds });

const iso = (v: Date | string | null | undefined) => (v == null ? null : new Date(v).toISOString());

// ---------------------------------------------------------------------------------------------
// People: the company's members and their display names (one query per request).

export async function memberNames(db: DbOrTx, companyId: string): Promise<Map<string, string>> {
  const res = await db.execute(sql`
    SELECT m.user_id, COALESCE(NULLIF(trim(concat_ws(' ', pr.first_name, pr.last_name)), ''), NULLIF(u.name, ''), u.email) AS name
    FROM company_members m JOIN "user" u ON u.id = m.user_id LEFT JOIN profiles pr ON pr.id = m.user_id
    WHERE m.company_id = ${companyId}`);
  return new Map((res.rows as Array<{ user_id: string; name: string }>).map((r) => [r.user_id, r.name]));
}
const person = (names: Map<string, string>, id: string): Person => ({ id, name: names.get(id) ?? 'Ex-membro' });

function checkMembers(names: Map<string, string>, ids: ReadonlyArray<string | null | undefined>) {
  for (const id of ids) if (id && !names.has(id)) throw badRequest(M.memberInvalid, 'MEMBER_INVALID');
}

async function checkOrganization(db: DbOrTx, companyId: string, id: string | null | undefined) {
  if (id && !(await isLiveOrganization(db, companyId, id))) throw badRequest(M.organizationInvalid, 'ORGANIZATION_INVALID');
}

// ---------------------------------------------------------------------------------------------
// Projects

type ProjectRow = typeof PR.$inferSelect & { organizationName: string | null; taskCount: number; doneCount: number; memberIds: string[] };


async function projectRows(db: DbOrTx, companyId: string, where: ReturnType<typeof sql> | undefined, withCounts = true, paging?: { orderBy: SQL[]; limit: number }): Promise<ProjectRow[]> {
  const res = await db.execute(sql`
    SELECT p.*, COALESCE(o.nome_fantasia, o.razao_social) AS organization_name,
      ${
        withCounts
          ? sql`(SELECT count(*)::int FROM project_tasks pt WHERE pt.project_id = p.id) AS task_count,
      (SELECT count(*)::int FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id WHERE pt.project_id = p.id AND t.done_at IS NOT NULL) AS done_count,`
          : sql`0 AS task_count, 0 AS done_count,`
      }
      COALESCE((SELECT array_agg(pm.user_id ORDER BY pm.created_at) FROM project_members pm WHERE pm.project_id = p.id), '{}') AS member_ids
    FROM projects p LEFT JOIN organizations o ON o.id = p.organization_id AND o.deleted_at IS NULL
    WHERE p.company_id = ${companyId} ${where ? sql`AND ${where}` : sql``}
    ORDER BY ${paging ? sql.join(paging.orderBy, sql`, `) : sql`p.created_at DESC, p.id DESC`}
    LIMIT ${paging?.limit ?? 500}`);
  return (res.rows as Array<Record<string, unknown>>).map((r) => ({
    id: r.id as string,
    companyId: r.company_id as string,
    name: r.name as string,
    description: r.description as string,
    organizationId: r.organization_id as string | null,
    ownerId: r.owner_id as string | null,
    startDate: r.start_date as string | null,
    endDate: r.end_date as string | null,
    status: r.status as string,
    createdBy: r.created_by as string | null,
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    organizationName: r.organization_name as string | null,
    taskCount: Number(r.task_count),
    doneCount: Number(r.done_count),
    memberIds: (r.member_ids as string[]) ?? [],
  }));
}

const dateStr = (v: unknown) => (v == null ? null : typeof v === 'string' ? v.slice(0, 10) : (v as Date).toISOString().slice(0, 10));

function toProject(r: ProjectRow, names: Map<string, string>): Project {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    status: r.status as ProjectStatus,
    organization: r.organizationId && r.organizationName ? { id: r.organizationId, name: r.organizationName } : null,
    owner: r.ownerId ? person(names, r.ownerId) : null,
    members: r.memberIds.map((id) => person(names, id)),
    startDate: dateStr(r.startDate),
    endDate: dateStr(r.endDate),
    taskCount: r.taskCount,
    doneCount: r.doneCount,
    progress: progressOf(r.doneCount, r.taskCount),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function projectExists(db: DbOrTx, companyId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db.select({ id: PR.id }).from(PR).where(and(eq(PR.id, id), eq(PR.companyId, companyId)));
  return Boolean(row);
}
/** The names of those of `ids` that are projects of the company ('Minhas tarefas' names a task's project, decision 0423). */
export async function projectNames(db: DbOrTx, companyId: string, ids: string[]): Promise<Map<string, string>> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Map();
  const rows = await db.select({ id: PR.id, name: PR.name }).from(PR).where(and(eq(PR.companyId, companyId), inArray(PR.id, valid)));
  return new Map(rows.map((r) => [r.id, r.name]));
}
async function requireProject(db: DbOrTx, companyId: string, id: string) {
  if (!(await projectExists(db, companyId, id))) throw notFound(M.projectNotFound);
}

function projectFilters(q: ProjectListQuery) {
  return [
    q.status ? sql`p.status = ${q.status}` : undefined,
    q.q ? sql`p.name ILIKE ${`%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
    q.ownerId ? sql`p.owner_id = ${q.ownerId}` : undefined,
    q.organizationId ? sql`p.organization_id = ${q.organizationId}` : undefined,
  ].filter(Boolean) as Array<ReturnType<typeof sql>>;
}

export async function listProjects(t: Tenant, q: ProjectListQuery): Promise<Project[]> {
  const conds = projectFilters(q);
  const where = conds.length ? sql.join(conds, sql` AND `) : undefined;
  const [rows, names] = await Promise.all([projectRows(t.db, t.companyId, where), memberNames(t.db, t.companyId)]);
  return rows.map((r) => toProject(r, names));
}

const projectPages = createdPages(sql`p.created_at`, sql`p.id`, sql`p.updated_at`, 'asc');
/** The projects page by page, oldest first, with the same filters (the public API, decision 0645). */
export async function projectsPage(t: Tenant, q: ProjectListQuery & PageRequest) {
  const conds = [...projectFilters(q), projectPages.where(q)].filter((c): c is SQL => c !== undefined);
  const where = conds.length ? sql.join(conds, sql` AND `) : undefined;
  const [rows, names] = await Promise.all([projectRows(t.db, t.companyId, where, true, { orderBy: projectPages.orderBy, limit: q.limit + 1 }), memberNames(t.db, t.companyId)]);
  const found = projectPages.page(rows, q, (r) => r);
  return { items: found.items.map((r) => toProject(r, names)), nextCursor: found.nextCursor };
}

export async function getProject(t: Tenant, id: string, db: DbOrTx = t.db): Promise<Project> {
  if (!isUuid(id)) throw notFound(M.projectNotFound);
  const [rows, names] = await Promise.all([projectRows(db, t.companyId, sql`p.id = ${id}`), memberNames(db, t.companyId)]);
  if (!rows[0]) throw notFound(M.projectNotFound);
  return toProject(rows[0], names);
}

async function setMembers(tx: DbOrTx, t: Tenant, projectId: string, ids: readonly string[]) {
  await tx.delete(PM).where(and(eq(PM.companyId, t.companyId), eq(PM.projectId, projectId)));
  const unique = [...new Set(ids)];
  if (unique.length) await tx.insert(PM).values(unique.map((userId) => ({ companyId: t.companyId, projectId, userId })));
}

/** A project, blank, from a template or with reviewed tasks (AI brief): the project, its columns and tasks in one transaction. */
export async function createProject(t: Tenant, input: z.output<typeof projectCreateSchema>): Promise<{ project: Project; assigned: string[] }> {
  const template = input.template !== undefined ? templateByKey(input.template) : undefined;
  if (input.template !== undefined && !template) throw badRequest(M.templateInvalid, 'TEMPLATE_INVALID');
  const names = await memberNames(t.db, t.companyId);
  const ownerId = input.ownerId === undefined ? t.actorId : input.ownerId;
  const memberIds = input.memberIds ?? [];
  checkMembers(names, [ownerId, ...memberIds]);
  await checkOrganization(t.db, t.companyId, input.organizationId);
  const columns = input.columns ?? template?.columns ?? [...DEFAULT_COLUMNS];
  const tasks = input.tasks ?? template?.tasks ?? [];
  const id = await t.db.transaction(async (tx) => {
    const [p] = await tx
      .insert(PR)
      .values({
        companyId: t.companyId,
        name: input.name,
        description: input.description ?? template?.description ?? '',
        organizationId: input.organizationId ?? null,
        ownerId,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        status: input.status ?? 'planejado',
        createdBy: t.actorId,
      })
      .returning({ id: PR.id });
    const projectId = p!.id;
    await setMembers(tx, t, projectId, [...(ownerId ? [ownerId] : []), ...memberIds]);
    const cols = await tx
      .insert(PC)
      .values(columns.map((name, i) => ({ companyId: t.companyId, projectId, name, position: i, isDone: i === columns.length - 1 && columns.length > 1 })))
      .returning({ id: PC.id, position: PC.position, isDone: PC.isDone });
    cols.sort((a, b) => a.position - b.position);
    if (tasks.length) {
      const created = await tx
        .insert(T)
        .values(tasks.map((task) => ({ companyId: t.companyId, title: task.title, description: task.description ?? '', kind: 'task', assigneeId: null, entityType: 'project', entityId: projectId, createdBy: t.actorId })))
        .returning({ id: T.id });
      const perColumn = new Map<number, number>();
      await tx.insert(PT).values(
        created.map((row, i) => {
          const ci = Math.min(tasks[i]!.column ?? 0, cols.length - 1);
          const n = (perColumn.get(ci) ?? 0) + 1;
          perColumn.set(ci, n);
          return { taskId: row.id, companyId: t.companyId, projectId, columnId: cols[ci]!.id, position: n * POSITION_STEP, priority: tasks[i]!.priority ?? 'media' };
        }),
      );
      const doneCol = cols.findIndex((c) => c.isDone);
      if (doneCol >= 0) await tx.execute(sql`UPDATE tasks SET done_at = now() WHERE id IN (SELECT task_id FROM project_tasks WHERE project_id = ${projectId} AND column_id = ${cols[doneCol]!.id})`);
    }
    await projectChanged(tx, t, projectId, 'created');
    return projectId;
  });
  return { project: await getProject(t, id), assigned: memberIds.filter((m) => m !== t.actorId) };
}

export async function updateProject(t: Tenant, id: string, input: z.output<typeof projectUpdateSchema>): Promise<{ project: Project; added: string[] }> {
  const before = await getProject(t, id);
  const names = await memberNames(t.db, t.companyId);
  checkMembers(names, [input.ownerId, ...(input.memberIds ?? [])]);
  await checkOrganization(t.db, t.companyId, input.organizationId);
  const start = input.startDate === undefined ? before.startDate : input.startDate;
  const end = input.endDate === undefined ? before.endDate : input.endDate;
  if (start && end && end < start) throw badRequest(M.datesOrder);
  const set: Partial<typeof PR.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.organizationId !== undefined) set.organizationId = input.organizationId;
  if (input.ownerId !== undefined) set.ownerId = input.ownerId;
  if (input.startDate !== undefined) set.startDate = input.startDate;
  if (input.endDate !== undefined) set.endDate = input.endDate;
  if (input.status !== undefined) set.status = input.status;
  await t.db.transaction(async (tx) => {
    await tx.update(PR).set(set).where(and(eq(PR.id, id), eq(PR.companyId, t.companyId)));
    if (input.memberIds !== undefined) await setMembers(tx, t, id, input.memberIds);
    await projectChanged(tx, t, id);
  });
  const had = new Set(before.members.map((m) => m.id));
  return { project: await getProject(t, id), added: (input.memberIds ?? []).filter((m) => !had.has(m) && m !== t.actorId) };
}

/** Deletes the project, its board and its tasks (platform rows and their comments), audited. */
export async function deleteProject(t: Tenant, id: string) {
  const p = await getProject(t, id);
  await t.db.transaction(async (tx) => {
    const ids = sql`SELECT task_id::text FROM project_tasks WHERE project_id = ${id} AND company_id = ${t.companyId}`;
    await tx.execute(sql`DELETE FROM comments WHERE company_id = ${t.companyId} AND entity_type = 'task' AND entity_id IN (${ids})`);
    await tx.execute(sql`DELETE FROM comments WHERE company_id = ${t.companyId} AND entity_type = 'project' AND entity_id = ${id}`);
    await tx.execute(sql`DELETE FROM tasks WHERE company_id = ${t.companyId} AND id IN (SELECT task_id FROM project_tasks WHERE project_id = ${id})`);
    await tx.delete(PR).where(and(eq(PR.id, id), eq(PR.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'project_deleted', entity: 'project', id, details: { tasks: p.taskCount } });
    await projectChanged(tx, t, id, 'deleted');
  });
}

// ---------------------------------------------------------------------------------------------
// Columns

const toColumn = (r: typeof PC.$inferSelect): Column => ({ id: r.id, name: r.name, position: r.position, isDone: r.isDone });

async function columnsOf(db: DbOrTx, companyId: string, projectId: string) {
  return db.select().from(PC).where(and(eq(PC.companyId, companyId), eq(PC.projectId, projectId))).orderBy(asc(PC.position), asc(PC.createdAt));
}
async function columnRow(db: DbOrTx, companyId: string, id: string) {
  if (!isUuid(id)) throw notFound(M.columnNotFound);
  const [row] = await db.select().from(PC).where(and(eq(PC.id, id), eq(PC.companyId, companyId)));
  if (!row) throw notFound(M.columnNotFound);
  return row;
}

export async function listColumns(t: Tenant, projectId: string): Promise<Column[]> {
  await requireProject(t.db, t.companyId, projectId);
  return (await columnsOf(t.db, t.companyId, projectId)).map(toColumn);
}

export async function addColumn(t: Tenant, projectId: string, input: z.output<typeof columnCreateSchema>): Promise<Column> {
  await requireProject(t.db, t.companyId, projectId);
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM projects WHERE id = ${projectId} FOR UPDATE`);
    const cols = await columnsOf(tx, t.companyId, projectId);
    if (cols.length >= MAX_COLUMNS) throw badRequest(M.tooManyColumns, 'TOO_MANY_COLUMNS');
    const [row] = await tx
      .insert(PC)
      .values({ companyId: t.companyId, projectId, name: input.name, isDone: input.isDone ?? false, position: (cols.at(-1)?.position ?? -1) + 1 })
      .returning();
    await projectChanged(tx, t, projectId);
    return toColumn(row!);
  });
}

export async function updateColumn(t: Tenant, id: string, input: z.output<typeof columnUpdateSchema>): Promise<Column> {
  const col = await columnRow(t.db, t.companyId, id);
  return t.db.transaction(async (tx) => {
    const set: Partial<typeof PC.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.isDone !== undefined) set.isDone = input.isDone;
    const [row] = Object.keys(set).length ? await tx.update(PC).set(set).where(eq(PC.id, id)).returning() : [col];
    if (input.isDone !== undefined && input.isDone !== col.isDone) {
      await tx.execute(
        input.isDone
          ? sql`UPDATE tasks SET done_at = now(), updated_at = now() WHERE done_at IS NULL AND id IN (SELECT task_id FROM project_tasks WHERE column_id = ${id})`
          : sql`UPDATE tasks SET done_at = NULL, updated_at = now() WHERE id IN (SELECT task_id FROM project_tasks WHERE column_id = ${id})`,
      );
    }
    await projectChanged(tx, t, col.projectId);
    return toColumn(row!);
  });
}

export async function reorderColumns(t: Tenant, projectId: string, ids: readonly string[]): Promise<Column[]> {
  await requireProject(t.db, t.companyId, projectId);
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM projects WHERE id = ${projectId} FOR UPDATE`);
    const cols = await columnsOf(tx, t.companyId, projectId);
    const have = new Set(cols.map((c) => c.id));
    if (ids.length !== cols.length || new Set(ids).size !== ids.length || !ids.every((i) => have.has(i))) throw badRequest(M.columnOrderInvalid, 'COLUMN_ORDER_INVALID');
    for (const [i, cid] of ids.entries()) await tx.update(PC).set({ position: i }).where(eq(PC.id, cid));
    await projectChanged(tx, t, projectId);
    return (await columnsOf(tx, t.companyId, projectId)).map(toColumn);
  });
}

/** Deletes a column; its tasks move to `moveTo` (required when it has any), at the end. */
export async function deleteColumn(t: Tenant, id: string, moveTo: string | undefined): Promise<{ moved: number }> {
  const col = await columnRow(t.db, t.companyId, id);
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM projects WHERE id = ${col.projectId} FOR UPDATE`);
    const cols = await columnsOf(tx, t.companyId, col.projectId);
    if (cols.length <= 1) throw conflict(M.lastColumn, 'LAST_COLUMN');
    const [{ n } = { n: 0 }] = (await tx.execute(sql`SELECT count(*)::int AS n FROM project_tasks WHERE column_id = ${id}`)).rows as Array<{ n: number }>;
    let moved = 0;
    if (Number(n) > 0) {
      if (!moveTo) throw badRequest(M.moveToRequired, 'MOVE_TO_REQUIRED');
      if (moveTo === id) throw badRequest(M.moveToSameColumn, 'MOVE_TO_SAME');
      const target = cols.find((c) => c.id === moveTo);
      if (!target) throw notFound(M.columnNotFound);
      const [{ max } = { max: 0 }] = (await tx.execute(sql`SELECT COALESCE(max(position), 0)::float8 AS max FROM project_tasks WHERE column_id = ${moveTo}`)).rows as Array<{ max: number }>;
      const res = await tx.execute(sql`
        UPDATE project_tasks SET column_id = ${moveTo}, position = ${Number(max)} + ${POSITION_STEP} * r.n
        FROM (SELECT task_id, row_number() OVER (ORDER BY position, task_id) AS n FROM project_tasks WHERE column_id = ${id}) r
        WHERE project_tasks.task_id = r.task_id`);
      moved = res.rowCount ?? 0;
      if (target.isDone !== col.isDone)
        await tx.execute(
          target.isDone
            ? sql`UPDATE tasks SET done_at = now(), updated_at = now() WHERE done_at IS NULL AND id IN (SELECT task_id FROM project_tasks WHERE column_id = ${moveTo})`
            : sql`UPDATE tasks SET done_at = NULL, updated_at = now() WHERE id IN (SELECT pt.task_id FROM project_tasks pt WHERE pt.column_id = ${moveTo})`,
        );
    }
    await tx.delete(PC).where(eq(PC.id, id));
    const rest = cols.filter((c) => c.id !== id);
    for (const [i, c] of rest.entries()) if (c.position !== i) await tx.update(PC).set({ position: i }).where(eq(PC.id, c.id));
    await logAudit(tx, t, { action: 'project_column_deleted', entity: 'project_column', id, details: { moved } });
    await projectChanged(tx, t, col.projectId);
    return { moved };
  });
}

// ---------------------------------------------------------------------------------------------
// The board

type CardRow = {
  id: string;
  column_id: string;
  position: number;
  title: string;
  priority: string;
  labels: string[];
  assignee_ids: string[];
  due_date: string | null;
  done_at: Date | string | null;
  checklist_done: number;
  checklist_total: number;
};

const CARD_COLUMNS = sql`t.id, pt.column_id, pt.position, t.title, pt.priority, pt.labels, pt.assignee_ids, t.due_date::text AS due_date, t.done_at,
  (SELECT count(*) FROM jsonb_array_elements(pt.checklist) e WHERE (e->>'done')::boolean)::int AS checklist_done,
  jsonb_array_length(pt.checklist) AS checklist_total`;

function toCard(r: CardRow, names: Map<string, string>): TaskCard {
  return {
    id: r.id,
    columnId: r.column_id,
    position: Number(r.position),
    title: r.title,
    priority: r.priority as TaskPriority,
    labels: r.labels ?? [],
    assignees: (r.assignee_ids ?? []).map((id) => person(names, id)),
    dueDate: r.due_date,
    doneAt: iso(r.done_at),
    checklistDone: Number(r.checklist_done),
    checklistTotal: Number(r.checklist_total),
  };
}

function filterSql(f: BoardFilters, today: string) {
  const parts = [
    f.assigneeId ? sql`${f.assigneeId} = ANY(pt.assignee_ids)` : undefined,
    f.label ? sql`${f.label} = ANY(pt.labels)` : undefined,
    f.priority ? sql`pt.priority = ${f.priority}` : undefined,
    f.due === 'overdue' ? sql`t.done_at IS NULL AND t.due_date < ${today}::date` : undefined,
    f.due === 'week' ? sql`t.done_at IS NULL AND t.due_date >= ${today}::date AND t.due_date < ${today}::date + 7` : undefined,
    f.due === 'none' ? sql`t.due_date IS NULL` : undefined,
  ].filter(Boolean) as Array<ReturnType<typeof sql>>;
  return parts.length ? sql` AND ${sql.join(parts, sql` AND `)}` : sql``;
}

/** The board: the project, its columns with each one's count and first `limit` cards (filtered), and the labels in use. */
export async function board(t: Tenant, projectId: string, filters: BoardFilters, limit: number): Promise<Board> {
  if (!isUuid(projectId)) throw notFound(M.projectNotFound);
  const today = todayInBrazil();
  const f = filterSql(filters, today);
  const filtered = Object.values(filters).some(Boolean);
  // One round of parallel statements: the project (without its counts), the member names, the
  // columns, each column's first cards, the counts (every task, done, and those the filters keep), the labels.
  const [projects, names, cols, cards, counts, labels] = await Promise.all([
    projectRows(t.db, t.companyId, sql`p.id = ${projectId}`, false),
    memberNames(t.db, t.companyId),
    columnsOf(t.db, t.companyId, projectId),
    t.db.execute(sql`
      SELECT c.id AS col, x.* FROM project_columns c
      CROSS JOIN LATERAL (
        SELECT ${CARD_COLUMNS} FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id
        WHERE pt.company_id = ${t.companyId} AND pt.column_id = c.id ${f}
        ORDER BY pt.position, pt.task_id LIMIT ${limit + 1}
      ) x
      WHERE c.company_id = ${t.companyId} AND c.project_id = ${projectId}`),
    t.db.execute(sql`
      SELECT pt.column_id, count(*)::int AS total, count(t.done_at)::int AS done,
        ${filtered ? sql`count(*) FILTER (WHERE true ${f})::int` : sql`count(*)::int`} AS n
      FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id
      WHERE pt.company_id = ${t.companyId} AND pt.project_id = ${projectId} GROUP BY pt.column_id`),
    t.db.execute(sql`SELECT DISTINCT unnest(labels) AS label FROM project_tasks WHERE company_id = ${t.companyId} AND project_id = ${projectId} ORDER BY 1 LIMIT 200`),
  ]);
  const row = projects[0];
  if (!row) throw notFound(M.projectNotFound);
  const countRows = counts.rows as Array<{ column_id: string; total: number; done: number; n: number }>;
  row.taskCount = countRows.reduce((n, r) => n + Number(r.total), 0);
  row.doneCount = countRows.reduce((n, r) => n + Number(r.done), 0);
  const byCol = new Map<string, CardRow[]>();
  for (const r of cards.rows as Array<CardRow & { col: string }>) {
    const list = byCol.get(r.col) ?? [];
    list.push(r);
    byCol.set(r.col, list);
  }
  const countOf = new Map(countRows.map((r) => [r.column_id, Number(r.n)]));
  const columns: BoardColumn[] = cols.map((c) => {
    const rows = byCol.get(c.id) ?? [];
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      ...toColumn(c),
      count: countOf.get(c.id) ?? 0,
      items: page.map((r) => toCard(r, names)),
      nextCursor: rows.length > limit && last ? encodeCursor(Number(last.position), last.id) : null,
    };
  });
  return { project: toProject(row, names), columns, labels: (labels.rows as Array<{ label: string }>).map((r) => r.label) };
}

export async function columnPage(t: Tenant, projectId: string, columnId: string, filters: BoardFilters, cursor: string, limit: number): Promise<ColumnPage> {
  const [pos, after] = decodeCursor(cursor, M.cursorInvalid, 'CURSOR_INVALID');
  const col = await columnRow(t.db, t.companyId, columnId);
  if (col.projectId !== projectId) throw notFound(M.columnNotFound);
  const names = await memberNames(t.db, t.companyId);
  const res = await t.db.execute(sql`
    SELECT ${CARD_COLUMNS} FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id
    WHERE pt.company_id = ${t.companyId} AND pt.column_id = ${columnId} AND (pt.position, pt.task_id) > (${pos}::float8, ${after}::uuid) ${filterSql(filters, todayInBrazil())}
    ORDER BY pt.position, pt.task_id LIMIT ${limit + 1}`);
  const rows = res.rows as CardRow[];
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { items: page.map((r) => toCard(r, names)), nextCursor: rows.length > limit && last ? encodeCursor(Number(last.position), last.id) : null };
}

// ---------------------------------------------------------------------------------------------
// Tasks

type DetailRow = CardRow & { project_id: string; description: string; description_doc: DocContent | null; checklist: ChecklistItem[]; created_at: Date | string; updated_at: Date | string; started_at: Date | string | null };

async function detailRow(db: DbOrTx, companyId: string, id: string): Promise<DetailRow> {
  if (!isUuid(id)) throw notFound(M.taskNotFound);
  const res = await db.execute(sql`
    SELECT ${CARD_COLUMNS}, pt.project_id, t.description, pt.description_doc, pt.checklist, t.created_at, t.updated_at, pt.started_at
    FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id
    WHERE pt.task_id = ${id} AND pt.company_id = ${companyId}`);
  const row = res.rows[0] as DetailRow | undefined;
  if (!row) throw notFound(M.taskNotFound);
  return row;
}

export async function getTask(t: Tenant, id: string, db: DbOrTx = t.db): Promise<TaskDetail> {
  const [row, names] = await Promise.all([detailRow(db, t.companyId, id), memberNames(db, t.companyId)]);
  return toDetail(row, names);
}

function toDetail(row: DetailRow, names: Map<string, string>): TaskDetail {
  return {
    ...toCard(row, names),
    projectId: row.project_id,
    description: row.description,
    // The rich text only while the plain description is still its text (another screen may have rewritten it).
    descriptionDoc: row.description_doc && richTextToPlain(row.description_doc) === row.description ? row.description_doc : null,
    checklist: row.checklist ?? [],
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    startedAt: iso(row.started_at),
  };
}

const taskPages = createdPages(sql`t.created_at`, sql`t.id`, sql`t.updated_at`, 'asc');
/** A project's tasks page by page, oldest first, with the board's filters (the public API, decision 0645). */
export async function projectTasksPage(t: Tenant, projectId: string, q: BoardFilters & PageRequest) {
  await requireProject(t.db, t.companyId, projectId);
  const after = taskPages.where(q);
  const [res, names] = await Promise.all([
    t.db.execute(sql`
      SELECT ${CARD_COLUMNS}, pt.project_id, t.description, pt.description_doc, pt.checklist, t.created_at, t.updated_at, pt.started_at
      FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id
      WHERE pt.company_id = ${t.companyId} AND pt.project_id = ${projectId} ${filterSql(q, todayInBrazil())} ${after ? sql`AND ${after}` : sql``}
      ORDER BY ${sql.join(taskPages.orderBy, sql`, `)} LIMIT ${q.limit + 1}`),
    memberNames(t.db, t.companyId),
  ]);
  const found = taskPages.page(res.rows as DetailRow[], q, (r) => ({ createdAt: r.created_at, id: r.id }));
  return { items: found.items.map((r) => toDetail(r, names)), nextCursor: found.nextCursor };
}

/** The project of a task (for the entity checks and notifications), or null. */
export async function projectOfTask(db: DbOrTx, companyId: string, taskId: string): Promise<string | null> {
  if (!isUuid(taskId)) return null;
  const [row] = await db.select({ projectId: PT.projectId }).from(PT).where(and(eq(PT.taskId, taskId), eq(PT.companyId, companyId)));
  return row?.projectId ?? null;
}

export async function createTask(t: Tenant, projectId: string, input: z.output<typeof taskCreateSchema>): Promise<{ task: TaskDetail; assigned: string[] }> {
  await requireProject(t.db, t.companyId, projectId);
  const names = await memberNames(t.db, t.companyId);
  const assignees = input.assigneeIds ?? [];
  checkMembers(names, assignees);
  const id = await t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM projects WHERE id = ${projectId} FOR UPDATE`);
    const cols = await columnsOf(tx, t.companyId, projectId);
    const col = input.columnId ? cols.find((c) => c.id === input.columnId) : cols[0];
    if (!col) throw notFound(M.columnNotFound);
    const [{ max } = { max: null }] = (await tx.execute(sql`SELECT max(position)::float8 AS max FROM project_tasks WHERE column_id = ${col.id}`)).rows as Array<{ max: number | null }>;
    const [row] = await tx
      .insert(T)
      .values({
        companyId: t.companyId,
        title: input.title,
        description: input.descriptionDoc ? richTextToPlain(input.descriptionDoc) : (input.description ?? ''),
        kind: 'task',
        assigneeId: assignees[0] ?? null,
        dueDate: input.dueDate ?? null,
        doneAt: col.isDone ? new Date() : null,
        entityType: 'project',
        entityId: projectId,
        createdBy: t.actorId,
      })
      .returning({ id: T.id });
    await tx.insert(PT).values({
      taskId: row!.id,
      companyId: t.companyId,
      projectId,
      columnId: col.id,
      position: positionBetween(max === null ? null : Number(max), null),
      priority: input.priority ?? 'media',
      labels: input.labels ?? [],
      checklist: input.checklist ?? [],
      assigneeIds: assignees,
      startedAt: col.id !== cols[0]?.id ? new Date() : null,
      descriptionDoc: input.descriptionDoc ?? null,
    });
    await projectChanged(tx, t, projectId);
    await assigneesChanged(tx, t, row!.id, assignees);
    return row!.id;
  });
  return { task: await getTask(t, id), assigned: assignees.filter((a) => a !== t.actorId) };
}

export async function updateTask(t: Tenant, id: string, input: z.output<typeof taskUpdateSchema>): Promise<{ task: TaskDetail; assigned: string[] }> {
  const before = await detailRow(t.db, t.companyId, id);
  if (input.assigneeIds) checkMembers(await memberNames(t.db, t.companyId), input.assigneeIds);
  await t.db.transaction(async (tx) => {
    const tset: Partial<typeof T.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) tset.title = input.title;
    if (input.description !== undefined) tset.description = input.description;
    if (input.descriptionDoc) tset.description = richTextToPlain(input.descriptionDoc);
    if (input.dueDate !== undefined) {
      tset.dueDate = input.dueDate;
      if (input.dueDate !== before.due_date) tset.dueNotifiedAt = null;
    }
    if (input.assigneeIds !== undefined) tset.assigneeId = input.assigneeIds[0] ?? null;
    await tx.update(T).set(tset).where(and(eq(T.id, id), eq(T.companyId, t.companyId)));
    const pset: Partial<typeof PT.$inferInsert> = {};
    if (input.priority !== undefined) pset.priority = input.priority;
    if (input.labels !== undefined) pset.labels = input.labels;
    if (input.checklist !== undefined) pset.checklist = input.checklist;
    if (input.assigneeIds !== undefined) pset.assigneeIds = input.assigneeIds;
    // Rich text replaces the description; a plain one (or none) leaves no rich text behind.
    if (input.descriptionDoc !== undefined || input.description !== undefined) pset.descriptionDoc = input.descriptionDoc ?? null;
    if (Object.keys(pset).length) await tx.update(PT).set(pset).where(eq(PT.taskId, id));
    await projectChanged(tx, t, before.project_id);
    await assigneesChanged(tx, t, id, [...(before.assignee_ids ?? []), ...(input.assigneeIds ?? [])]);
  });
  const had = new Set(before.assignee_ids ?? []);
  return { task: await getTask(t, id), assigned: (input.assigneeIds ?? []).filter((a) => !had.has(a) && a !== t.actorId) };
}

export async function deleteTask(t: Tenant, id: string) {
  const row = await detailRow(t.db, t.companyId, id);
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM comments WHERE company_id = ${t.companyId} AND entity_type = 'task' AND entity_id = ${id}`);
    await tx.delete(T).where(and(eq(T.id, id), eq(T.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'project_task_deleted', entity: 'task', id, details: { kind: 'project' } });
    await projectChanged(tx, t, row.project_id);
    await assigneesChanged(tx, t, id, row.assignee_ids ?? []);
  });
}

/** Evenly spaced positions for a column's cards (the moved one left out), in their order. */
async function renumberColumn(tx: DbOrTx, columnId: string, except: string) {
  await tx.execute(sql`
    UPDATE project_tasks SET position = r.n * ${POSITION_STEP}
    FROM (SELECT task_id, row_number() OVER (ORDER BY position, task_id) AS n FROM project_tasks WHERE column_id = ${columnId} AND task_id <> ${except}) r
    WHERE project_tasks.task_id = r.task_id`);
}

/**
 * Moves a task between `prevId` and `nextId` of `columnId` (decision 0151's rule, shared with
 * the CRM): one row written, the column renumbered only when its gap is exhausted. Entering a
 * done column marks the platform task done; leaving it reopens it.
 */
export async function moveTask(t: Tenant, id: string, input: z.output<typeof taskMoveSchema>): Promise<TaskMoved> {
  if (!isUuid(id)) throw notFound(M.taskNotFound);
  const { prevId, nextId } = moveNeighbours(id, input, M.neighbourInvalid);
  return t.db.transaction(async (tx) => {
    const neighbour = (nid: string | null) =>
      nid ? sql`(SELECT n.position FROM project_tasks n WHERE n.task_id = ${nid} AND n.company_id = ${t.companyId} AND n.column_id = ${input.columnId} AND n.task_id <> ${id})` : sql`NULL::double precision`;
    const found = await tx.execute(sql`
      SELECT pt.project_id, pt.column_id, pt.started_at, pt.assignee_ids, c.id AS target_id, c.project_id AS target_project_id, c.is_done AS target_done,
        (SELECT f.id FROM project_columns f WHERE f.project_id = pt.project_id ORDER BY f.position, f.created_at LIMIT 1) AS first_id,
        ${neighbour(prevId)} AS prev_pos, ${neighbour(nextId)} AS next_pos
      FROM project_tasks pt LEFT JOIN project_columns c ON c.id = ${input.columnId} AND c.company_id = ${t.companyId}
      WHERE pt.task_id = ${id} AND pt.company_id = ${t.companyId}
      FOR UPDATE OF pt`);
    const row = found.rows[0] as
      | { project_id: string; column_id: string; started_at: Date | null; assignee_ids: string[] | null; target_id: string | null; target_project_id: string | null; target_done: boolean | null; first_id: string; prev_pos: number | null; next_pos: number | null }
      | undefined;
    if (!row) throw notFound(M.taskNotFound);
    if (!row.target_id || row.target_project_id !== row.project_id) throw notFound(M.columnNotFound);
    const position = await dropPosition({
      prevId,
      nextId,
      prevPos: row.prev_pos,
      nextPos: row.next_pos,
      message: M.neighbourInvalid,
      renumber: async (ids) => {
        await renumberColumn(tx, input.columnId, id);
        return tx.select({ id: PT.taskId, position: PT.position }).from(PT).where(inArray(PT.taskId, ids));
      },
    });
    const started = !row.started_at && input.columnId !== row.first_id;
    const res = await tx.execute(sql`
      WITH moved AS (
        UPDATE project_tasks SET column_id = ${input.columnId}, position = ${position} ${started ? sql`, started_at = now()` : sql``}
        WHERE task_id = ${id} RETURNING task_id
      )
      UPDATE tasks SET updated_at = now(),
        done_at = ${row.target_done ? sql`COALESCE(done_at, now())` : sql`NULL`}
      WHERE id = ${id} AND company_id = ${t.companyId}
      RETURNING done_at`);
    await projectChanged(tx, t, row.project_id, 'moved');
    // Into or out of a 'done' column changes the assignees' 'Minhas tarefas' (open ↔ concluídas).
    if (row.column_id !== input.columnId) await assigneesChanged(tx, t, id, row.assignee_ids ?? []);
    const done = (res.rows[0] as { done_at: Date | null } | undefined)?.done_at ?? null;
    return { id, columnId: input.columnId, position, doneAt: iso(done) };
  });
}

// ---------------------------------------------------------------------------------------------
// Dashboard

export async function dashboard(t: Tenant, projectId: string): Promise<Dashboard> {
  if (!isUuid(projectId)) throw notFound(M.projectNotFound);
  const [project] = await t.db.select({ id: PR.id, name: PR.name }).from(PR).where(and(eq(PR.id, projectId), eq(PR.companyId, t.companyId)));
  if (!project) throw notFound(M.projectNotFound);
  const [cols, names, res] = await Promise.all([
    columnsOf(t.db, t.companyId, projectId),
    memberNames(t.db, t.companyId),
    t.db.execute(sql`
      SELECT t.id, t.title, pt.column_id, pt.assignee_ids, t.due_date::text AS due_date, t.done_at, t.created_at, pt.started_at
      FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id
      WHERE pt.company_id = ${t.companyId} AND pt.project_id = ${projectId}`),
  ]);
  const rows = res.rows as Array<{ id: string; title: string; column_id: string; assignee_ids: string[]; due_date: string | null; done_at: Date | null; created_at: Date; started_at: Date | null }>;
  const today = todayInBrazil();
  const perCol = new Map<string, number>();
  const perPerson = new Map<string | null, { open: number; done: number }>();
  for (const r of rows) {
    perCol.set(r.column_id, (perCol.get(r.column_id) ?? 0) + 1);
    const who = r.assignee_ids?.length ? r.assignee_ids : [null];
    for (const p of who) {
      const e = perPerson.get(p) ?? { open: 0, done: 0 };
      if (r.done_at) e.done++;
      else e.open++;
      perPerson.set(p, e);
    }
  }
  const overdue = rows
    .filter((r) => !r.done_at && r.due_date && r.due_date < today)
    .sort((a, b) => (a.due_date! < b.due_date! ? -1 : 1))
    .map((r) => ({ id: r.id, title: r.title, dueDate: r.due_date!, assignees: (r.assignee_ids ?? []).map((a) => person(names, a).name) }));
  const times = rows.map((r) => ({ createdAt: r.created_at, startedAt: r.started_at, doneAt: r.done_at }));
  return {
    project,
    byColumn: cols.map((c) => ({ columnId: c.id, name: c.name, isDone: c.isDone, count: perCol.get(c.id) ?? 0 })),
    byAssignee: [...perPerson.entries()]
      .map(([id, v]) => ({ id, name: id ? person(names, id).name : 'Sem responsável', ...v }))
      .sort((a, b) => b.open + b.done - (a.open + a.done) || a.name.localeCompare(b.name, 'pt-BR')),
    overdue: overdue.slice(0, 50),
    overdueCount: overdue.length,
    burnUp: burnUpSeries(times, today),
    cycleTime: cycleTime(times),
    total: rows.length,
    done: rows.filter((r) => r.done_at).length,
  };
}
