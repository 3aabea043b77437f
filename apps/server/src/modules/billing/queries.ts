import {
  chargeCents,
  collaboratorsCost,
  trialDaysLeft,
  type BillingSummary,
  type LedgerItem,
  type LedgerQuery,
  type PaymentItem,
  type PlanType,
} from '@sede/shared/billing';
import { notFound } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { billingOf } from './context.ts';

export type { BillingSummary, PaymentItem };

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function billingSummary(s: Services, companyId: string, canManage: boolean, now = new Date()): Promise<BillingSummary> {
  const { rows } = await s.pool.query<{
    plan_type: PlanType | null;
    subscription_status: string;
    currency_amount: number;
    trial_ends_at: Date | null;
    current_period_start: Date | null;
    current_period_end: Date | null;
    members: number;
    scheduled: boolean;
  }>(
    `SELECT plan_type, subscription_status, currency_amount, trial_ends_at, current_period_start, current_period_end,
            (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members,
            EXISTS (SELECT 1 FROM payments p WHERE p.company_id = c.id AND p.kind = 'subscription' AND p.status = 'scheduled') AS scheduled
       FROM companies c WHERE id = $1`,
    [companyId],
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

export async function listPayments(s: Services, companyId: string): Promise<PaymentItem[]> {
  const { rows } = await s.pool.query(
    `SELECT p.id, p.kind, p.item, p.amount_cents, p.coins, p.status, p.provider, p.created_at, p.paid_at,
            NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS name, u.email
       FROM payments p LEFT JOIN "user" u ON u.id = p.created_by
      WHERE p.company_id = $1
      ORDER BY p.created_at DESC LIMIT 50`,
    [companyId],
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    item: r.item,
    amountCents: r.amount_cents,
    coins: r.coins,
    status: r.status,
    provider: r.provider,
    createdAt: iso(r.created_at)!,
    paidAt: iso(r.paid_at),
    createdBy: r.name ?? r.email ?? null,
  }));
}

const PAGE = 50;
/** Local dates of the filter are days in Brazil (America/Sao_Paulo). */
const TZ = 'America/Sao_Paulo';

export async function listLedger(s: Services, companyId: string, q: LedgerQuery & { before?: number }): Promise<{ entries: LedgerItem[]; nextBefore: number | null }> {
  const params: unknown[] = [companyId];
  const where = ['l.company_id = $1'];
  if (q.kind) where.push(`l.kind = $${params.push(q.kind)}`);
  if (q.from) where.push(`l.created_at >= ($${params.push(q.from)}::date::timestamp AT TIME ZONE '${TZ}')`);
  if (q.to) where.push(`l.created_at < (($${params.push(q.to)}::date + 1)::timestamp AT TIME ZONE '${TZ}')`);
  if (q.before) where.push(`l.id < $${params.push(q.before)}`);
  const { rows } = await s.pool.query(
    `SELECT l.id, l.amount, l.kind, l.reason, l.balance_after, l.created_at,
            NULLIF(trim(concat_ws(' ', u.first_name, u.last_name)), '') AS name, u.email
       FROM coin_ledger l LEFT JOIN "user" u ON u.id = l.actor_id
      WHERE ${where.join(' AND ')}
      ORDER BY l.id DESC LIMIT ${PAGE + 1}`,
    params,
  );
  const entries = rows.slice(0, PAGE).map((r) => ({
    id: Number(r.id),
    amount: r.amount,
    kind: r.kind,
    reason: r.reason,
    actor: r.name ?? r.email ?? null,
    balanceAfter: r.balance_after,
    createdAt: iso(r.created_at)!,
  }));
  return { entries, nextBefore: rows.length > PAGE ? entries.at(-1)!.id : null };
}
