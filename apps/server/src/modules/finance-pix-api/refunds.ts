import { and, eq, lt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { type EntryRefunds, type Refund, type RefundInput, REFUND_MESSAGES as M } from '@sede/shared/finance/refunds';
import { AppError, conflict } from '../../http/errors.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { asaasRefundBlocked, followAsaasRefunds, requestAsaasRefund } from '../finance-boleto/public.ts';
import { applyRefundOutcome, type ChargeRow, claimRefund, entryOf, paidCharge, refundedCents, refundRows, type RefundRow, toRefund } from '../finance-pix/public.ts';
import { PIX_API_PROVIDER } from './charges.ts';
import { type PixSchemas, pspCall } from './client.ts';
import { connectionOf, settingsRow } from './settings.ts';

const valor = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Why this paid charge cannot be refunded through a provider's API (null: it can): API Pix (decision 0600) or Asaas (decision 0601). */
const blockedReason = (charge: ChargeRow | null, entry?: { paidCents: number }) =>
  !charge ? (entry?.paidCents ? M.byHand : M.notPaid) : charge.provider === 'pix_static' ? M.staticPix : charge.provider === 'asaas' ? asaasRefundBlocked(charge) : charge.provider !== PIX_API_PROVIDER || !charge.endToEndId ? M.noProvider : null;

/**
 * A receivable's refunds (decisions 0600, 0601); pending ones are asked of the provider again
 * first (API Pix: `GET /pix/{e2eid}/devolucao/{id}`; Asaas: the payment), so the panel's refetch
 * follows them to their end.
 */
export async function entryRefunds(s: Services, tenant: Tenant, entryId: string): Promise<EntryRefunds> {
  const entry = await entryOf(tenant.db, tenant, entryId);
  const charge = await paidCharge(tenant.db, tenant, entryId, false);
  let rows = await refundRows(tenant.db, tenant, { entryId });
  if (charge && rows.some((r) => r.status === 'pending')) {
    if (charge.provider === 'asaas') await followAsaasRefunds(s, tenant, charge).catch(() => undefined);
    else for (const r of rows.filter((x) => x.status === 'pending')) await followUp(s, tenant, charge, r).catch(() => undefined);
    rows = await refundRows(tenant.db, tenant, { entryId });
  }
  const blocked = blockedReason(charge, entry);
  const refundable = charge && !blocked ? (charge.paidCents ?? 0) - (await refundedCents(tenant.db, tenant, charge.id)) : 0;
  return { refundableCents: Math.max(0, refundable), blockedReason: blocked, refunds: rows.map(toRefund) };
}

/**
 * Asks the provider to refund (part of) a receivable's payment (decisions 0600, 0601). The claim
 * is made under the charge's lock (finance-pix/refunds.ts); the provider is called after its
 * commit and its answer applied once. API Pix: `PUT /pix/{e2eid}/devolucao/{id}` (DEVOLVIDO,
 * EM_PROCESSAMENTO, NAO_REALIZADO); Asaas: `POST /v3/payments/{id}/refund`.
 */
export async function requestRefund(s: Services, tenant: Tenant, entryId: string, input: RefundInput): Promise<Refund> {
  const claim = await claimRefund(tenant, entryId, input, blockedReason);
  if (!claim.fresh) return toRefund(claim.row);
  if (claim.charge.provider === 'asaas') return toRefund(await requestAsaasRefund(s, tenant, claim.charge, claim.row));
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

/** The PSP's status of a refund, applied once: DEVOLVIDO is done (a paid payable in Financeiro), NAO_REALIZADO not made. */
export const applyStatus = (tenant: Tenant, id: string, status: string | undefined, motivo?: string | null) =>
  applyRefundOutcome(tenant, id, status === 'DEVOLVIDO' ? 'done' : status === 'NAO_REALIZADO' ? 'failed' : null, motivo ?? 'Devolução não realizada pelo banco.');

export const FOLLOW_REFUNDS_QUEUE = 'charge-refunds-follow';
export const FOLLOW_REFUNDS_CRON = '*/10 * * * *';
/** A refund the provider has not answered for this long is asked again by the schedule. */
const QUIET_MS = 5 * 60_000;

/**
 * The schedule's follow-up of refunds left in progress (a provider's timeout, a lost webhook): each
 * receivable with one pending for over five minutes is read as its panel reads it, which asks the
 * provider again (decisions 0600, 0601). Answers how many receivables were asked about.
 */
export async function followPendingRefunds(s: Services): Promise<number> {
  const R = schema.finChargeRefunds;
  const rows = await s.db
    .selectDistinct({ companyId: R.companyId, entryId: R.entryId })
    .from(R)
    .where(and(eq(R.status, 'pending'), lt(R.updatedAt, new Date(s.clock.now() - QUIET_MS))))
    .limit(500);
  for (const row of rows) {
    await entryRefunds(s, systemTenant(s, row.companyId, 'schedule'), row.entryId).catch((err) => console.warn('[refunds] follow-up failed', row.entryId, (err as Error).message));
  }
  return rows.length;
}
