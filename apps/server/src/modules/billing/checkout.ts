import { and, eq, sql } from 'drizzle-orm';
import { schema, type Transaction } from '@sede/db/client';
import {
  chargeCents,
  collaboratorsCost,
  findCoinPackage,
  PLAN_INCLUDES,
  PLANS,
  type CheckoutResult,
  type CoinPackageId,
  type PlanType,
} from '@sede/shared/billing';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import type { Services, Tenant } from '../../services.ts';
import { assertPaymentsEnabled, billingOf, paymentsDisabled } from './context.ts';
import { fulfilPayment, schedulePayment, setPaymentStatus, type PaymentRow } from './fulfilment.ts';
import type { CheckoutRequest } from './payments/provider.ts';


/** The seat count; onboarding asks for it before its request has a tenant (no membership needed there). */
export async function memberCount(s: Services, companyId: string): Promise<number> {
  const { rows } = await s.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM company_members WHERE company_id = $1', [companyId]);
  return rows[0]?.n ?? 0;
}

type CompanyBilling = { name: string; subscription_status: string; trial_ends_at: Date | null; plan_type: string | null };

async function companyBilling(tenant: Tenant): Promise<CompanyBilling> {
  const { companies } = schema;
  const rows = await tenant.db
    .select({ name: companies.name, subscription_status: companies.subscriptionStatus, trial_ends_at: companies.trialEndsAt, plan_type: companies.planType })
    .from(companies)
    .where(eq(companies.id, tenant.companyId));
  if (!rows[0]) throw notFound('Empresa não encontrada');
  return rows[0];
}

export async function createCoinCheckout(s: Services, tenant: Tenant, viewer: Viewer, packageId: CoinPackageId): Promise<CheckoutResult> {
  assertPaymentsEnabled(s);
  const pkg = findCoinPackage(packageId);
  if (!pkg) throw new AppError(400, 'UNKNOWN_PACKAGE', 'Pacote de moedas desconhecido');
  const company = await companyBilling(tenant);
  return startCheckout(s, tenant, viewer, {
    kind: 'coins',
    item: pkg.id,
    amountCents: pkg.priceCents,
    coins: pkg.coins,
    description: `${pkg.coins} moedas Sede (${pkg.label})`,
    companyName: company.name,
  });
}

export async function createSubscriptionCheckout(s: Services, tenant: Tenant, viewer: Viewer, plan: PlanType): Promise<CheckoutResult> {
  assertPaymentsEnabled(s);
  if (!PLANS[plan]) throw new AppError(400, 'UNKNOWN_PLAN', 'Plano desconhecido');
  const company = await companyBilling(tenant);
  if (company.subscription_status === 'active') {
    throw conflict('Sua empresa já tem uma assinatura ativa. Para trocar de plano, fale com o suporte.', 'SUBSCRIPTION_ACTIVE');
  }
  const { payments } = schema;
  const scheduled = await tenant.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.companyId, tenant.companyId), eq(payments.kind, 'subscription'), eq(payments.status, 'scheduled')))
    .limit(1);
  if (scheduled.length) {
    throw conflict('Sua assinatura já está confirmada: a cobrança automática acontece no fim do período de teste.', 'SUBSCRIPTION_SCHEDULED');
  }
  const members = await memberCount(s, tenant.companyId);
  const { extra } = collaboratorsCost(members);
  const trialEnd = company.subscription_status === 'trialing' && company.trial_ends_at && company.trial_ends_at > new Date() ? company.trial_ends_at : null;
  return startCheckout(s, tenant, viewer, {
    kind: 'subscription',
    item: plan,
    amountCents: chargeCents(plan, members),
    coins: 0,
    description: `Sede — plano ${PLANS[plan].label}`,
    companyName: company.name,
    plan: { type: plan, priceCents: PLANS[plan].priceCents, extraCollaborators: extra, extraCollaboratorCents: PLAN_INCLUDES.extraCollaboratorCents, trialEnd },
  });
}

async function startCheckout(
  s: Services,
  tenant: Tenant,
  viewer: Viewer,
  item: Pick<CheckoutRequest, 'kind' | 'item' | 'amountCents' | 'coins' | 'description' | 'companyName' | 'plan'>,
): Promise<CheckoutResult> {
  const billing = billingOf(s);
  const provider = billing.provider;
  if (billing.mode === 'disabled' || !provider) throw paymentsDisabled();
  const { payments } = schema;
  const { companyId } = tenant;
  const [created] = await tenant.db
    .insert(payments)
    .values({ companyId, provider: billing.mode, kind: item.kind, item: item.item, amountCents: item.amountCents, coins: item.coins, createdBy: viewer.user.id })
    .returning({ id: payments.id });
  const paymentId = created!.id;
  const ofThisPayment = and(eq(payments.id, paymentId), eq(payments.companyId, companyId));
  const page = item.kind === 'coins' ? '/comprar-moedas' : '/billing';
  try {
    const session = await provider.createCheckout({
      ...item,
      paymentId,
      companyId,
      customerEmail: viewer.user.email,
      successUrl: `${s.cfg.appUrl}${page}?pagamento=concluido`,
      cancelUrl: `${s.cfg.appUrl}${page}?pagamento=cancelado`,
    });
    await tenant.db.update(payments).set({ providerRef: session.providerRef }).where(ofThisPayment);
    return { paymentId, url: session.url, mode: billing.mode };
  } catch (e) {
    console.error('[billing] checkout failed:', (e as Error).message);
    await tenant.db.update(payments).set({ status: 'failed' }).where(ofThisPayment);
    throw new AppError(502, 'CHECKOUT_FAILED', 'Não foi possível iniciar o pagamento. Tente novamente em alguns instantes.');
  }
}

async function sandboxPayment(s: Services, tenant: Tenant, paymentId: string): Promise<PaymentRow> {
  const mode = billingOf(s).mode;
  if (mode === 'disabled') throw paymentsDisabled();
  if (mode !== 'sandbox') throw notFound('Pagamento não encontrado');
  const { rows } = await tenant.db.execute<PaymentRow>(sql`
    SELECT id, company_id, provider, provider_ref, kind, item, amount_cents, coins, status, created_by
      FROM payments WHERE id = ${paymentId} AND company_id = ${tenant.companyId} AND provider = 'sandbox'
  `);
  if (!rows[0]) throw notFound('Pagamento não encontrado');
  return rows[0];
}

export async function getSandboxPayment(s: Services, tenant: Tenant, paymentId: string) {
  const p = await sandboxPayment(s, tenant, paymentId);
  return { id: p.id, kind: p.kind, item: p.item, amountCents: p.amount_cents, coins: p.coins, status: p.status };
}

export const SANDBOX_MESSAGES = {
  alreadyConfirmed: 'Este pagamento já foi confirmado.',
  alreadyCanceled: 'Este pagamento já foi cancelado. Inicie uma nova compra.',
  closed: 'Este pagamento não pode mais ser alterado. Inicie uma nova compra.',
} as const;

/** The payment's status now, read under a row lock inside the transaction. */
async function lockedStatus(tx: Transaction, paymentId: string): Promise<string> {
  const { rows } = await tx.execute<{ status: string }>(sql`SELECT status FROM payments WHERE id = ${paymentId} FOR UPDATE`);
  return rows[0]?.status ?? 'missing';
}

/**
 * The sandbox's "payment page" confirmation. A coin package is paid and credited at once; a
 * subscription taken during the trial is scheduled (charged when the trial ends, like Stripe
 * does with a card on file); otherwise it is paid and the plan starts now.
 *
 * Confirm and cancel may race (two tabs, a double click): both lock the payment row and move it
 * out of 'pending' with a conditional update, so exactly one of them happens and each answer
 * says what really happened. Confirming again is an honest repeat (`alreadyDone`); confirming a
 * canceled payment is a 409 (docs/decisions/0081).
 */
export async function confirmSandboxPayment(s: Services, tenant: Tenant, paymentId: string, now = new Date()) {
  const payment = await sandboxPayment(s, tenant, paymentId);
  return tenant.db.transaction(async (tx) => {
    const status = await lockedStatus(tx, payment.id);
    if (status === 'paid' || status === 'scheduled') return { status, alreadyDone: true };
    if (status === 'canceled') throw conflict(SANDBOX_MESSAGES.alreadyCanceled, 'PAYMENT_CANCELED');
    if (status !== 'pending') throw conflict(SANDBOX_MESSAGES.closed, 'PAYMENT_CLOSED');
    if (payment.kind === 'subscription') {
      const { rows } = await tx.execute<{ trialing: boolean }>(sql`
        SELECT (subscription_status = 'trialing' AND trial_ends_at > ${now.toISOString()}) AS trialing FROM companies WHERE id = ${tenant.companyId}
      `);
      if (rows[0]?.trialing) {
        if (!(await schedulePayment(tx, payment))) throw new Error('sandbox payment left pending under lock');
        return { status: 'scheduled', alreadyDone: false };
      }
    }
    const result = await fulfilPayment(tx, payment.id, { now });
    if (!result.fulfilled) throw new Error('sandbox payment left pending under lock');
    return { status: 'paid', alreadyDone: false };
  });
}

/** Cancel: only a pending payment; canceling again is an honest repeat, a confirmed one a 409. */
export async function cancelSandboxPayment(s: Services, tenant: Tenant, paymentId: string) {
  const payment = await sandboxPayment(s, tenant, paymentId);
  return tenant.db.transaction(async (tx) => {
    const status = await lockedStatus(tx, payment.id);
    if (status === 'canceled') return { status: 'canceled', alreadyDone: true };
    if (status === 'paid' || status === 'scheduled') throw conflict(SANDBOX_MESSAGES.alreadyConfirmed, 'PAYMENT_CONFIRMED');
    if (status !== 'pending') throw conflict(SANDBOX_MESSAGES.closed, 'PAYMENT_CLOSED');
    if (!(await setPaymentStatus(tx, payment.id, 'canceled'))) throw new Error('sandbox payment left pending under lock');
    return { status: 'canceled', alreadyDone: false };
  });
}
