import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type DbOrTx } from '@sede/db/client';
import { foldSearch, searchText } from '@sede/db/search';
import { ENTRY_MESSAGES as M, type bulkSettleSchema, type entryCreateSchema, type entryListQuerySchema, type entryUpdateSchema, type FinEntry, type FinEntryDetail, type FinEntryPage, type FinEntryTotals, type FinPayment, recurrenceCount, recurrenceStep } from '@sede/shared/finance/entries';
import { addMonths, displayStatus, effectiveDueDate, splitInstallments } from '@sede/shared/finance/money';
import { FINANCE_MESSAGES } from '@sede/shared/finance/registers';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { type AuditEntry, auditLine, auditRows, logAudit } from '../../platform/audit.ts';
import { announce, type Announcement } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { orNull } from '../../platform/values.ts';
import { categoryOf } from './registers.ts';
import { companyRowExists } from '../../platform/tenant.ts';

const { finEntries: E, finPayments: P, finAccounts: A, finCostCenters: CC, organizations: O, people: PE } = schema;

export const FIN_ENTRY = 'fin_entry';

type Row = typeof E.$inferSelect & { categoryName: string | null; costCenterName: string | null; accountName: string | null; partyName: string | null };

const columns = {
  e: E,
  categoryName: sql<string | null>`(select name from fin_categories c where c.id = fin_entries.category_id)`,
  costCenterName: sql<string | null>`(select name from fin_cost_centers cc where cc.id = fin_entries.cost_center_id)`,
  accountName: sql<string | null>`(select name from fin_accounts a where a.id = fin_entries.account_id)`,
  partyName: sql<string | null>`coalesce((select coalesce(o.nome_fantasia, o.razao_social) from organizations o where o.id = fin_entries.organization_id),
                                         (select p.name from people p where p.id = fin_entries.person_id))`,
};

export function toEntry(r: Row, today = todayInBrazil()): FinEntry {
  return {
    id: r.id,
    kind: r.kind,
    description: r.description,
    amountCents: r.amountCents,
    paidCents: r.paidCents,
    openCents: r.status === 'open' ? r.amountCents - r.paidCents : 0,
    dueDate: r.dueDate,
    effectiveDueDate: effectiveDueDate(r.dueDate),
    competenceDate: r.competenceDate,
    status: r.status,
    displayStatus: displayStatus(r.status, r.dueDate, today),
    categoryId: r.categoryId,
    categoryName: r.categoryName,
    costCenterId: r.costCenterId,
    costCenterName: r.costCenterName,
    accountId: r.accountId,
    accountName: r.accountName,
    organizationId: r.organizationId,
    personId: r.personId,
    partyName: r.partyName,
    documentNumber: r.documentNumber,
    barcode: r.barcode,
    notes: r.notes,
    installmentGroupId: r.installmentGroupId,
    installmentNumber: r.installmentNumber,
    installmentTotal: r.installmentTotal,
    recurrenceId: r.recurrenceId,
    settledDate: r.settledDate,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const flatten = (r: { e: typeof E.$inferSelect; categoryName: string | null; costCenterName: string | null; accountName: string | null; partyName: string | null }): Row => ({
  ...r.e,
  categoryName: r.categoryName,
  costCenterName: r.costCenterName,
  accountName: r.accountName,
  partyName: r.partyName,
});

async function loadEntries(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, ids: string[]): Promise<FinEntry[]> {
  if (!ids.length) return [];
  const rows = await db.select(columns).from(E).where(and(eq(E.companyId, tenant.companyId), inArray(E.id, ids)));
  const byId = new Map(rows.map((r) => [r.e.id, toEntry(flatten(r))]));
  return ids.map((id) => byId.get(id)).filter((e): e is FinEntry => !!e);
}

export const entryExists = (tenant: Pick<Tenant, 'db' | 'companyId'>, id: string) => companyRowExists(tenant, E, id);

/** The references of an entry must be the company's own (else 404 with what is missing). */
async function checkReferences(
  db: DbOrTx,
  tenant: Tenant,
  refs: { categoryId?: string | null; costCenterId?: string | null; accountId?: string | null; organizationId?: string | null; personId?: string | null },
) {
  const one = async (table: typeof A | typeof CC | typeof O | typeof PE, id: string | null | undefined, message: string, live?: SQL) => {
    if (!id) return;
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, tenant.companyId), eq(table.id, id), live));
    if (!row) throw notFound(message);
  };
  if (refs.categoryId) await categoryOf(db, tenant, refs.categoryId);
  await one(CC, refs.costCenterId, FINANCE_MESSAGES.costCenterNotFound);
  await one(A, refs.accountId, FINANCE_MESSAGES.accountNotFound);
  await one(O, refs.organizationId, M.partyNotFound, isNull(O.deletedAt));
  await one(PE, refs.personId, M.partyNotFound, isNull(PE.deletedAt));
}

const changed = (db: DbOrTx, tenant: Tenant, id: string, action: string) => announce(db, { companyId: tenant.companyId, entity: FIN_ENTRY, id, action });

/**
 * Creates a payable or receivable: one entry, `installments` monthly installments (the amount
 * split exactly, remainder on the first; the competence date stays the purchase's — decision
 * 0171) or a recurrence created ahead (`occurrences` monthly or yearly; decision 0173). One
 * transaction; answers the created entries in order.
 */
export async function createEntry(tenant: Tenant, input: z.output<typeof entryCreateSchema>): Promise<FinEntry[]> {
  const competence = input.competenceDate ?? input.dueDate;
  return tenant.db.transaction(async (tx) => {
    await checkReferences(tx, tenant, input);
    const base = {
      companyId: tenant.companyId,
      kind: input.kind,
      description: input.description,
      ...orNull(input, 'categoryId', 'costCenterId', 'accountId', 'organizationId', 'personId'),
      documentNumber: input.documentNumber,
      barcode: input.barcode,
      notes: input.notes,
      createdBy: tenant.actorId || null, // an entry written by a webhook or a job (system tenant, actor '') has no author
    };
    let values: Array<typeof E.$inferInsert>;
    if (input.installments > 1) {
      const groupId = randomUUID();
      values = splitInstallments(input.amountCents, input.installments).map((amountCents, i) => ({
        ...base,
        amountCents,
        dueDate: addMonths(input.dueDate, i),
        competenceDate: competence,
        installmentGroupId: groupId,
        installmentNumber: i + 1,
        installmentTotal: input.installments,
        // Only the first installment keeps the boleto's line: each installment has its own.
        barcode: i === 0 ? input.barcode : null,
      }));
    } else if (input.recurrence !== 'none') {
      const recurrenceId = randomUUID();
      const step = recurrenceStep(input.recurrence);
      const count = recurrenceCount(input);
      values = Array.from({ length: count }, (_, i) => ({
        ...base,
        amountCents: input.amountCents,
        dueDate: addMonths(input.dueDate, i * step),
        competenceDate: addMonths(competence, i * step),
        recurrenceId,
        barcode: i === 0 ? input.barcode : null,
      }));
    } else {
      values = [{ ...base, amountCents: input.amountCents, dueDate: input.dueDate, competenceDate: competence }];
    }
    const rows = await tx.insert(E).values(values).returning({ id: E.id });
    for (const r of rows) await changed(tx, tenant, r.id, 'created');
    return loadEntries(tx, tenant, rows.map((r) => r.id));
  });
}

async function lockEntry(tx: DbOrTx, tenant: Pick<Tenant, 'companyId'>, id: string) {
  const [row] = await tx.select().from(E).where(and(eq(E.companyId, tenant.companyId), eq(E.id, id))).for('update');
  if (!row) throw notFound(M.entryNotFound);
  return row;
}

export async function getEntry(tenant: Tenant, id: string): Promise<FinEntryDetail> {
  const [entry] = await loadEntries(tenant.db, tenant, [id]);
  if (!entry) throw notFound(M.entryNotFound);
  const payments = await tenant.db
    .select({ p: P, accountName: A.name })
    .from(P)
    .leftJoin(A, eq(A.id, P.accountId))
    .where(and(eq(P.companyId, tenant.companyId), eq(P.entryId, id)))
    .orderBy(asc(P.paidDate), asc(P.createdAt));
  return { ...entry, payments: payments.map(({ p, accountName }) => toPayment(p, accountName)) };
}

const toPayment = (p: typeof P.$inferSelect, accountName: string | null): FinPayment => ({
  id: p.id,
  accountId: p.accountId,
  accountName,
  paidDate: p.paidDate,
  amountCents: p.amountCents,
  interestCents: p.interestCents,
  fineCents: p.fineCents,
  discountCents: p.discountCents,
  totalCents: p.amountCents + p.interestCents + p.fineCents - p.discountCents,
  createdAt: p.createdAt.toISOString(),
});

export async function updateEntry(tenant: Tenant, id: string, input: z.output<typeof entryUpdateSchema>): Promise<FinEntryDetail> {
  await tenant.db.transaction(async (tx) => {
    const current = await lockEntry(tx, tenant, id);
    if (current.status === 'cancelled') throw conflict(M.notOpen, 'ENTRY_NOT_OPEN');
    await checkReferences(tx, tenant, input);
    const set: Partial<typeof E.$inferInsert> = { updatedAt: new Date() };
    for (const [k, v] of Object.entries(input)) if (v !== undefined) (set as Record<string, unknown>)[k] = v;
    // One party at most: choosing an organization clears the person and the other way round.
    if (input.organizationId) set.personId = null;
    if (input.personId) set.organizationId = null;
    if (input.amountCents !== undefined) {
      if (input.amountCents < current.paidCents) throw badRequest(M.amountBelowPaid);
      if (current.paidCents > 0 && input.amountCents === current.paidCents) set.status = 'paid';
      else if (current.status === 'paid' && input.amountCents > current.paidCents) {
        set.status = 'open';
        set.settledDate = null;
      }
    }
    await tx.update(E).set(set).where(and(eq(E.companyId, tenant.companyId), eq(E.id, id)));
    await changed(tx, tenant, id, 'updated');
  });
  return getEntry(tenant, id);
}

/** Cancels an open entry without payments (409 otherwise); `reopen` brings a cancelled one back. */
export async function setCancelled(tenant: Tenant, id: string, cancelled: boolean): Promise<FinEntryDetail> {
  await tenant.db.transaction(async (tx) => {
    const current = await lockEntry(tx, tenant, id);
    if (cancelled) {
      if (current.status !== 'open') throw conflict(M.notOpen, 'ENTRY_NOT_OPEN');
      if (current.paidCents > 0) throw conflict(M.hasPayments, 'ENTRY_HAS_PAYMENTS');
    } else if (current.status !== 'cancelled') return;
    await tx
      .update(E)
      .set({ status: cancelled ? 'cancelled' : 'open', updatedAt: new Date() })
      .where(eq(E.id, id));
    await changed(tx, tenant, id, 'updated');
  });
  return getEntry(tenant, id);
}

export async function deleteEntry(tenant: Tenant, id: string): Promise<void> {
  await tenant.db.transaction(async (tx) => {
    const current = await lockEntry(tx, tenant, id);
    if (current.paidCents > 0) throw conflict(M.hasPayments, 'ENTRY_HAS_PAYMENTS');
    await tx.delete(E).where(eq(E.id, id));
    await logAudit(tx, tenant, { action: 'fin_entry_deleted', entity: FIN_ENTRY, id, details: { label: current.description.slice(0, 80), amountCents: current.amountCents } });
    await changed(tx, tenant, id, 'deleted');
  });
}

/**
 * The payment, the entry's new balance and the audit lines in one statement (decision 0740): a
 * settlement is on the hot path of every Pix and boleto notification, and each round trip costs
 * more than the statement's own work. The account (this company's, not archived) is checked in the
 * same statement; when it does not qualify nothing is written and a second read says why.
 */
async function writePayment(tx: DbOrTx, tenant: Tenant, entry: LockedEntryRow, input: SettleInput, alsoAudit?: AuditEntry, paymentId: string = randomUUID()): Promise<FinPayment> {
  const [interestCents, fineCents, discountCents] = [input.interestCents ?? 0, input.fineCents ?? 0, input.discountCents ?? 0];
  const paidCents = entry.paidCents + input.amountCents;
  const done = paidCents >= entry.amountCents;
  const line = auditLine({ action: 'payment_recorded', entity: FIN_ENTRY, id: entry.id, details: { paymentId, amountCents: input.amountCents, interestCents, fineCents, discountCents } });
  const audit = auditRows(tenant, alsoAudit ? [line, alsoAudit] : [line]);
  const { rows } = await tx.execute<{ name: string; created_at: string }>(sql`
    WITH acc AS (
      SELECT id, name FROM ${A} WHERE company_id = ${tenant.companyId} AND id = ${input.accountId} AND archived_at IS NULL
    ), pay AS (
      INSERT INTO ${P} (id, company_id, entry_id, account_id, paid_date, amount_cents, interest_cents, fine_cents, discount_cents, created_by)
      SELECT ${paymentId}, ${tenant.companyId}, ${entry.id}, acc.id, ${input.paidDate}, ${input.amountCents}, ${interestCents}, ${fineCents}, ${discountCents}, ${tenant.actorId || null} FROM acc
      RETURNING paid_date, created_at
    ), upd AS (
      UPDATE ${E} SET paid_cents = ${paidCents}, status = ${done ? 'paid' : 'open'}, updated_at = ${new Date().toISOString()},
             -- The new payment is not visible to a subquery of this statement: its date joins the others'.
             settled_date = CASE WHEN ${done} THEN (SELECT max(d) FROM (SELECT paid_date AS d FROM ${P} WHERE entry_id = ${entry.id} UNION ALL SELECT paid_date FROM pay) x) END
       WHERE id = ${entry.id} AND EXISTS (SELECT 1 FROM pay)
    ), audit AS (
      INSERT INTO ${schema.activityLog} (company_id, user_id, api_key_id, action, details)
      SELECT a."companyId", a."userId", a."apiKeyId", a.action, a.details
        FROM json_to_recordset(${JSON.stringify(audit)}::json) AS a("companyId" uuid, "userId" text, "apiKeyId" uuid, action text, details jsonb)
       WHERE EXISTS (SELECT 1 FROM pay)
    )
    SELECT acc.name, to_char(pay.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM pay, acc`);
  const written = rows[0];
  if (!written) {
    const [account] = await tx.select({ archivedAt: A.archivedAt }).from(A).where(and(eq(A.companyId, tenant.companyId), eq(A.id, input.accountId)));
    if (!account) throw notFound(FINANCE_MESSAGES.accountNotFound);
    throw conflict(FINANCE_MESSAGES.accountArchived, 'ACCOUNT_ARCHIVED');
  }
  return {
    id: paymentId,
    accountId: input.accountId,
    accountName: written.name,
    paidDate: input.paidDate,
    amountCents: input.amountCents,
    interestCents,
    fineCents,
    discountCents,
    totalCents: input.amountCents + interestCents + fineCents - discountCents,
    createdAt: written.created_at,
  };
}

export type SettleInput = { entryId: string; accountId: string; paidDate: string; amountCents: number; interestCents?: number; fineCents?: number; discountCents?: number };
/** What a payment reads of the entry its transaction holds locked (a caller may lock it with its own read). */
export type LockedEntryRow = Pick<typeof E.$inferSelect, 'id' | 'status' | 'amountCents' | 'paidCents'>;

/**
 * One payment in a transaction the caller holds. `locked`: the entry's row the caller already read
 * FOR UPDATE in this transaction (not read again); `later`: its announcement is pushed there for
 * the caller to send after its commit (decision 0765) instead of NOTIFYing in the transaction;
 * `alsoAudit`: the caller's own line, written with the payment's in one insert.
 */
async function settleIn(tx: DbOrTx, tenant: Tenant, input: SettleInput, opts: { locked?: LockedEntryRow; later?: Announcement[]; alsoAudit?: AuditEntry; paymentId?: string } = {}): Promise<FinPayment> {
  const entry = opts.locked ?? (await lockEntry(tx, tenant, input.entryId));
  if (entry.id !== input.entryId) throw new Error('settleIn: the locked entry is not the one settled');
  if (entry.status !== 'open') throw conflict(M.notOpen, 'ENTRY_NOT_OPEN');
  const open = entry.amountCents - entry.paidCents;
  if (input.amountCents > open) throw badRequest(M.overpaid);
  const payment = await writePayment(tx, tenant, entry, input, opts.alsoAudit, opts.paymentId);
  if (opts.later) opts.later.push({ companyId: tenant.companyId, entity: FIN_ENTRY, id: entry.id, action: 'updated' });
  else await changed(tx, tenant, entry.id, 'updated');
  return payment;
}

/**
 * Settles an entry, whole or in part (principal + interest + fine − discount); it becomes paid
 * when the principal reaches its amount. Used by the routes and by reconciliation.
 */
export async function settleEntry(tenant: Tenant, input: SettleInput): Promise<{ payment: FinPayment; entry: FinEntryDetail }> {
  const payment = await tenant.db.transaction((tx) => settleIn(tx, tenant, input));
  return { payment, entry: await getEntry(tenant, input.entryId) };
}

/**
 * A payment of an entry the caller's transaction already holds locked (`locked`, read FOR UPDATE
 * there): no savepoint, no second lock, no re-read of the entry afterwards; the announcement goes
 * to `later`, sent by the caller after its commit (finance-pix's settlement, decision 0765).
 */
export const settleLocked = (tx: DbOrTx, tenant: Tenant, locked: LockedEntryRow, input: SettleInput, later: Announcement[], alsoAudit?: AuditEntry, paymentId?: string): Promise<FinPayment> =>
  settleIn(tx, tenant, input, { locked, later, alsoAudit, paymentId });

/** Many entries paid in full on one date and account, in one transaction: all or none. */
export async function bulkSettle(tenant: Tenant, input: z.output<typeof bulkSettleSchema>): Promise<{ settled: number; totalCents: number }> {
  const ids = [...new Set(input.entryIds)].sort();
  return tenant.db.transaction(async (tx) => {
    let totalCents = 0;
    for (const id of ids) {
      const entry = await lockEntry(tx, tenant, id);
      if (entry.status !== 'open') throw conflict(`${M.notOpen} (${entry.description.slice(0, 60)})`, 'ENTRY_NOT_OPEN');
      const amountCents = entry.amountCents - entry.paidCents;
      await settleIn(tx, tenant, { entryId: id, accountId: input.accountId, paidDate: input.paidDate, amountCents });
      totalCents += amountCents;
    }
    return { settled: ids.length, totalCents };
  });
}

/** Undoes one payment: the entry is open again with what remains paid. */
export async function undoPayment(tenant: Tenant, entryId: string, paymentId: string): Promise<FinEntryDetail> {
  await tenant.db.transaction(async (tx) => {
    const entry = await lockEntry(tx, tenant, entryId);
    const [payment] = await tx
      .delete(P)
      .where(and(eq(P.companyId, tenant.companyId), eq(P.entryId, entryId), eq(P.id, paymentId)))
      .returning();
    if (!payment) throw notFound(M.paymentNotFound);
    const paidCents = entry.paidCents - payment.amountCents;
    await tx
      .update(E)
      .set({
        paidCents,
        status: entry.status === 'cancelled' ? 'cancelled' : paidCents >= entry.amountCents ? 'paid' : 'open',
        settledDate: paidCents >= entry.amountCents ? entry.settledDate : null,
        updatedAt: new Date(),
      })
      .where(eq(E.id, entryId));
    await logAudit(tx, tenant, { action: 'payment_undone', entity: FIN_ENTRY, id: entryId, details: { paymentId, amountCents: payment.amountCents } });
    await changed(tx, tenant, entryId, 'updated');
  });
  return getEntry(tenant, entryId);
}

// ---- lists ----

/** `updatedSince`: only entries changed at or after that instant (the public API's sync, decision 0641). */
type ListQuery = z.output<typeof entryListQuerySchema> & { updatedSince?: string };

const sortColumn = { dueDate: E.dueDate, competenceDate: E.competenceDate, amount: E.amountCents, description: E.description } as const;

/** The filter of a list (no cursor): shared by the page, its totals and the export. */
export function listFilter(tenant: Pick<Tenant, 'companyId'>, q: ListQuery, today = todayInBrazil()): SQL {
  const conds: Array<SQL | undefined> = [eq(E.companyId, tenant.companyId)];
  if (q.kind) conds.push(eq(E.kind, q.kind));
  if (q.status === 'open') conds.push(and(eq(E.status, 'open'), sql`${E.dueDate} >= ${today}`));
  else if (q.status === 'overdue') conds.push(and(eq(E.status, 'open'), lt(E.dueDate, today)));
  else if (q.status === 'pending') conds.push(eq(E.status, 'open'));
  else if (q.status === 'paid' || q.status === 'cancelled') conds.push(eq(E.status, q.status));
  const dateCol = q.dateField === 'competence' ? E.competenceDate : E.dueDate;
  if (q.from) conds.push(sql`${dateCol} >= ${q.from}`);
  if (q.to) conds.push(sql`${dateCol} <= ${q.to}`);
  if (q.categoryId) conds.push(eq(E.categoryId, q.categoryId));
  if (q.costCenterId) conds.push(eq(E.costCenterId, q.costCenterId));
  if (q.accountId) conds.push(eq(E.accountId, q.accountId));
  if (q.organizationId) conds.push(eq(E.organizationId, q.organizationId));
  if (q.personId) conds.push(eq(E.personId, q.personId));
  if (q.updatedSince) conds.push(sql`${E.updatedAt} >= ${q.updatedSince}::timestamptz`);
  if (q.q) {
    // Word-prefix search, accents folded (decisions 0155, 0198): the description and document number
    // through fin_entries_search_idx, the supplier or customer through the parties' search indexes
    // (ARRAY(subquery) is evaluated once, so organization_id / person_id use their indexes).
    const words = (foldSearch(q.q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
    if (words.length === 0) conds.push(sql`false`);
    else {
      const tsq = words.map((w) => `${w}:*`).join(' & ');
      conds.push(
        or(
          sql`to_tsvector('simple', ${searchText(sql`translate(${E.description} || ' ' || coalesce(${E.documentNumber}, ''), '-./', '   ')`)}) @@ to_tsquery('simple', ${tsq})`,
          sql`${E.organizationId} = any(array(select o.id from organizations o where o.company_id = ${tenant.companyId} and to_tsvector('simple', ${searchText(sql`o.razao_social || ' ' || coalesce(o.nome_fantasia, '')`)}) @@ to_tsquery('simple', ${tsq})))`,
          sql`${E.personId} = any(array(select p.id from people p where p.company_id = ${tenant.companyId} and to_tsvector('simple', ${searchText(sql`p.name`)}) @@ to_tsquery('simple', ${tsq})))`,
        ),
      );
    }
  }
  return and(...conds)!;
}

const encodeCursor = (value: string | number, id: string) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string, sort: keyof typeof sortColumn): [string | number, string] {
  try {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const okValue = sort === 'amount' ? typeof value === 'number' && Number.isSafeInteger(value) : typeof value === 'string' && value.length <= 300;
    if (!okValue || typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) throw new Error('bad');
    return [value as string | number, id];
  } catch {
    throw badRequest(M.cursor, 'INVALID_CURSOR');
  }
}

export async function totalsOf(tenant: Tenant, filter: SQL, today = todayInBrazil()): Promise<FinEntryTotals> {
  const [t] = await tenant.db
    .select({
      count: sql<number>`count(*)::int`,
      amountCents: sql<string>`coalesce(sum(${E.amountCents}) filter (where ${E.status} <> 'cancelled'), 0)`,
      paidCents: sql<string>`coalesce(sum(${E.paidCents}), 0)`,
      openCents: sql<string>`coalesce(sum(${E.amountCents} - ${E.paidCents}) filter (where ${E.status} = 'open'), 0)`,
      overdueCents: sql<string>`coalesce(sum(${E.amountCents} - ${E.paidCents}) filter (where ${E.status} = 'open' and ${E.dueDate} < ${today}), 0)`,
    })
    .from(E)
    .where(filter);
  return { count: t!.count, amountCents: Number(t!.amountCents), paidCents: Number(t!.paidCents), openCents: Number(t!.openCents), overdueCents: Number(t!.overdueCents) };
}

export async function listEntries(tenant: Tenant, q: ListQuery): Promise<FinEntryPage> {
  const today = todayInBrazil();
  const filter = listFilter(tenant, q, today);
  // While searching, the sort key is wrapped so the planner cannot walk a list index in order and
  // run the search on every row (a rare word would read the whole company): the matches come from
  // the search indexes and are sorted (decisions 0155, 0198).
  const col = q.q ? (q.sort === 'description' ? sql`(${sortColumn[q.sort]} || '')` : sql`(${sortColumn[q.sort]} + 0)`) : sortColumn[q.sort];
  const dir = q.order === 'desc' ? desc : asc;
  let where = filter;
  if (q.cursor) {
    const [value, id] = decodeCursor(q.cursor, q.sort);
    const cmp = q.order === 'desc' ? sql`(${col}, ${E.id}) < (${value}, ${id})` : sql`(${col}, ${E.id}) > (${value}, ${id})`;
    where = and(filter, cmp)!;
  }
  const [rows, totals] = await Promise.all([
    tenant.db.select(columns).from(E).where(where).orderBy(dir(col), dir(E.id)).limit(q.limit + 1),
    // The totals come with the first page only: the next pages of the same filter have the same.
    q.cursor ? Promise.resolve(null) : totalsOf(tenant, filter, today),
  ]);
  const page = rows.slice(0, q.limit).map((r) => toEntry(flatten(r), today));
  const last = rows.length > q.limit ? rows[q.limit - 1]!.e : null;
  const lastValue = last ? (q.sort === 'amount' ? last.amountCents : q.sort === 'description' ? last.description : q.sort === 'competenceDate' ? last.competenceDate : last.dueDate) : null;
  return { entries: page, nextCursor: last && lastValue !== null ? encodeCursor(lastValue, last.id) : null, totals };
}

/** Every entry of a filter, for the export (at most `max`). */
export async function allEntries(tenant: Tenant, q: ListQuery, max = 50_000): Promise<FinEntry[]> {
  const today = todayInBrazil();
  const col = sortColumn[q.sort];
  const dir = q.order === 'desc' ? desc : asc;
  const rows = await tenant.db.select(columns).from(E).where(listFilter(tenant, q, today)).orderBy(dir(col), dir(E.id)).limit(max);
  return rows.map((r) => toEntry(flatten(r), today));
}


