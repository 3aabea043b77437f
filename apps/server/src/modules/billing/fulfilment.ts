import { sql } from 'drizzle-orm';
import type { Transaction } from '@sede/db/client';
import { findCoinPackage, planIntervalEnd, PLANS, type PlanType } from '@sede/shared/billing';
import { grantAllowance } from './allowance.ts';
import { applyCoins } from '../../platform/coins/ledger.ts';

export type PaymentRow = {
  id: string;
  company_id: string;
  provider: string;
  provider_ref: string | null;
  kind: 'coins' | 'subscription';
  item: string;
  amount_cents: number;
  coins: number;
  status: string;
  created_by: string | null;
};

export type Fulfilment = { fulfilled: boolean; kind?: 'coins' | 'subscription' };

/**
 * Marks a payment paid and delivers what it bought, exactly once: the status change is
 * conditional (a second delivery finds it already paid and does nothing) and the coin credit
 * carries the payment id as its ledger reference (a second credit is a duplicate).
 */
export async function fulfilPayment(
  tx: Transaction,
  paymentId: string,
  opts: { now: Date; period?: { start: Date; end: Date } },
): Promise<Fulfilment> {
  const { rows } = await tx.execute<PaymentRow>(sql`
    UPDATE payments SET status = 'paid', paid_at = ${opts.now.toISOString()}
     WHERE id = ${paymentId} AND status IN ('pending', 'scheduled', 'failed')
    RETURNING id, company_id, provider, provider_ref, kind, item, amount_cents, coins, status, created_by
  `);
  const payment = rows[0];
  if (!payment) return { fulfilled: false };
  if (payment.kind === 'coins') {
    const pkg = findCoinPackage(payment.item);
    await applyCoins(tx, {
      companyId: payment.company_id,
      amount: payment.coins,
      kind: 'purchase',
      reference: payment.id,
      actorId: payment.created_by,
      reason: `Compra do ${pkg?.label ?? 'pacote'} (${payment.coins} moedas)`,
    });
  } else {
    const plan = payment.item as PlanType;
    const start = opts.period?.start ?? opts.now;
    const end = opts.period?.end ?? planIntervalEnd(plan, start);
    await activateSubscription(tx, payment.company_id, plan, start, end, opts.now);
  }
  return { fulfilled: true, kind: payment.kind };
}

/** A paid period: the plan is active from start to end and its monthly coins arrive at once. */
export async function activateSubscription(tx: Transaction, companyId: string, plan: PlanType, start: Date, end: Date, now: Date) {
  if (!PLANS[plan]) throw new Error(`unknown plan ${plan}`);
  await tx.execute(sql`
    UPDATE companies
       SET subscription_status = 'active', plan_type = ${plan},
           current_period_start = ${start.toISOString()}, current_period_end = ${end.toISOString()}, updated_at = now()
     WHERE id = ${companyId}
  `);
  await grantAllowance(tx, companyId, now);
}

/**
 * A subscription taken during the trial: the payment method is on file and the first charge
 * happens when the trial ends. The chosen plan is recorded now.
 */
export async function schedulePayment(tx: Transaction, payment: Pick<PaymentRow, 'id' | 'company_id' | 'item'>) {
  const { rows } = await tx.execute(sql`
    UPDATE payments SET status = 'scheduled' WHERE id = ${payment.id} AND status = 'pending' RETURNING id
  `);
  if (rows.length) {
    await tx.execute(sql`UPDATE companies SET plan_type = ${payment.item}, updated_at = now() WHERE id = ${payment.company_id}`);
  }
  return rows.length > 0;
}

export async function setPaymentStatus(tx: Transaction, paymentId: string, status: 'failed' | 'canceled', from: string[] = ['pending']) {
  const { rows } = await tx.execute(sql`
    UPDATE payments SET status = ${status} WHERE id = ${paymentId} AND status = ANY(${sql.param(from)}::text[]) RETURNING id
  `);
  return rows.length > 0;
}
