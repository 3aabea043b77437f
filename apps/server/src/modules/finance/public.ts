/**
 * What other modules use of finance (reconciliation, reports): create an entry, settle one, make
 * sure the default chart exists. Inputs are validated with the same shared schemas as the API
 * (a bad one is a 400 AppError in Portuguese).
 */
import { entryCreateSchema, paymentCreateSchema, type EntryCreateInput, type FinEntry, type FinEntryDetail, type FinPayment } from '@sede/shared/finance/entries';
import { parseWith } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { createEntry as create, getEntry as getEntryOf, setCancelled, settleEntry as settle, settleLocked, type LockedEntryRow, type SettleInput, undoPayment } from './entries.ts';

export type { LockedEntryRow };
import type { Announcement } from '../../platform/live/announce.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import { accountCreateSchema } from '@sede/shared/finance/registers';
import type { z } from 'zod';
import { createAccount as createAccountOf, ensureDefaultChart as ensureDefaultChartOf } from './registers.ts';

const { finCategories } = schema;

export { getEntry } from './entries.ts';
// The public API (modules/api-v1, decision 0641) lists and edits the same entries.
export { listEntries, updateEntry } from './entries.ts';
export { ensureDefaultChart } from './registers.ts';
export type { SettleInput };
export { recordSettledEntries, recordSettledEntriesWith, type SettledEntryInput } from './settled-entries.ts';

/** One entry, installments or a recurrence (defaults: à vista, no recurrence); answers the created entries. */
export const createEntry = async (tenant: Tenant, input: EntryCreateInput): Promise<FinEntry[]> => create(tenant, parseWith(entryCreateSchema, input));

/** A payment (whole or partial) of an open entry on an account and date. */
export async function settleEntry(tenant: Tenant, input: SettleInput): Promise<{ payment: FinPayment; entry: FinEntryDetail }> {
  const { entryId, ...payment } = input;
  return settle(tenant, { entryId, ...parseWith(paymentCreateSchema, payment) });
}
export { financeReaders, membersJson, readersAmong, type MemberGrants } from './alerts.ts';

/**
 * `settleEntry` inside the caller's transaction, on the entry row it already locked there (finance-pix's
 * settlement, decision 0765): validated the same, without a savepoint, a second lock or a re-read;
 * the entry's announcement is pushed to `later` for the caller to send after its commit, and the
 * caller's own audit line (`alsoAudit`) is written with the payment's in one insert; `paymentId`:
 * the payment's id when the caller already wrote it on its own rows in this transaction.
 */
export async function settleLockedEntry(tx: DbOrTx, tenant: Tenant, locked: LockedEntryRow, input: SettleInput, later: Announcement[], alsoAudit?: AuditEntry, paymentId?: string): Promise<FinPayment> {
  const { entryId, ...payment } = input;
  return settleLocked(tx, tenant, locked, { entryId, ...parseWith(paymentCreateSchema, payment) }, later, alsoAudit, paymentId);
}

// E-commerce (decision 0682): a store's own account, the default chart's categories and a cancelled sale's reversal.
/** A new account (the same validation as the API's). */
export const createAccount = (tenant: Tenant, input: z.input<typeof accountCreateSchema>) => createAccountOf(tenant, parseWith(accountCreateSchema, input));

const categoryWhere = (companyId: string, kind: 'income' | 'expense', name: string) =>
  and(eq(finCategories.companyId, companyId), eq(finCategories.kind, kind), eq(finCategories.name, name), isNull(finCategories.archivedAt));

/** The company's live category of the default chart with this name (the chart created first when missing); null when renamed or archived. */
export async function defaultCategoryId(tenant: Tenant, kind: 'income' | 'expense', name: string): Promise<string | null> {
  const find = async () => {
    const [row] = await tenant.db.select({ id: finCategories.id }).from(finCategories).where(categoryWhere(tenant.companyId, kind, name)).limit(1);
    return row?.id ?? null;
  };
  // Found at once in a company that has its chart: one read, not the chart's check first (decision 0744).
  const found = await find();
  if (found) return found;
  await ensureDefaultChartOf(tenant);
  return find();
}

/**
 * `defaultCategoryId`'s read as a scalar subquery, for a caller that sends a statement anyway (decision 0775:
 * a store's paid order asks it in its order's statement, one round trip fewer). Null when not found: the
 * caller then asks `defaultCategoryId`, which makes the chart.
 */
export const defaultCategorySql = (tenant: Tenant, kind: 'income' | 'expense', name: string): SQL =>
  sql`(SELECT ${finCategories.id} FROM ${finCategories} WHERE ${categoryWhere(tenant.companyId, kind, name)} LIMIT 1)`;

/** An entry an outside sale no longer owes (an order cancelled at its store): its payments undone, then cancelled; already cancelled: nothing. */
export async function reverseEntry(tenant: Tenant, id: string): Promise<void> {
  const entry = await getEntryOf(tenant, id);
  if (entry.status === 'cancelled') return;
  for (const p of entry.payments) await undoPayment(tenant, id, p.id);
  await setCancelled(tenant, id, true);
}
