import { and, eq, ne } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { type AsaasWebhook, BOLETO_MESSAGES as M } from '@sede/shared/finance/boleto';
import { AppError, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { CHARGE_ENTITY, settleCharge } from '../finance-pix/public.ts';
import { type AsaasRefundView, reconcileAsaasRefunds, refundViewOf } from './refunds.ts';
import { hashToken } from './settings.ts';

const { finPaymentProviders: PP, finBoletos: B, finCharges: CH, finChargeEvents: EV, finEntries: E } = schema;

const PAID = new Set(['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED']);
/** Refund events (decision 0601); PAYMENT_REFUND_IN_PROGRESS leaves the refund in progress. */
const REFUND = new Set(['PAYMENT_REFUNDED', 'PAYMENT_PARTIALLY_REFUNDED', 'PAYMENT_REFUND_DENIED']);
const HANDLED = new Set([...PAID, ...REFUND, 'PAYMENT_OVERDUE', 'PAYMENT_DELETED']);

/** The refunds an event's payment carries (Asaas sends the whole payment object). */
function refundView(body: AsaasWebhook, paidCents: number): AsaasRefundView {
  const p = body.payment as { status?: unknown; refunds?: unknown } | undefined;
  const refunds = (Array.isArray(p?.refunds) ? (p.refunds as Array<{ status?: unknown; value?: unknown }>) : []).map((r) => ({ status: String(r?.status ?? ''), amountCents: Math.round(Number(r?.value ?? 0) * 100) }));
  const status = body.event === 'PAYMENT_REFUNDED' ? 'REFUNDED' : String(p?.status ?? '');
  return { ...refundViewOf({ status, refunds }, paidCents), denied: body.event === 'PAYMENT_REFUND_DENIED' };
}

export type WebhookOutcome = 'settled' | 'duplicate' | 'updated' | 'ignored' | 'not_settled';

/**
 * The company a webhook's `asaas-access-token` names (decision 0572): the token is random, made
 * by Sede and kept as its SHA-256, so its hash finds the one company; anything else is 401.
 */
export async function companyOfToken(s: Services, token: string | undefined): Promise<string> {
  if (!token || token.length > 200) throw new AppError(401, 'WEBHOOK_TOKEN', M.webhookToken);
  const [row] = await s.db
    .select({ companyId: PP.companyId })
    .from(PP)
    .where(and(eq(PP.provider, 'asaas'), eq(PP.webhookTokenHash, hashToken(token))));
  if (!row) throw new AppError(401, 'WEBHOOK_TOKEN', M.webhookToken);
  return row.companyId;
}

/** Asaas's dates are São Paulo's calendar days (YYYY-MM-DD): noon there, so the day never shifts. */
const paidAtOf = (day: string | null | undefined) => (day && /^\d{4}-\d{2}-\d{2}/.test(day) ? new Date(`${day.slice(0, 10)}T12:00:00-03:00`) : new Date());

/**
 * An Asaas notification (decision 0572). The payment must be a boleto of the token's company
 * (another company's, or an unknown one, is 404 and changes nothing). Paid: the one settlement
 * (finance-pix/settle.ts), idempotent by the event id; the receivable's other open charges (its
 * static Pix) are cancelled once it is fully paid. Overdue and deleted: recorded once by event id.
 */
export async function handleAsaasEvent(s: Services, companyId: string, body: AsaasWebhook): Promise<WebhookOutcome> {
  if (!HANDLED.has(body.event) || !body.payment) return 'ignored';
  const tenant = systemTenant(s, companyId, 'webhook');
  const [found] = await tenant.db
    .select({ boletoId: B.id, chargeId: B.chargeId, entryId: B.entryId })
    .from(B)
    .where(and(eq(B.companyId, companyId), eq(B.provider, 'asaas'), eq(B.externalId, body.payment.id)));
  if (!found?.chargeId || !found.entryId) {
    // A deleted receivable's boleto (decision 0602) is no longer Sede's to settle.
    if (found) return 'ignored';
    // Asaas notifies every payment of the account, also those made outside Sede (its own screens,
    // another system) or already gone here: those are received and ignored, or Asaas would retry
    // them and pause the queue. A payment that is another company's boleto is 404, nothing changed.
    const [elsewhere] = await s.db
      .select({ id: B.id })
      .from(B)
      .where(and(eq(B.provider, 'asaas'), eq(B.externalId, body.payment.id)))
      .limit(1);
    if (elsewhere) throw notFound(M.paymentNotFound);
    return 'ignored';
  }

  const { boletoId } = found;
  const chargeId: string = found.chargeId;
  const entryId: string = found.entryId;
  if (REFUND.has(body.event)) {
    const [charge] = await tenant.db.select({ paidCents: CH.paidCents }).from(CH).where(eq(CH.id, chargeId));
    return reconcileAsaasRefunds(tenant, chargeId, refundView(body, charge?.paidCents ?? 0), { id: body.id });
  }

  if (PAID.has(body.event)) {
    const amountCents = Math.round((body.payment.value ?? 0) * 100);
    let outcome: WebhookOutcome;
    try {
      const r = await settleCharge(s, { companyId, provider: 'asaas', externalEventId: body.id, chargeId, amountCents, paidAt: paidAtOf(body.payment.clientPaymentDate ?? body.payment.paymentDate) });
      outcome = r.outcome;
    } catch (e) {
      // Paid at Asaas, but the receivable was settled another way or cancelled meanwhile: the
      // money is at Asaas and a person decides (refund or keep); Asaas is not asked to retry.
      if (e instanceof AppError && e.status === 409) {
        console.warn('[finance-boleto] paid boleto not settled', e.code);
        return 'not_settled';
      }
      throw e;
    }
    if (outcome === 'settled') {
      await tenantTransaction(tenant, async ({ db }) => {
        await db.update(B).set({ status: 'paid', updatedAt: new Date() }).where(eq(B.id, boletoId));
        const [entry] = await db.select({ status: E.status }).from(E).where(eq(E.id, entryId));
        // Decision 0573: the receivable is paid, so its static Pix (and any other open charge) ends.
        if (entry?.status === 'paid')
          await db
            .update(CH)
            .set({ status: 'cancelled', updatedAt: new Date() })
            .where(and(eq(CH.companyId, companyId), eq(CH.entryId, entryId), eq(CH.status, 'open'), ne(CH.id, chargeId)));
        await announce(db, { companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });
      });
    }
    return outcome;
  }

  const kind = body.event === 'PAYMENT_OVERDUE' ? 'overdue' : 'deleted';
  return tenantTransaction(tenant, async ({ db }) => {
    const [event] = await db
      .insert(EV)
      .values({ companyId, chargeId, provider: 'asaas', externalEventId: body.id, kind })
      .onConflictDoNothing()
      .returning({ id: EV.id });
    if (!event) return 'duplicate';
    if (kind === 'overdue') {
      await db
        .update(B)
        .set({ status: 'overdue', updatedAt: new Date() })
        .where(and(eq(B.id, boletoId), eq(B.status, 'open')));
    } else {
      const [charge] = await db
        .update(CH)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(CH.id, chargeId), eq(CH.status, 'open')))
        .returning({ id: CH.id });
      if (charge) await db.update(B).set({ status: 'cancelled', updatedAt: new Date() }).where(eq(B.id, boletoId));
    }
    await announce(db, { companyId, entity: CHARGE_ENTITY, id: entryId, action: 'updated' });
    return 'updated';
  });
}
