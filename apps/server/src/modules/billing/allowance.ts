import { sql } from 'drizzle-orm';
import type { Transaction } from '@sede/db/client';
import { allowancePeriodKey, allowancePeriodStart, PLAN_INCLUDES, PLANS, type PlanType } from '@sede/shared/billing';
import { applyCoins } from '../../platform/coins/ledger.ts';

export type AllowanceResult = { credited: number; expired: number; period: string } | null;

/**
 * The monthly allowance of an active subscription for the period containing `now`: expire what
 * is left of the previous allowance, then credit the plan's coins, once per company and period
 * (the ledger's period key). Allowance coins are spent first, so what is left of an allowance
 * is its amount minus the debits made after it; welcome and purchased coins never expire.
 * Runs inside the caller's transaction with the company row locked, so debits wait meanwhile.
 */
export async function grantAllowance(tx: Transaction, companyId: string, now: Date): Promise<AllowanceResult> {
  const { rows } = await tx.execute<{ currency_amount: number; current_period_start: string | null; subscription_status: string; plan_type: string | null }>(sql`
    SELECT currency_amount, current_period_start, subscription_status, plan_type FROM companies WHERE id = ${companyId} FOR UPDATE
  `);
  const company = rows[0];
  if (!company || company.subscription_status !== 'active' || !company.current_period_start) return null;
  const start = allowancePeriodStart(new Date(company.current_period_start), now);
  if (!start) return null;
  const period = allowancePeriodKey(start);

  const done = await tx.execute(sql`
    SELECT 1 FROM coin_ledger WHERE company_id = ${companyId} AND kind = 'allowance' AND period = ${period}
  `);
  if (done.rows.length) return null;

  let expired = 0;
  const prev = (
    await tx.execute<{ id: number; amount: number; period: string }>(sql`
      SELECT id, amount, period FROM coin_ledger WHERE company_id = ${companyId} AND kind = 'allowance' ORDER BY id DESC LIMIT 1
    `)
  ).rows[0];
  if (prev) {
    const spent = (
      await tx.execute<{ spent: number }>(sql`
        SELECT COALESCE(-SUM(amount), 0)::int AS spent FROM coin_ledger
         WHERE company_id = ${companyId} AND kind = 'debit' AND id > ${prev.id}
      `)
    ).rows[0]!.spent;
    const leftover = Math.max(0, Number(prev.amount) - Number(spent));
    expired = Math.min(leftover, Number(company.currency_amount));
    if (expired > 0) {
      const r = await applyCoins(tx, {
        companyId,
        amount: -expired,
        kind: 'allowance_expiry',
        period: prev.period,
        reason: 'Moedas do plano não usadas no período anterior expiraram',
      });
      if (!r.applied) expired = 0;
    }
  }

  const planLabel = PLANS[(company.plan_type as PlanType) ?? 'monthly']?.label ?? 'Mensal';
  const credit = await applyCoins(tx, {
    companyId,
    amount: PLAN_INCLUDES.monthlyCoins,
    kind: 'allowance',
    period,
    reason: `Moedas mensais do plano ${planLabel}`,
  });
  return credit.applied ? { credited: PLAN_INCLUDES.monthlyCoins, expired, period } : null;
}
