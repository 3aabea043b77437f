import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { schema, type Database, type DbOrTx } from '@sede/db/client';
import { type Refund, type RefundInput, REFUND_MESSAGES as M } from '@sede/shared/finance/refunds';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Tenant } from '../../services.ts';
import { createEntry, settleEntry } from '../finance/public.ts';
import { CHARGE_ENTITY, type ChargeRow, entryOf } from './charges.ts';

/**
 * The recording half of refunds (decisions 0600, 0601), the same for every provider: the claim
 * under the paid charge's lock, the final status applied once, a confirmed refund's paid payable.
 * Asking the provider is its module's part (finance-pix-api: API Pix; finance-boleto: Asaas).
 */
const { finCharges: CH, finChargeRefunds: R } = schema;
export type RefundRow = typeof R.$inferSelect;
export type RefundOutcome = 'done' | 'failed';

export const toRefund = (r: RefundRow): Refund => ({
  id: r.id,
  entryId: r.entryId,
  chargeId: r.chargeId,
  provider: r.provider,
  refundId: r.refundId,
  amountCents: r.amountCents,
  reason: r.reason,
  status: r.status as Refund['status'],
  error: r.error,
  payableEntryId: r.payableEntryId,
  createdAt: r.createdAt.toISOString(),
});

const inTx = (db: DbOrTx, tenant: Tenant): Tenant => ({ ...tenant, db: db as unknown as Database });

/** The receivable's paid charge (the last one), or null. */
export async function paidCharge(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, entryId: string, lock: boolean) {
  const q = db
    .select()
    .from(CH)
    .where(and(eq(CH.companyId, tenant.companyId), eq(CH.entryId, entryId), eq(CH.status, 'paid')))
    .orderBy(desc(CH.paidAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** What is refunded or still in progress of a charge (refunds not made do not count). */
export async function refundedCents(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, chargeId: string, status?: 'done') {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${R.amountCents}), 0)::bigint` })
    .from(R)
    .where(and(eq(R.companyId, tenant.companyId), eq(R.chargeId, chargeId), status ? eq(R.status, status) : ne(R.status, 'failed')));
  return Number(row?.n ?? 0);
}

export const refundRows = (db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, where: { entryId: string } | { chargeId: string; status: 'pending' }) =>
  db
    .select()
    .from(R)
    .where(and(eq(R.companyId, tenant.companyId), 'entryId' in where ? eq(R.entryId, where.entryId) : and(eq(R.chargeId, where.chargeId), eq(R.status, where.status))))
    .orderBy('entryId' in where ? desc(R.createdAt) : asc(R.createdAt));

/**
 * Claims a refund (decision 0600) in one transaction holding the paid charge's lock: the same
 * refund id answers the refund already made; what is asked never passes what was received less
 * what is refunded or in progress. `blocked` says why this charge cannot be refunded (null: it can).
 */
export async function claimRefund(tenant: Tenant, entryId: string, input: RefundInput, blocked: (charge: ChargeRow | null, entry: { paidCents: number }) => string | null) {
  return tenantTransaction(tenant, async ({ db }) => {
    const entry = await entryOf(db, tenant, entryId);
    const charge = await paidCharge(db, tenant, entryId, true);
    const why = blocked(charge, entry);
    if (why || !charge) throw conflict(why ?? M.notPaid, 'REFUND_NOT_POSSIBLE');
    const [same] = await db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.chargeId, charge.id), eq(R.refundId, input.refundId)));
    if (same) return { charge, row: same, fresh: false };
    if (input.amountCents > (charge.paidCents ?? 0) - (await refundedCents(db, tenant, charge.id))) throw badRequest(M.overRefund, 'OVER_REFUND');
    const [row] = await db
      .insert(R)
      .values({ companyId: tenant.companyId, chargeId: charge.id, entryId, provider: charge.provider, refundId: input.refundId, amountCents: input.amountCents, reason: input.reason, createdBy: tenant.actorId || null })
      .returning();
    await logAudit(db, tenant, { action: 'charge_refund_requested', entity: 'fin_entry', id: entryId, details: { chargeId: charge.id, refundId: input.refundId, amountCents: input.amountCents } });
    await announce(db, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });
    return { charge, row: row!, fresh: true };
  });
}

/**
 * A refund made at the provider that Sede did not ask for (Asaas's own screens): recorded as done
 * in the caller's transaction (which holds the charge's lock), with its payable.
 */
export async function recordOutsideRefund(db: DbOrTx, tenant: Tenant, charge: ChargeRow, refundId: string, amountCents: number, reason: string) {
  const [row] = await db
    .insert(R)
    .values({ companyId: tenant.companyId, chargeId: charge.id, entryId: charge.entryId, provider: charge.provider, refundId, amountCents, reason })
    .onConflictDoNothing()
    .returning();
  if (row) await finishRefund(db, tenant, row, 'done');
}

/** Applies a refund's final word once (the row locked, only from 'pending'). */
export async function applyRefundOutcome(tenant: Tenant, id: string, outcome: RefundOutcome | null, error?: string | null): Promise<RefundRow> {
  return tenantTransaction(tenant, async ({ db }) => {
    const [row] = await db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.id, id))).for('update');
    if (!row) throw notFound(M.refundNotFound);
    if (row.status !== 'pending' || !outcome) return row;
    return finishRefund(db, tenant, row, outcome, error);
  });
}

/**
 * A pending refund's end, in the caller's transaction: done records the money out in Financeiro as
 * a paid payable "Devolução — …" of the same account, category and customer, tied to the refund.
 */
export async function finishRefund(db: DbOrTx, tenant: Tenant, row: RefundRow, outcome: RefundOutcome, error?: string | null): Promise<RefundRow> {
  // Claimed from 'pending' first, row-locked: a provider's answer and its webhook racing on the
  // same refund end it once, with one payable (a stale `row` in the other finds it ended).
  const [claimed] = await db
    .update(R)
    .set({ status: outcome, updatedAt: new Date() })
    .where(and(eq(R.companyId, tenant.companyId), eq(R.id, row.id), eq(R.status, 'pending')))
    .returning({ id: R.id });
  if (!claimed) {
    const [current] = await db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.id, row.id)));
    return current!;
  }
  const [charge] = await db.select().from(CH).where(and(eq(CH.companyId, tenant.companyId), eq(CH.id, row.chargeId)));
  let payableEntryId: string | null = null;
  if (outcome === 'done') {
    const entry = await entryOf(db, tenant, row.entryId);
    const today = todayInBrazil();
    // Confirmed by a provider's notification (no member behind it): the payable is the refund's asker's.
    const as = inTx(db, { ...tenant, actorId: tenant.actorId || row.createdBy || '' });
    const [payable] = await createEntry(as, {
      kind: 'payable',
      description: `Devolução — ${entry.description}`.slice(0, 200),
      amountCents: row.amountCents,
      dueDate: today,
      competenceDate: today,
      accountId: charge!.accountId,
      categoryId: entry.categoryId,
      organizationId: entry.organizationId,
      personId: entry.personId,
      notes: row.reason,
    });
    await settleEntry(as, { entryId: payable!.id, accountId: charge!.accountId, paidDate: today, amountCents: row.amountCents });
    payableEntryId = payable!.id;
  }
  const [updated] = await db
    .update(R)
    .set({ status: outcome, error: outcome === 'failed' ? (error || 'Devolução não realizada.').slice(0, 300) : null, payableEntryId, updatedAt: new Date() })
    .where(eq(R.id, row.id))
    .returning();
  await logAudit(db, tenant, { action: outcome === 'done' ? 'charge_refunded' : 'charge_refund_failed', entity: 'fin_entry', id: row.entryId, details: { chargeId: row.chargeId, refundId: row.refundId, amountCents: row.amountCents } });
  await announce(db, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: row.entryId, action: 'updated' });
  return updated!;
}
