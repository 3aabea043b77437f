import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { runBillingCycle } from '../../src/modules/billing/cycle.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompany, ledgerState, runningSumMatches } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const DAY = 86_400_000;

/** An active monthly subscription whose paid period started at `start` (set directly, as a payment would). */
async function activate(companyId: string, start: Date, plan = 'monthly') {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + (plan === 'annual' ? 12 : 1));
  await server.services.pool.query(
    `UPDATE companies SET subscription_status = 'active', plan_type = $2, current_period_start = $3, current_period_end = $4 WHERE id = $1`,
    [companyId, plan, start.toISOString(), end.toISOString()],
  );
}

async function entries(companyId: string, kind: string) {
  const { rows } = await server.services.pool.query<{ amount: number; period: string | null }>(
    'SELECT amount, period FROM coin_ledger WHERE company_id = $1 AND kind = $2 ORDER BY id',
    [companyId, kind],
  );
  return rows;
}

describe('monthly allowance job', () => {
  it('run twice (and concurrently) for one period credits the 30 coins once', async () => {
    const { companyId } = await createCompany(server);
    const start = new Date('2026-03-10T12:00:00Z');
    await activate(companyId, start);
    const now = new Date('2026-03-10T12:30:00Z');

    const first = await runBillingCycle(server.services, now);
    const again = await Promise.all([runBillingCycle(server.services, now), runBillingCycle(server.services, now)]);
    const later = await runBillingCycle(server.services, new Date('2026-03-25T00:00:00Z'));

    expect(first.allowances).toBeGreaterThanOrEqual(1);
    expect(again.every((r) => r.allowances === 0) || again.reduce((a, r) => a + r.allowances, 0) === 0).toBe(true);
    expect(later.allowances).toBe(0);
    expect(await entries(companyId, 'allowance')).toEqual([{ amount: 30, period: '2026-03-10T12:00:00Z' }]);
    expect((await ledgerState(server, companyId)).balance).toBe(80);
  });

  it('a new period expires what is left of the previous allowance; welcome and purchased coins stay', async () => {
    const { companyId } = await createCompany(server); // 50 welcome
    await activate(companyId, new Date('2026-01-05T00:00:00Z'));
    await runBillingCycle(server.services, new Date('2026-01-05T01:00:00Z')); // +30 allowance → 80
    await applyCoins(server.services.db, { companyId, amount: 100, kind: 'purchase', reason: 'Compra', reference: `buy-${companyId}` }); // 180
    await applyCoins(server.services.db, { companyId, amount: -12, kind: 'debit', reason: 'IA' }); // 168; 18 of the allowance left

    // The period end also renews the sandbox subscription (a paid renewal), which opens the new period.
    await runBillingCycle(server.services, new Date('2026-02-05T00:10:00Z'));
    await runBillingCycle(server.services, new Date('2026-02-05T00:20:00Z'));
    expect(await entries(companyId, 'allowance_expiry')).toEqual([{ amount: -18, period: '2026-01-05T00:00:00Z' }]);
    // 50 welcome + 100 purchased intact; 30 new allowance
    expect((await ledgerState(server, companyId)).balance).toBe(50 + 100 + 30);
    expect(await runningSumMatches(server, companyId)).toBe(true);
  });

  it('when more than the allowance was spent, nothing expires', async () => {
    const { companyId } = await createCompany(server);
    await activate(companyId, new Date('2026-04-01T00:00:00Z'));
    await runBillingCycle(server.services, new Date('2026-04-01T00:05:00Z')); // 80
    await applyCoins(server.services.db, { companyId, amount: -45, kind: 'debit', reason: 'IA' }); // 35
    await runBillingCycle(server.services, new Date('2026-05-01T00:05:00Z'));
    expect(await entries(companyId, 'allowance_expiry')).toEqual([]);
    expect((await ledgerState(server, companyId)).balance).toBe(65);
  });

  it('annual plans get their 30 coins every month too', async () => {
    const { companyId } = await createCompany(server, { welcome: false });
    await activate(companyId, new Date('2026-01-20T00:00:00Z'), 'annual');
    for (const at of ['2026-01-20T01:00:00Z', '2026-02-20T01:00:00Z', '2026-02-21T01:00:00Z', '2026-03-20T01:00:00Z']) {
      await runBillingCycle(server.services, new Date(at));
    }
    expect((await entries(companyId, 'allowance')).map((e) => e.period)).toEqual([
      '2026-01-20T00:00:00Z',
      '2026-02-20T00:00:00Z',
      '2026-03-20T00:00:00Z',
    ]);
    // Nothing was spent: each new month expires the previous 30, so the balance stays 30.
    expect((await ledgerState(server, companyId)).balance).toBe(30);
  });

  it('a trialing company gets no allowance; when the trial ends without a subscription, payment is due', async () => {
    const { companyId } = await createCompany(server);
    await runBillingCycle(server.services, new Date(Date.now() + DAY));
    expect(await entries(companyId, 'allowance')).toEqual([]);
    await runBillingCycle(server.services, new Date(Date.now() + 16 * DAY));
    const { rows } = await server.services.pool.query('SELECT subscription_status FROM companies WHERE id = $1', [companyId]);
    expect(rows[0].subscription_status).toBe('past_due');
    expect((await ledgerState(server, companyId)).balance).toBe(50); // welcome coins never expire
  });
});
