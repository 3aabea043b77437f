import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { schema, type Database, type DbOrTx } from '@sede/db/client';
import { type EntryRefunds, type Refund, type RefundInput, REFUND_MESSAGES as M } from '@sede/shared/finance/refunds';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { createEntry, settleEntry } from '../finance/public.ts';
import { CHARGE_ENTITY, entryOf } from '../finance-pix/public.ts';
import { PIX_API_PROVIDER } from './charges.ts';
import { type PixSchemas, pspCall } from './client.ts';
import { connectionOf, settingsRow } from './settings.ts';

const { finCharges: CH, finChargeRefunds: R } = schema;
type RefundRow = typeof R.$inferSelect;
type ChargeRow = typeof CH.$inferSelect;

const toRefund = (r: RefundRow): Refund => ({
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

const valor = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const inTx = (db: DbOrTx, tenant: Tenant): Tenant => ({ ...tenant, db: db as unknown as Database });

/** The receivable's paid charge (the last one), or null. */
async function paidCharge(db: DbOrTx, tenant: Tenant, entryId: string, lock: boolean) {
  const q = db
    .select()
    .from(CH)
    .where(and(eq(CH.companyId, tenant.companyId), eq(CH.entryId, entryId), eq(CH.status, 'paid')))
    .orderBy(desc(CH.paidAt))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Why this paid charge cannot be refunded through a provider's API (null: it can). */
const blockedReason = (charge: ChargeRow | null) =>
  !charge ? M.notPaid : charge.provider === 'pix_static' ? M.staticPix : charge.provider !== PIX_API_PROVIDER || !charge.endToEndId ? M.noProvider : null;

async function refundedCents(db: DbOrTx, tenant: Tenant, chargeId: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${R.amountCents}), 0)::bigint` })
    .from(R)
    .where(and(eq(R.companyId, tenant.companyId), eq(R.chargeId, chargeId), ne(R.status, 'failed')));
  return Number(row?.n ?? 0);
}

/**
 * A receivable's refunds (decision 0600); pending ones are asked of the PSP again first
 * (`GET /pix/{e2eid}/devolucao/{id}`), so the panel's refetch follows EM_PROCESSAMENTO to its end.
 */
export async function entryRefunds(s: Services, tenant: Tenant, entryId: string): Promise<EntryRefunds> {
  await entryOf(tenant.db, tenant, entryId);
  const charge = await paidCharge(tenant.db, tenant, entryId, false);
  let rows = await tenant.db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.entryId, entryId))).orderBy(desc(R.createdAt));
  if (charge && rows.some((r) => r.status === 'pending')) {
    for (const r of rows.filter((x) => x.status === 'pending')) await followUp(s, tenant, charge, r).catch(() => undefined);
    rows = await tenant.db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.entryId, entryId))).orderBy(desc(R.createdAt));
  }
  const blocked = blockedReason(charge);
  const refundable = charge && !blocked ? (charge.paidCents ?? 0) - (await refundedCents(tenant.db, tenant, charge.id)) : 0;
  return { refundableCents: Math.max(0, refundable), blockedReason: blocked, refunds: rows.map(toRefund) };
}

/**
 * Asks the PSP to refund (part of) a receivable's Pix (decision 0600). The claim is made under the
 * charge's lock: the same refund id answers the refund already made; what is asked never passes
 * what was received less what is refunded or in progress. The PSP is called after the claim's
 * commit; its answer (DEVOLVIDO, EM_PROCESSAMENTO, NAO_REALIZADO) is applied once.
 */
export async function requestRefund(s: Services, tenant: Tenant, entryId: string, input: RefundInput): Promise<Refund> {
  const claim = await tenantTransaction(tenant, async ({ db }) => {
    await entryOf(db, tenant, entryId);
    const charge = await paidCharge(db, tenant, entryId, true);
    const blocked = blockedReason(charge);
    if (blocked || !charge) throw conflict(blocked ?? M.notPaid, 'REFUND_NOT_POSSIBLE');
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
  if (!claim.fresh) return toRefund(claim.row);
  const conn = await connection(s, tenant, claim.charge);
  try {
    const { body } = await pspCall<PixSchemas['Devolucao']>(s, conn, 'PUT', `/pix/${encodeURIComponent(claim.charge.endToEndId!)}/devolucao/${input.refundId}`, {
      valor: valor(input.amountCents),
      natureza: 'ORIGINAL',
      descricao: input.reason,
    } satisfies PixSchemas['DevolucaoSolicitada']);
    return toRefund(await applyStatus(tenant, claim.row.id, body?.status, body?.motivo));
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return toRefund(await applyStatus(tenant, claim.row.id, 'NAO_REALIZADO', err.message));
    throw err;
  }
}

async function connection(s: Services, tenant: Tenant, charge: ChargeRow) {
  const row = await settingsRow(tenant.db, tenant, charge.accountId);
  const conn = row ? connectionOf(s, row) : null;
  if (!conn) throw conflict(M.noProvider, 'REFUND_NOT_POSSIBLE');
  return conn;
}

/** `GET /pix/{e2eid}/devolucao/{id}`: the PSP's current word on a pending refund. */
async function followUp(s: Services, tenant: Tenant, charge: ChargeRow, row: RefundRow) {
  const conn = await connection(s, tenant, charge);
  const { body } = await pspCall<PixSchemas['Devolucao']>(s, conn, 'GET', `/pix/${encodeURIComponent(charge.endToEndId!)}/devolucao/${row.refundId}`);
  await applyStatus(tenant, row.id, body?.status, body?.motivo);
}

/**
 * The PSP's status of a refund, applied once (the row locked, only from 'pending'): DEVOLVIDO
 * records the money out in Financeiro as a paid payable of the same account, tied to the refund.
 */
export async function applyStatus(tenant: Tenant, id: string, status: string | undefined, motivo?: string | null): Promise<RefundRow> {
  return tenantTransaction(tenant, async ({ db }) => {
    const [row] = await db.select().from(R).where(and(eq(R.companyId, tenant.companyId), eq(R.id, id))).for('update');
    if (!row) throw notFound(M.refundNotFound);
    if (row.status !== 'pending' || (status !== 'DEVOLVIDO' && status !== 'NAO_REALIZADO')) return row;
    const [charge] = await db.select().from(CH).where(and(eq(CH.companyId, tenant.companyId), eq(CH.id, row.chargeId)));
    let payableEntryId: string | null = null;
    if (status === 'DEVOLVIDO') {
      const entry = await entryOf(db, tenant, row.entryId);
      const today = todayInBrazil();
      const [payable] = await createEntry(inTx(db, tenant), {
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
      await settleEntry(inTx(db, tenant), { entryId: payable!.id, accountId: charge!.accountId, paidDate: today, amountCents: row.amountCents });
      payableEntryId = payable!.id;
    }
    const [updated] = await db
      .update(R)
      .set({ status: status === 'DEVOLVIDO' ? 'done' : 'failed', error: status === 'NAO_REALIZADO' ? (motivo ?? 'Devolução não realizada pelo banco.').slice(0, 300) : null, payableEntryId, updatedAt: new Date() })
      .where(eq(R.id, row.id))
      .returning();
    await logAudit(db, tenant, { action: status === 'DEVOLVIDO' ? 'charge_refunded' : 'charge_refund_failed', entity: 'fin_entry', id: row.entryId, details: { chargeId: row.chargeId, refundId: row.refundId, amountCents: row.amountCents } });
    await announce(db, { companyId: tenant.companyId, entity: CHARGE_ENTITY, id: row.entryId, action: 'updated' });
    return updated!;
  });
}
