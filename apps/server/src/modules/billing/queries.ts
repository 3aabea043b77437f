import {
  chargeCents,
  collaboratorsCost,
  trialDaysLeft,
  type BillingSummary,
  type LedgerItem,
  type ledgerQuerySchema,
  type PaymentItem,
  type PlanType,
} from '@sede/shared/billing';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { schema } from '@sede/db/client';
import { notFound } from '../../http/errors.ts';
import type { Services, Tenant } from '../../services.ts';
import { billingOf } from './context.ts';

export type { BillingSummary, PaymentItem };

const { coinLedger, payments, user } = schema;

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function billingSummary(s: Services, tenant: Tenant, canManage: boolean, now = new Date()): Promise<BillingSummary> {
  const { rows } = await tenant.db.execute<{
    plan_type: PlanType | null;
    subscription_status: string;
    currency_amount: number;
    trial_ends_at: Date | null;
    current_period_start: Date | null;
    current_period_end: Date | null;
    members: number;
    scheduled: boolean;
  }>(
    sql`SELECT plan_type, subscription_status, currency_amount, trial_ends_at, current_period_start, current_period_end,
               (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members,
               EXISTS (SELECT 1 FROM payments p WHERE p.company_id = c.id AND p.kind = 'subscription' AND p.status = 'scheduled') AS scheduled
          FROM companies c WHERE id = ${tenant.companyId}`,
  );
  const c = rows[0];
  if (!c) throw notFound('Empresa não encontrada');
  const plan = c.plan_type && (c.plan_type === 'monthly' || c.plan_type === 'annual') ? c.plan_type : null;
  let nextCharge: BillingSummary['nextCharge'] = null;
  if (plan && c.subscription_status === 'active' && c.current_period_end) {
    nextCharge = { date: iso(c.current_period_end)!, amountCents: chargeCents(plan, c.members), plan };
  } else if (plan && c.subscription_status === 'trialing' && c.scheduled && c.trial_ends_at) {
    nextCharge = { date: iso(c.trial_ends_at)!, amountCents: chargeCents(plan, c.members), plan };
  }
  return {
    mode: billingOf(s).mode,
    canManage,
    plan,
    status: c.subscription_status,
    balance: c.currency_amount,
    trialEndsAt: iso(c.trial_ends_at),
    trialDaysLeft: c.subscription_status === 'trialing' ? trialDaysLeft(c.trial_ends_at, now) : 0,
    currentPeriodStart: iso(c.current_period_start),
    currentPeriodEnd: iso(c.current_period_end),
    nextCharge,
    scheduledSubscription: c.scheduled,
    collaborators: { count: c.members, ...collaboratorsCost(c.members) },
  };
}

/** Who started a payment or moved coins: their name, or their e-mail. */
const personName = sql<string | null>`COALESCE(NULLIF(trim(concat_ws(' ', ${user.firstName}, ${user.lastName})), ''), ${user.email})`;

export async function listPayments(tenant: Tenant): Promise<PaymentItem[]> {
  const rows = await tenant.db
    .select({
      id: payments.id,
      kind: payments.kind,
      item: payments.item,
      amountCents: payments.amountCents,
      coins: payments.coins,
      status: payments.status,
      provider: payments.provider,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
      createdBy: personName,
    })
    .from(payments)
    .leftJoin(user, eq(user.id, payments.createdBy))
    .where(eq(payments.companyId, tenant.companyId))
    .orderBy(desc(payments.createdAt))
    .limit(50);
  return rows.map((r) => ({ ...r, kind: r.kind as PaymentItem['kind'], createdAt: iso(r.createdAt)!, paidAt: iso(r.paidAt) }));
}

const PAGE = 50;
/** Local dates of the filter are days in Brazil (America/Sao_Paulo). */
const TZ = 'America/Sao_Paulo';

export async function listLedger(tenant: Tenant, q: z.output<typeof ledgerQuerySchema>): Promise<{ entries: LedgerItem[]; nextBefore: number | null }> {
  const l = coinLedger;
  const rows = await tenant.db
    .select({ id: l.id, amount: l.amount, kind: l.kind, reason: l.reason, actor: personName, balanceAfter: l.balanceAfter, createdAt: l.createdAt })
    .from(l)
    .leftJoin(user, eq(user.id, l.actorId))
    .where(
      and(
        eq(l.companyId, tenant.companyId),
        q.kind ? eq(l.kind, q.kind) : undefined,
        q.from ? sql`${l.createdAt} >= (${q.from}::date::timestamp AT TIME ZONE ${TZ})` : undefined,
        q.to ? sql`${l.createdAt} < ((${q.to}::date + 1)::timestamp AT TIME ZONE ${TZ})` : undefined,
        q.before ? lt(l.id, q.before) : undefined,
      ),
    )
    .orderBy(desc(l.id))
    .limit(PAGE + 1);
  const entries = rows.slice(0, PAGE).map((r) => ({ ...r, id: Number(r.id), kind: r.kind as LedgerItem['kind'], createdAt: iso(r.createdAt)! }));
  return { entries, nextBefore: rows.length > PAGE ? entries.at(-1)!.id : null };
}
