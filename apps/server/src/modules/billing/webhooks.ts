import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Transaction } from '@sede/db/client';
import type { WebhookOutcome } from '@sede/shared/billing';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { billingOf } from './context.ts';
import { fulfilPayment, schedulePayment, setPaymentStatus, type PaymentRow } from './fulfilment.ts';
import { verifyStripeEvent, type StripeMetadata } from './payments/stripe.ts';

/**
 * A Stripe webhook delivery. The signature is checked over the raw body first (a tampered or
 * foreign event changes nothing). The event id is recorded in the same transaction as its
 * effect, so a replay is acknowledged and ignored; fulfilment itself is also once-only.
 */
export async function handleStripeWebhook(s: Services, rawBody: string, signature: string | undefined, now = new Date()): Promise<WebhookOutcome> {
  const billing = billingOf(s);
  if (billing.mode !== 'stripe' || !billing.stripe || !billing.webhookSecret) throw notFound('Webhook do Stripe não configurado');
  if (!signature) throw badRequest('Assinatura do webhook ausente.', 'INVALID_SIGNATURE');
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent(billing.stripe, rawBody, signature, billing.webhookSecret);
  } catch {
    throw badRequest('Assinatura do webhook inválida.', 'INVALID_SIGNATURE');
  }
  return s.db.transaction(async (tx) => {
    const fresh = await tx.execute(sql`
      INSERT INTO webhook_events (id, provider, type) VALUES (${event.id}, 'stripe', ${event.type})
      ON CONFLICT (id) DO NOTHING RETURNING id
    `);
    if (!fresh.rows.length) return { received: true, duplicate: true } as const;
    const action = await applyEvent(tx, event, now);
    return { received: true, action } as const;
  });
}

async function applyEvent(tx: Transaction, event: Stripe.Event, now: Date): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const payment = await ourPayment(tx, session.metadata, session.client_reference_id);
      if (!payment) return 'ignored';
      if (payment.kind === 'coins' && session.amount_total !== payment.amount_cents) {
        // Signed by Stripe, yet not what we sold: never credit a mismatch.
        console.error('[billing] amount mismatch for payment', payment.id);
        return 'amount-mismatch';
      }
      if (session.payment_status === 'paid') return (await fulfilPayment(tx, payment.id, { now })).fulfilled ? 'fulfilled' : 'already';
      if (session.payment_status === 'no_payment_required' && payment.kind === 'subscription') {
        return (await schedulePayment(tx, payment)) ? 'scheduled' : 'already';
      }
      return 'awaiting-payment'; // boleto or Pix issued, not paid yet
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      const payment = await ourPayment(tx, session.metadata, session.client_reference_id);
      if (!payment) return 'ignored';
      const status = event.type === 'checkout.session.expired' ? 'canceled' : 'failed';
      return (await setPaymentStatus(tx, payment.id, status)) ? status : 'already';
    }
    case 'invoice.paid':
      return invoicePaid(tx, event.data.object, now);
    case 'invoice.payment_failed': {
      const meta = invoiceMetadata(event.data.object);
      if (!meta) return 'ignored';
      await tx.execute(sql`UPDATE companies SET subscription_status = 'past_due', updated_at = now() WHERE id = ${meta.companyId} AND subscription_status <> 'canceled'`);
      return 'past_due';
    }
    case 'customer.subscription.deleted': {
      const meta = event.data.object.metadata as Partial<StripeMetadata> | null;
      if (!meta?.companyId) return 'ignored';
      await tx.execute(sql`UPDATE companies SET subscription_status = 'canceled', updated_at = now() WHERE id = ${meta.companyId}`);
      return 'canceled';
    }
    default:
      return 'ignored';
  }
}

/** A subscription charge: the first one (after checkout or the trial) or a renewal. */
async function invoicePaid(tx: Transaction, invoice: Stripe.Invoice, now: Date): Promise<string> {
  const meta = invoiceMetadata(invoice);
  if (!meta || invoice.amount_paid <= 0) return 'ignored'; // the R$ 0 invoice that opens a trial
  const line = invoice.lines?.data?.[0];
  const period = line ? { start: new Date(line.period.start * 1000), end: new Date(line.period.end * 1000) } : undefined;
  const original = await ourPayment(tx, meta, null);
  if (!original) return 'ignored';
  if (original.status === 'pending' || original.status === 'scheduled') {
    await fulfilPayment(tx, original.id, { now, period });
    return 'fulfilled';
  }
  if (invoice.billing_reason === 'subscription_create') return 'already';
  // A renewal: its own payment row, unique by the invoice id, then the new period.
  const inserted = await tx.execute<{ id: string }>(sql`
    INSERT INTO payments (company_id, provider, provider_ref, kind, item, amount_cents, coins, created_by)
    VALUES (${original.company_id}, 'stripe', ${invoice.id}, 'subscription', ${original.item}, ${invoice.amount_paid}, 0, ${original.created_by})
    ON CONFLICT DO NOTHING RETURNING id
  `);
  const renewal = inserted.rows[0];
  if (!renewal) return 'already';
  await fulfilPayment(tx, renewal.id, { now, period });
  return 'renewed';
}

function invoiceMetadata(invoice: Stripe.Invoice): StripeMetadata | null {
  const meta = invoice.parent?.subscription_details?.metadata as Partial<StripeMetadata> | null | undefined;
  return meta?.paymentId && meta.companyId ? (meta as StripeMetadata) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ourPayment(tx: Transaction, metadata: Stripe.Metadata | Partial<StripeMetadata> | null, clientReference: string | null): Promise<PaymentRow | null> {
  const meta = (metadata ?? {}) as Partial<StripeMetadata>;
  const paymentId = meta.paymentId ?? clientReference;
  if (!paymentId || !UUID.test(paymentId)) return null;
  const { rows } = await tx.execute<PaymentRow>(sql`
    SELECT id, company_id, provider, provider_ref, kind, item, amount_cents, coins, status, created_by
      FROM payments WHERE id = ${paymentId} AND provider = 'stripe' FOR UPDATE
  `);
  const payment = rows[0];
  if (!payment || (meta.companyId && meta.companyId !== payment.company_id)) return null;
  return payment;
}

