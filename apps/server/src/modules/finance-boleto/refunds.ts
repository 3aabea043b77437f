import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { REFUND_MESSAGES as M } from '@sede/shared/finance/refunds';
import { AppError, conflict } from '../../http/errors.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { applyRefundOutcome, type ChargeRow, finishRefund, recordOutsideRefund, refundedCents, refundRows, type RefundRow } from '../finance-pix/public.ts';
import { type ProviderPayment, ProviderError } from './provider.ts';
import { providerFor, settingsRow } from './settings.ts';

const { finCharges: CH, finChargeEvents: EV } = schema;

/** Why a charge paid through Asaas cannot be refunded there (null: it can). */
export const asaasRefundBlocked = (charge: ChargeRow) => (charge.provider === 'asaas' && charge.providerReference ? null : M.noProvider);

/** What Asaas says of a payment's refunds: the amount refunded (DONE) and whether one was denied. */
export type AsaasRefundView = { doneCents: number | null; denied: boolean };
export const refundViewOf = (p: Pick<ProviderPayment, 'status' | 'refunds'>, paidCents: number): AsaasRefundView => ({
  doneCents: p.refunds.length ? p.refunds.filter((r) => r.status === 'DONE').reduce((n, r) => n + r.amountCents, 0) : p.status === 'REFUNDED' ? paidCents : null,
  denied: false,
});

async function providerOf(s: Services, tenant: Tenant) {
  const settings = await settingsRow(tenant.db, tenant);
  if (!settings) throw conflict(M.noProvider, 'REFUND_NOT_POSSIBLE');
  return providerFor(s, settings);
}

/**
 * Brings Sede's refunds of an Asaas payment in line with Asaas's word (decision 0601), under the
 * charge's lock: pending refunds, oldest first, become done while Asaas's refunded total covers
 * them; what Asaas refunded beyond them (its own screens) is recorded as a refund made there; a
 * denial ends the oldest pending one. `doneCents` null (an event without the amount): the oldest
 * pending refund is the one confirmed. Applying the same view twice changes nothing.
 */
export async function reconcileAsaasRefunds(tenant: Tenant, chargeId: string, view: AsaasRefundView, event?: { id: string }) {
  return tenantTransaction(tenant, async ({ db }) => {
    const [charge] = await db
      .select()
      .from(CH)
      .where(and(eq(CH.companyId, tenant.companyId), eq(CH.id, chargeId)))
      .for('update');
    if (!charge) return 'ignored' as const;
    if (event) {
      const [fresh] = await db
        .insert(EV)
        .values({ companyId: tenant.companyId, chargeId, provider: 'asaas', externalEventId: event.id, kind: view.denied ? 'refund_denied' : 'refunded' })
        .onConflictDoNothing()
        .returning({ id: EV.id });
      if (!fresh) return 'duplicate' as const;
    }
    const pending = await refundRows(db, tenant, { chargeId, status: 'pending' });
    if (view.denied) {
      if (pending[0]) await finishRefund(db, tenant, pending[0], 'failed', 'O Asaas negou o estorno.');
      return 'updated' as const;
    }
    if (view.doneCents === null) {
      if (pending[0]) await finishRefund(db, tenant, pending[0], 'done');
      return 'updated' as const;
    }
    let extra = view.doneCents - (await refundedCents(db, tenant, chargeId, 'done'));
    for (const row of pending) {
      if (extra < row.amountCents) break;
      await finishRefund(db, tenant, row, 'done');
      extra -= row.amountCents;
    }
    if (extra > 0) {
      const room = (charge.paidCents ?? 0) - (await refundedCents(db, tenant, chargeId));
      if (room > 0) await recordOutsideRefund(db, tenant, charge, `asaas${view.doneCents}`, Math.min(extra, room), 'Estorno feito no Asaas');
    }
    return 'updated' as const;
  });
}

/**
 * `POST /v3/payments/{id}/refund` for a claimed refund (decision 0601): Asaas's answer is applied
 * at once (a refund done there is done here); a refusal in Asaas's words marks it not made; a
 * timeout leaves it in progress, for the webhook or the next look to settle.
 */
export async function requestAsaasRefund(s: Services, tenant: Tenant, charge: ChargeRow, row: RefundRow): Promise<RefundRow> {
  const provider = await providerOf(s, tenant);
  try {
    const payment = await provider.refundPayment(charge.providerReference!, row.amountCents, row.reason);
    await reconcileAsaasRefunds(tenant, charge.id, refundViewOf(payment, charge.paidCents ?? 0));
  } catch (e) {
    if (e instanceof ProviderError && (e.kind === 'refused' || e.kind === 'not_found' || e.kind === 'auth'))
      return applyRefundOutcome(tenant, row.id, 'failed', e.kind === 'auth' ? 'O Asaas recusou a chave de API.' : `O Asaas recusou o estorno: ${e.detail}`);
    if (!(e instanceof ProviderError) && !(e instanceof AppError)) throw e;
    console.warn('[finance-boleto] refund left in progress', (e as Error).message);
  }
  return applyRefundOutcome(tenant, row.id, null);
}

/** A pending Asaas refund asked again (`GET /v3/payments/{id}`), so an open panel follows it. */
export async function followAsaasRefunds(s: Services, tenant: Tenant, charge: ChargeRow) {
  const payment = await (await providerOf(s, tenant)).getPayment(charge.providerReference!);
  await reconcileAsaasRefunds(tenant, charge.id, refundViewOf(payment, charge.paidCents ?? 0));
}
