import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema } from '@sede/db/client';
import { foldSearch, searchText } from '@sede/db/search';
import { employeeDatesError, HR_MESSAGES as M, type ContractType, type EmployeeListItem, type EmployeePage, type EmployeeStatus, type EmployeeView, type LeaveType, type LeaveView, type employeeCreateSchema, type employeeListQuerySchema, type employeeUpdateSchema, type leaveCreateSchema } from '@sede/shared/hr/schemas';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Services, Tenant } from '../../services.ts';
import { markEntityFilesDeleted, removeStoredBytes } from '../files/public.ts';
import { companyRowExists } from '../../platform/tenant.ts';

const { employees: E, employeeLeaves: L } = schema;
const MGR = alias(E, 'manager');

export const EMPLOYEE_ENTITY = 'employee';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const listColumns = {
  id: E.id,
  name: E.name,
  cpf: E.cpf,
  email: E.email,
  phone: E.phone,
  position: E.position,
  department: E.department,
  admissionDate: E.admissionDate,
  contractType: E.contractType,
  status: E.status,
  salaryCents: E.salaryCents,
  managerId: E.managerId,
  managerName: MGR.name,
};
type ListRow = { [K in keyof typeof listColumns]: unknown } & { id: string; name: string; admissionDate: string; department: string | null };

const toListItem = (r: ListRow): EmployeeListItem => ({
  ...(r as unknown as EmployeeListItem),
  contractType: r.contractType as ContractType,
  status: r.status as EmployeeStatus,
});

const base = (tenant: Tenant) => tenant.db.select(listColumns).from(E).leftJoin(MGR, and(eq(MGR.id, E.managerId), eq(MGR.companyId, E.companyId)));

export const employeeExists = (tenant: Tenant, id: string) => companyRowExists(tenant, E, id);

async function leavesOf(tenant: Tenant, employeeId: string): Promise<LeaveView[]> {
  const rows = await tenant.db
    .select({ id: L.id, type: L.type, startDate: L.startDate, endDate: L.endDate, notes: L.notes })
    .from(L)
    .where(and(eq(L.companyId, tenant.companyId), eq(L.employeeId, employeeId)))
    .orderBy(desc(L.startDate), desc(L.id));
  return rows.map((r) => ({ ...r, type: r.type as LeaveType }));
}

export async function getEmployee(tenant: Tenant, id: string): Promise<EmployeeView> {
  if (!UUID.test(id)) throw notFound(M.employeeNotFound);
  const [row] = await tenant.db
    .select({ ...listColumns, birthDate: E.birthDate, terminationDate: E.terminationDate, notes: E.notes, createdAt: E.createdAt, updatedAt: E.updatedAt })
    .from(E)
    .leftJoin(MGR, and(eq(MGR.id, E.managerId), eq(MGR.companyId, E.companyId)))
    .where(and(eq(E.id, id), eq(E.companyId, tenant.companyId)));
  if (!row) throw notFound(M.employeeNotFound);
  return {
    ...toListItem(row as ListRow),
    birthDate: row.birthDate,
    terminationDate: row.terminationDate,
    notes: row.notes,
    leaves: await leavesOf(tenant, id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---- lists ----
type ListQuery = z.output<typeof employeeListQuerySchema>;

/** The sort keys; department's nulls sort as '' (the same expression in ORDER BY and the cursor). */
const sortColumn = { name: sql`${E.name}`, admissionDate: sql`${E.admissionDate}`, department: sql`coalesce(${E.department}, '')` } as const;

/** The filter of a list (no cursor): shared by the page, its count and the export. */
export function listFilter(tenant: Pick<Tenant, 'companyId'>, q: Omit<ListQuery, 'cursor' | 'limit'>): SQL {
  const conds: Array<SQL | undefined> = [eq(E.companyId, tenant.companyId)];
  if (q.status) conds.push(eq(E.status, q.status));
  if (q.contractType) conds.push(eq(E.contractType, q.contractType));
  if (q.department) conds.push(eq(E.department, q.department.trim()));
  if (q.q) {
    // Every word, accents and case folded (decision 0155's folding), anywhere in the name,
    // position, department, e-mail or CPF digits.
    const words = (foldSearch(q.q).match(/[\p{L}\p{N}@.]+/gu) ?? []).slice(0, 8);
    const haystack = searchText(sql`lower(${E.name} || ' ' || coalesce(${E.position}, '') || ' ' || coalesce(${E.department}, '') || ' ' || coalesce(${E.email}, '') || ' ' || ${E.cpf})`);
    if (words.length === 0) conds.push(sql`false`);
    for (const w of words) conds.push(sql`${haystack} like ${`%${w.replace(/[%_\\]/g, '')}%`}`);
  }
  return and(...conds)!;
}

const encodeCursor = (value: string, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string): [string, string] {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof value !== 'string' || value.length > 300 || typeof id !== 'string' || !UUID.test(id)) throw new Error('bad');
    return [value, id];
  } catch {
    throw badRequest(M.cursor, 'INVALID_CURSOR');
  }
}

const sortValue = (r: ListRow, sort: ListQuery['sort']) => (sort === 'name' ? r.name : sort === 'admissionDate' ? r.admissionDate : (r.department ?? ''));

export async function listEmployees(tenant: Tenant, q: ListQuery): Promise<EmployeePage> {
  const filter = listFilter(tenant, q);
  const col = sortColumn[q.sort];
  const dir = q.order === 'desc' ? desc : asc;
  let where = filter;
  if (q.cursor) {
    const [value, id] = decodeCursor(q.cursor);
    if (q.sort === 'admissionDate' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest(M.cursor, 'INVALID_CURSOR');
    where = and(filter, q.order === 'desc' ? sql`(${col}, ${E.id}) < (${value}, ${id})` : sql`(${col}, ${E.id}) > (${value}, ${id})`)!;
  }
  const [rows, total] = await Promise.all([
    base(tenant).where(where).orderBy(dir(col), dir(E.id)).limit(q.limit + 1),
    q.cursor
      ? Promise.resolve(null)
      : tenant.db
          .select({ n: sql<number>`count(*)::int` })
          .from(E)
          .where(filter)
          .then((r) => r[0]!.n),
  ]);
  const page = (rows as ListRow[]).slice(0, q.limit);
  const last = rows.length > q.limit ? page[page.length - 1]! : null;
  return { employees: page.map(toListItem), nextCursor: last ? encodeCursor(sortValue(last, q.sort), last.id) : null, total };
}

/** Every employee of a filter, for the export (at most `max`). */
export async function allEmployees(tenant: Tenant, q: Omit<ListQuery, 'cursor' | 'limit'>, max = 50_000): Promise<EmployeeListItem[]> {
  const col = sortColumn[q.sort];
  const dir = q.order === 'desc' ? desc : asc;
  const rows = await base(tenant).where(listFilter(tenant, q)).orderBy(dir(col), dir(E.id)).limit(max);
  return (rows as ListRow[]).map(toListItem);
}

// ---- writes ----

/** The CPF is unique per company: the unique index answers 409 (also under a race). */
function mapUnique(err: unknown): never {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  if (code === '23505' && constraint === 'employees_company_cpf_uq') throw conflict(M.cpfTaken, 'CPF_TAKEN');
  throw err;
}

/** The manager: an employee of the company, not the employee, and not one of their reports (no cycle). */
async function checkManager(tenant: Tenant, employeeId: string | null, managerId: string | null) {
  if (!managerId) return;
  if (managerId === employeeId) throw badRequest(M.managerSelf, 'MANAGER_SELF');
  if (!(await employeeExists(tenant, managerId))) throw badRequest(M.manager, 'MANAGER_NOT_FOUND');
  if (!employeeId) return;
  const chain = await tenant.db.execute<{ id: string }>(sql`
    with recursive chain(id, manager_id, depth) as (
      select id, manager_id, 0 from employees where id = ${managerId} and company_id = ${tenant.companyId}
      union all
      select e.id, e.manager_id, c.depth + 1 from employees e join chain c on e.id = c.manager_id
      where e.company_id = ${tenant.companyId} and c.depth < 200
    )
    select id from chain where id = ${employeeId} limit 1`);
  if (chain.rows.length) throw badRequest(M.managerCycle, 'MANAGER_CYCLE');
}

export async function createEmployee(tenant: Tenant, input: z.output<typeof employeeCreateSchema>): Promise<EmployeeView> {
  await checkManager(tenant, null, input.managerId);
  const id = await tenant.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(E)
        .values({ ...input, companyId: tenant.companyId, createdBy: tenant.actorId || null })
        .returning({ id: E.id });
      await announce(tx, { companyId: tenant.companyId, entity: EMPLOYEE_ENTITY, id: row!.id, action: 'created' });
      return row!.id;
    })
    .catch(mapUnique);
  return getEmployee(tenant, id);
}

export async function updateEmployee(tenant: Tenant, id: string, input: z.output<typeof employeeUpdateSchema>): Promise<EmployeeView> {
  const current = await getEmployee(tenant, id);
  const patch = { ...input };
  // Leaving 'desligado' without saying otherwise clears the termination date.
  if (patch.status && patch.status !== 'desligado' && patch.terminationDate === undefined) patch.terminationDate = null;
  const merged = {
    status: patch.status ?? current.status,
    admissionDate: patch.admissionDate ?? current.admissionDate,
    terminationDate: patch.terminationDate === undefined ? current.terminationDate : patch.terminationDate,
  };
  const e = employeeDatesError(merged);
  if (e) throw badRequest(e.message);
  if (patch.managerId !== undefined) await checkManager(tenant, id, patch.managerId);
  await tenant.db
    .transaction(async (tx) => {
      await tx
        .update(E)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(E.id, id), eq(E.companyId, tenant.companyId)));
      await announce(tx, { companyId: tenant.companyId, entity: EMPLOYEE_ENTITY, id, action: 'updated' });
    })
    .catch(mapUnique);
  return getEmployee(tenant, id);
}

/**
 * Deleting an employee erases them (LGPD, decision 0223): the row, their leaves (cascade), their
 * documents (files marked deleted, bytes removed) and the links of their reports (manager set null).
 * The audit line carries no personal data.
 */
export async function deleteEmployee(s: Services, tenant: Tenant, id: string): Promise<void> {
  await getEmployee(tenant, id);
  const removed = await tenant.db.transaction(async (tx) => {
    const docs = await markEntityFilesDeleted(tx, tenant.companyId, EMPLOYEE_ENTITY, id);
    await tx.delete(E).where(and(eq(E.id, id), eq(E.companyId, tenant.companyId)));
    await logAudit(tx, tenant, { action: 'employee_data_erased', entity: EMPLOYEE_ENTITY, id, details: { files: docs.length } });
    await announce(tx, { companyId: tenant.companyId, entity: EMPLOYEE_ENTITY, id, action: 'deleted' });
    return docs;
  });
  await removeStoredBytes(s, removed);
}

// ---- leaves ----
export async function addLeave(tenant: Tenant, employeeId: string, input: z.output<typeof leaveCreateSchema>): Promise<LeaveView> {
  await getEmployee(tenant, employeeId);
  const [overlap] = await tenant.db
    .select({ id: L.id })
    .from(L)
    .where(and(eq(L.companyId, tenant.companyId), eq(L.employeeId, employeeId), sql`${L.startDate} <= ${input.endDate} and ${L.endDate} >= ${input.startDate}`))
    .limit(1);
  if (overlap) throw conflict('Este período se sobrepõe a outro já cadastrado.', 'LEAVE_OVERLAP');
  return tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(L)
      .values({ ...input, employeeId, companyId: tenant.companyId, createdBy: tenant.actorId || null })
      .returning({ id: L.id, type: L.type, startDate: L.startDate, endDate: L.endDate, notes: L.notes });
    await announce(tx, { companyId: tenant.companyId, entity: EMPLOYEE_ENTITY, id: employeeId, action: 'updated' });
    return { ...row!, type: row!.type as LeaveType };
  });
}

export async function deleteLeave(tenant: Tenant, employeeId: string, leaveId: string): Promise<void> {
  await getEmployee(tenant, employeeId);
  if (!UUID.test(leaveId)) throw notFound(M.leaveNotFound);
  await tenant.db.transaction(async (tx) => {
    const gone = await tx
      .delete(L)
      .where(and(eq(L.id, leaveId), eq(L.employeeId, employeeId), eq(L.companyId, tenant.companyId)))
      .returning({ id: L.id });
    if (!gone.length) throw notFound(M.leaveNotFound);
    await announce(tx, { companyId: tenant.companyId, entity: EMPLOYEE_ENTITY, id: employeeId, action: 'updated' });
  });
}
