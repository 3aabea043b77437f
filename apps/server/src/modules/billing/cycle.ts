import { sql } from 'drizzle-orm';
import { allowancePeriodKey, allowancePeriodStart, chargeCents, planIntervalEnd, type PlanType } from '@sede/shared/billing';
import type { Services, Tenant } from '../../services.ts';
import { systemTenant } from '../../platform/tenant.ts';
import { grantAllowance } from './allowance.ts';
import { billingOf } from './context.ts';
import { fulfilPayment } from './fulfilment.ts';
import { scheduleJob } from '../../platform/jobs/schedules.ts';

export const BILLING_CYCLE_QUEUE = 'billing-cycle';
/** Every 10 minutes: a new period's coins arrive at most 10 minutes after it starts. */
export const BILLING_CYCLE_CRON = '*/10 * * * *';

export type CycleReport = { trialsEnded: number; charged: number; renewed: number; allowances: number; expiredCoins: number };

/**
 * The billing clock, idempotent however often (or concurrently) it runs: trials that ended,
 * sandbox charges (trial end and renewals; Stripe charges by itself and tells us by webhook),
 * and the monthly coin allowance of every active subscription. Each company is handled in its
 * own transaction with its row locked, so one failure never blocks the others.
 */
export async function runBillingCycle(s: Services, now = new Date()): Promise<CycleReport> {
  const report: CycleReport = { trialsEnded: 0, charged: 0, renewed: 0, allowances: 0, expiredCoins: 0 };
  const sandbox = billingOf(s).mode === 'sandbox';
  const at = now.toISOString();

  const trials = await s.pool.query<{ id: string }>(
    "SELECT id FROM companies WHERE subscription_status = 'trialing' AND trial_ends_at <= $1",
    [at],
  );
  for (const { id } of trials.rows) {
    await each(id, async () => {
      const outcome = await endTrial(systemTenant(s, id, 'schedule'), now, sandbox);
      if (outcome === 'charged') report.charged++;
      if (outcome === 'past_due') report.trialsEnded++;
    });
  }

  if (sandbox) {
    const due = await s.pool.query<{ id: string }>(
      "SELECT id FROM companies WHERE subscription_status = 'active' AND current_period_end <= $1",
      [at],
    );
    for (const { id } of due.rows) await each(id, async () => (report.renewed += (await renewSandbox(systemTenant(s, id, 'schedule'), now)) ? 1 : 0));
  }

  for (const id of await companiesMissingAllowance(s, now)) {
    await each(id, async () => {
      const r = await systemTenant(s, id, 'schedule').db.transaction((tx) => grantAllowance(tx, id, now));
      if (r) {
        report.allowances++;
        report.expiredCoins += r.expired;
      }
    });
  }
  return report;
}

async function each(companyId: string, fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    console.error('[billing] cycle failed for company', companyId, (e as Error).message);
  }
}

/** Trial over: a scheduled sandbox subscription is charged now; without one, payment is due. */
async function endTrial({ db, companyId }: Tenant, now: Date, sandbox: boolean) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ trial_ends_at: string; status: string }>(sql`
      SELECT trial_ends_at, subscription_status AS status FROM companies WHERE id = ${companyId} FOR UPDATE
    `);
    const company = rows[0];
    if (!company || company.status !== 'trialing') return 'skipped';
    const scheduled = (
      await tx.execute<{ id: string; provider: string }>(sql`
        SELECT id, provider FROM payments
         WHERE company_id = ${companyId} AND kind = 'subscription' AND status = 'scheduled'
         ORDER BY created_at DESC LIMIT 1
      `)
    ).rows[0];
    if (scheduled && scheduled.provider === 'stripe') return 'waiting-stripe';
    if (scheduled && sandbox) {
      const start = new Date(company.trial_ends_at);
      const payment = await tx.execute<{ item: PlanType }>(sql`SELECT item FROM payments WHERE id = ${scheduled.id}`);
      const plan = payment.rows[0]!.item;
      await fulfilPayment(tx, scheduled.id, { now, period: { start, end: planIntervalEnd(plan, start) } });
      return 'charged';
    }
    await tx.execute(sql`UPDATE companies SET subscription_status = 'past_due', updated_at = now() WHERE id = ${companyId}`);
    return 'past_due';
  });
}

/** The sandbox's automatic charge at the end of a paid period: a new paid period follows. */
async function renewSandbox({ db, companyId }: Tenant, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ plan_type: PlanType | null; current_period_end: string | null; status: string; created_by: string | null; members: number }>(sql`
      SELECT plan_type, current_period_end, subscription_status AS status, created_by,
             (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members
        FROM companies c WHERE id = ${companyId} FOR UPDATE
    `);
    const c = rows[0];
    if (!c || c.status !== 'active' || !c.plan_type || !c.current_period_end) return false;
    let start = new Date(c.current_period_end);
    if (start > now) return false;
    // Catch up whole periods missed while the server was off, charging only the current one.
    while (planIntervalEnd(c.plan_type, start) <= now) start = planIntervalEnd(c.plan_type, start);
    const inserted = await tx.execute<{ id: string }>(sql`
      INSERT INTO payments (company_id, provider, provider_ref, kind, item, amount_cents, coins, created_by)
      VALUES (${companyId}, 'sandbox', ${`sandbox_renewal_${companyId}_${start.toISOString()}`}, 'subscription', ${c.plan_type},
              ${chargeCents(c.plan_type, c.members)}, 0, ${c.created_by})
      ON CONFLICT DO NOTHING RETURNING id
    `);
    const payment = inserted.rows[0];
    if (!payment) return false;
    await fulfilPayment(tx, payment.id, { now, period: { start, end: planIntervalEnd(c.plan_type, start) } });
    return true;
  });
}

/** Active companies whose current allowance period has no credit in the ledger yet. */
async function companiesMissingAllowance(s: Services, now: Date): Promise<string[]> {
  const { rows } = await s.pool.query<{ id: string; current_period_start: Date }>(
    "SELECT id, current_period_start FROM companies WHERE subscription_status = 'active' AND current_period_start <= $1",
    [now.toISOString()],
  );
  if (!rows.length) return [];
  const ids: string[] = [];
  const periods: string[] = [];
  for (const r of rows) {
    const start = allowancePeriodStart(new Date(r.current_period_start), now);
    if (!start) continue;
    ids.push(r.id);
    periods.push(allowancePeriodKey(start));
  }
  const missing = await s.pool.query<{ id: string }>(
    `SELECT t.id FROM unnest($1::uuid[], $2::text[]) AS t(id, period)
      WHERE NOT EXISTS (SELECT 1 FROM coin_ledger l WHERE l.company_id = t.id AND l.kind = 'allowance' AND l.period = t.period)`,
    [ids, periods],
  );
  return missing.rows.map((r) => r.id);
}

/** The pg-boss schedule and worker (pg-boss 10: the queue first; handlers get an array). */
export async function registerBillingJobs(s: Services) {
  await s.boss.createQueue(BILLING_CYCLE_QUEUE);
  scheduleJob(s.boss, BILLING_CYCLE_QUEUE, BILLING_CYCLE_CRON, 'UTC');
  await s.boss.work(BILLING_CYCLE_QUEUE, async () => {
    const report = await runBillingCycle(s);
    if (report.trialsEnded || report.charged || report.renewed || report.allowances) console.log('[billing] cycle', JSON.stringify(report));
  });
}
