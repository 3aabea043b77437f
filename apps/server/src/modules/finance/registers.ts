import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type DbOrTx } from '@sede/db/client';
import {
  DEFAULT_CHART,
  FINANCE_MESSAGES as M,
  type AccountKind,
  type CategoryKind,
  type FinAccount,
  type FinCategory,
  type FinCostCenter,
  type FinRegisters,
  type accountCreateSchema,
  type accountUpdateSchema,
  type categoryCreateSchema,
  type categoryUpdateSchema,
  type costCenterCreateSchema,
  type costCenterUpdateSchema,
} from '@sede/shared/finance/registers';
import type { DreGroup } from '@sede/shared/finance/dre';
import { badRequest, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Tenant } from '../../services.ts';
import { pick } from '../../platform/values.ts';

const { finAccounts: A, finCategories: C, finCostCenters: CC } = schema;

/**
 * The default chart of categories (decision 0170), created once per company the first time the
 * area opens: under an advisory lock so two first requests do not create it twice.
 */
export async function ensureDefaultChart(tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<void> {
  const [any] = await tenant.db.select({ id: C.id }).from(C).where(eq(C.companyId, tenant.companyId)).limit(1);
  if (any) return;
  await tenant.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`fin-chart:${tenant.companyId}`}))`);
    const [again] = await tx.select({ id: C.id }).from(C).where(eq(C.companyId, tenant.companyId)).limit(1);
    if (again) return;
    let position = 0;
    for (const group of DEFAULT_CHART) {
      const [parent] = await tx
        .insert(C)
        .values({ companyId: tenant.companyId, name: group.name, kind: group.kind, dreGroup: group.dreGroup, position: position++ })
        .returning({ id: C.id });
      await tx.insert(C).values(
        group.children.map((name, i) => ({ companyId: tenant.companyId, parentId: parent!.id, name, kind: group.kind, dreGroup: group.dreGroup, position: i })),
      );
    }
  });
}

/** Sum of an account's payments: receivables in, payables out (principal + interest + fine − discount). */
const movedCents = sql<string>`coalesce((
  select sum(case when e.kind = 'receivable' then 1 else -1 end * (p.amount_cents + p.interest_cents + p.fine_cents - p.discount_cents))
    from fin_payments p join fin_entries e on e.id = p.entry_id
   where p.company_id = fin_accounts.company_id and p.account_id = fin_accounts.id), 0)`;

const toAccount = (r: typeof A.$inferSelect & { moved: string | number }): FinAccount => ({
  id: r.id,
  name: r.name,
  kind: r.kind as AccountKind,
  bankCode: r.bankCode,
  agency: r.agency,
  accountNumber: r.accountNumber,
  openingBalanceCents: r.openingBalanceCents,
  openingDate: r.openingDate,
  balanceCents: r.openingBalanceCents + Number(r.moved),
  archived: r.archivedAt !== null,
});
const toCategory = (r: typeof C.$inferSelect): FinCategory => ({
  ...pick(r, 'id', 'name', 'parentId', 'position'),
  kind: r.kind as CategoryKind,
  dreGroup: r.dreGroup as DreGroup,
  archived: r.archivedAt !== null,
});
const toCostCenter = (r: typeof CC.$inferSelect): FinCostCenter => ({ id: r.id, name: r.name, archived: r.archivedAt !== null });

export async function listAccounts(tenant: Tenant): Promise<FinAccount[]> {
  const rows = await tenant.db.select({ a: A, moved: movedCents }).from(A).where(eq(A.companyId, tenant.companyId)).orderBy(asc(A.name));
  return rows.map((r) => toAccount({ ...r.a, moved: r.moved }));
}

async function getAccount(db: DbOrTx, tenant: Tenant, id: string): Promise<FinAccount> {
  const [r] = await db.select({ a: A, moved: movedCents }).from(A).where(and(eq(A.companyId, tenant.companyId), eq(A.id, id)));
  if (!r) throw notFound(M.accountNotFound);
  return toAccount({ ...r.a, moved: r.moved });
}

export async function listRegisters(tenant: Tenant): Promise<FinRegisters> {
  await ensureDefaultChart(tenant);
  const [accounts, categories, costCenters] = await Promise.all([
    listAccounts(tenant),
    tenant.db.select().from(C).where(eq(C.companyId, tenant.companyId)).orderBy(asc(C.kind), asc(C.position), asc(C.name)),
    tenant.db.select().from(CC).where(eq(CC.companyId, tenant.companyId)).orderBy(asc(CC.name)),
  ]);
  return { accounts, categories: categories.map(toCategory), costCenters: costCenters.map(toCostCenter) };
}

export async function createAccount(tenant: Tenant, input: z.output<typeof accountCreateSchema>): Promise<FinAccount> {
  const [row] = await tenant.db.insert(A).values({ companyId: tenant.companyId, ...input }).returning();
  return toAccount({ ...row!, moved: 0 });
}

export async function updateAccount(tenant: Tenant, id: string, input: z.output<typeof accountUpdateSchema>): Promise<FinAccount> {
  const { archived, ...fields } = input;
  return tenant.db.transaction(async (tx) => {
    const set: Partial<typeof A.$inferInsert> = { ...fields };
    if (archived !== undefined) set.archivedAt = archived ? new Date() : null;
    const [row] = await tx.update(A).set(set).where(and(eq(A.companyId, tenant.companyId), eq(A.id, id))).returning({ id: A.id, name: A.name });
    if (!row) throw notFound(M.accountNotFound);
    if (archived !== undefined || fields.openingBalanceCents !== undefined) {
      await logAudit(tx, tenant, { action: 'fin_account_updated', entity: 'fin_account', id, details: { label: row.name, archived, openingBalance: fields.openingBalanceCents !== undefined } });
    }
    return getAccount(tx, tenant, id);
  });
}

/** A category of the company (archived ones included when `archivedOk`), else 404. */
export async function categoryOf(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, id: string): Promise<typeof C.$inferSelect> {
  const [row] = await db.select().from(C).where(and(eq(C.companyId, tenant.companyId), eq(C.id, id)));
  if (!row) throw notFound(M.categoryNotFound);
  return row;
}

async function checkParent(db: DbOrTx, tenant: Tenant, id: string | null, parentId: string, kind: string) {
  const parent = await categoryOf(db, tenant, parentId);
  if (parent.kind !== kind) throw badRequest(M.parentKind);
  // Walk up from the new parent: meeting the category itself would make a cycle.
  let cursor: string | null = parent.id;
  for (let depth = 0; cursor && depth < 50; depth++) {
    if (cursor === id) throw badRequest(M.parentCycle);
    const [up] = await db.select({ parentId: C.parentId }).from(C).where(and(eq(C.companyId, tenant.companyId), eq(C.id, cursor)));
    cursor = up?.parentId ?? null;
  }
}

export async function createCategory(tenant: Tenant, input: z.output<typeof categoryCreateSchema>): Promise<FinCategory> {
  await ensureDefaultChart(tenant);
  if (input.parentId) await checkParent(tenant.db, tenant, null, input.parentId, input.kind);
  const [{ next }] = (await tenant.db
    .select({ next: sql<number>`coalesce(max(${C.position}), -1)::int + 1` })
    .from(C)
    .where(and(eq(C.companyId, tenant.companyId), input.parentId ? eq(C.parentId, input.parentId) : isNull(C.parentId)))) as [{ next: number }];
  const [row] = await tenant.db
    .insert(C)
    .values({ companyId: tenant.companyId, name: input.name, kind: input.kind, dreGroup: input.dreGroup, parentId: input.parentId ?? null, position: next })
    .returning();
  return toCategory(row!);
}

export async function updateCategory(tenant: Tenant, id: string, input: z.output<typeof categoryUpdateSchema>): Promise<FinCategory> {
  return tenant.db.transaction(async (tx) => {
    const current = await categoryOf(tx, tenant, id);
    if (input.parentId) await checkParent(tx, tenant, id, input.parentId, current.kind);
    const set: Partial<typeof C.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.dreGroup !== undefined) set.dreGroup = input.dreGroup;
    if (input.position !== undefined) set.position = input.position;
    if (input.parentId !== undefined) set.parentId = input.parentId;
    if (input.archived !== undefined) set.archivedAt = input.archived ? new Date() : null;
    if (!Object.keys(set).length) return toCategory(current);
    const [row] = await tx.update(C).set(set).where(and(eq(C.companyId, tenant.companyId), eq(C.id, id))).returning();
    if (input.archived !== undefined || input.dreGroup !== undefined) {
      await logAudit(tx, tenant, { action: 'fin_category_updated', entity: 'fin_category', id, details: { label: row!.name, archived: input.archived, dreGroup: input.dreGroup } });
    }
    return toCategory(row!);
  });
}

export async function createCostCenter(tenant: Tenant, input: z.output<typeof costCenterCreateSchema>): Promise<FinCostCenter> {
  const [row] = await tenant.db.insert(CC).values({ companyId: tenant.companyId, name: input.name }).returning();
  return toCostCenter(row!);
}

export async function updateCostCenter(tenant: Tenant, id: string, input: z.output<typeof costCenterUpdateSchema>): Promise<FinCostCenter> {
  return tenant.db.transaction(async (tx) => {
    const set: Partial<typeof CC.$inferInsert> = {};
    if (input.name !== undefined) set.name = input.name;
    if (input.archived !== undefined) set.archivedAt = input.archived ? new Date() : null;
    const [row] = Object.keys(set).length
      ? await tx.update(CC).set(set).where(and(eq(CC.companyId, tenant.companyId), eq(CC.id, id))).returning()
      : await tx.select().from(CC).where(and(eq(CC.companyId, tenant.companyId), eq(CC.id, id)));
    if (!row) throw notFound(M.costCenterNotFound);
    if (input.archived !== undefined) await logAudit(tx, tenant, { action: 'fin_cost_center_updated', entity: 'fin_cost_center', id, details: { label: row.name, archived: input.archived } });
    return toCostCenter(row);
  });
}
