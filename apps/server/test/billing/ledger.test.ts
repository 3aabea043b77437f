import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompany, ledgerState, runningSumMatches } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A debit the way the server's paid actions make it (there is no client-callable debit). */
const debit = (companyId: string, amount: number, reason = 'Ação de IA', actorId?: string) =>
  applyCoins(server.services.db, { companyId, amount: -amount, kind: 'debit', reason, actorId });

describe('coin ledger invariants under concurrency', () => {
  it('50 simultaneous debits against a balance of 20: exactly 20 pass, none goes negative, no update is lost', async () => {
    const { companyId } = await createCompany(server, { welcome: false });
    await applyCoins(server.services.db, { companyId, amount: 20, kind: 'adjustment', reason: 'Saldo inicial' });

    const results = await Promise.allSettled(Array.from({ length: 50 }, () => debit(companyId, 1)));
    const passed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(passed).toHaveLength(20);
    expect(refused).toHaveLength(30);
    expect((refused[0]!.reason as Error).message).toBe('Saldo de moedas insuficiente para esta ação. Compre mais moedas para continuar.');

    const balances = passed.map((r) => (r.value.applied ? r.value.balanceAfter : -1)).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 20 }, (_, i) => i)); // every intermediate balance exactly once

    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(0);
    expect(state.sum).toBe(0);
    expect(state.n).toBe(21);
    expect(state.min_after).toBeGreaterThanOrEqual(0);
    expect(await runningSumMatches(server, companyId)).toBe(true);
  });

  it('random concurrent credits and debits keep balance = ledger sum and never negative (property)', async () => {
    const { companyId } = await createCompany(server);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -40, max: 25 }).filter((n) => n !== 0), { minLength: 1, maxLength: 30 }), async (amounts) => {
        const before = await ledgerState(server, companyId);
        const results = await Promise.allSettled(
          amounts.map((amount) => applyCoins(server.services.db, { companyId, amount, kind: amount > 0 ? 'adjustment' : 'debit', reason: 'prop' })),
        );
        const applied = amounts.filter((_, i) => results[i]!.status === 'fulfilled');
        const after = await ledgerState(server, companyId);
        expect(after.balance).toBe(after.sum);
        expect(after.balance).toBeGreaterThanOrEqual(0);
        expect(after.balance).toBe(before.balance + applied.reduce((a, b) => a + b, 0));
        for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/Saldo de moedas insuficiente/);
      }),
      { numRuns: 15 },
    );
    expect(await runningSumMatches(server, companyId)).toBe(true);
  });

  it('a debit beyond the balance is refused and changes nothing', async () => {
    const { companyId } = await createCompany(server);
    const before = await ledgerState(server, companyId);
    await expect(debit(companyId, 51)).rejects.toMatchObject({ status: 409, code: 'INSUFFICIENT_COINS' });
    expect(await ledgerState(server, companyId)).toEqual(before);
  });

  it('there is no client-callable debit: POST /api/billing/coins/debit is gone and charges nothing', async () => {
    const { jar, companyId } = await createCompany(server);
    const before = await ledgerState(server, companyId);
    const res = await server.request('/api/billing/coins/debit', { method: 'POST', json: { amount: 1, reason: 'Ação de IA' }, jar });
    expect(res.status).toBe(404);
    expect(await ledgerState(server, companyId)).toEqual(before);
  });

  it('applyCoins itself refuses fractional and zero amounts', async () => {
    const { companyId } = await createCompany(server);
    await expect(applyCoins(server.services.db, { companyId, amount: 1.5, kind: 'adjustment', reason: 'x' })).rejects.toThrow(/inteiro/);
    await expect(applyCoins(server.services.db, { companyId, amount: 0, kind: 'adjustment', reason: 'x' })).rejects.toThrow(/inteiro/);
  });

  it('records who spent, why and the balance after', async () => {
    const { companyId, userId } = await createCompany(server);
    const res = await debit(companyId, 7, 'Resumo de reunião', userId);
    expect(res).toMatchObject({ applied: true, balanceAfter: 43 });
    const { rows } = await server.services.pool.query(
      "SELECT amount, kind, reason, actor_id, balance_after FROM coin_ledger WHERE company_id = $1 AND kind = 'debit'",
      [companyId],
    );
    expect(rows).toEqual([{ amount: -7, kind: 'debit', reason: 'Resumo de reunião', actor_id: userId, balance_after: 43 }]);
  });
});

describe('idempotent entries (period / reference)', () => {
  it('concurrent twins with the same reference credit once, the others are duplicates', async () => {
    const { companyId } = await createCompany(server);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        applyCoins(server.services.db, { companyId, amount: 100, kind: 'purchase', reason: 'Compra', reference: `pay-${companyId}` }),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(results.filter((r) => !r.applied && r.reason === 'duplicate')).toHaveLength(19);
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(150);
    expect(state.sum).toBe(150);
  });

  it('a duplicate inside a caller transaction does not abort the rest of that transaction', async () => {
    const { companyId } = await createCompany(server);
    const ref = `pay2-${companyId}`;
    await applyCoins(server.services.db, { companyId, amount: 10, kind: 'purchase', reason: 'Compra', reference: ref });
    const outcome = await server.services.db.transaction(async (tx) => {
      const dup = await applyCoins(tx, { companyId, amount: 10, kind: 'purchase', reason: 'Compra', reference: ref });
      const next = await applyCoins(tx, { companyId, amount: 5, kind: 'adjustment', reason: 'depois' });
      return { dup, next };
    });
    expect(outcome.dup).toEqual({ applied: false, reason: 'duplicate' });
    expect(outcome.next.applied).toBe(true);
    expect((await ledgerState(server, companyId)).balance).toBe(65);
  });

  it('concurrent twins inside separate transactions: one applies, the other reports duplicate (unique violation path)', async () => {
    const { companyId } = await createCompany(server);
    const ref = `pay3-${companyId}`;
    const twin = () =>
      server.services.db.transaction(async (tx) => {
        const r = await applyCoins(tx, { companyId, amount: 30, kind: 'purchase', reason: 'Compra', reference: ref });
        await new Promise((resolve) => setTimeout(resolve, 50)); // hold the transaction open
        return r;
      });
    const results = await Promise.all([twin(), twin(), twin()]);
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await ledgerState(server, companyId)).balance).toBe(80);
  });

  it('the same period key applies once per company and kind', async () => {
    const { companyId } = await createCompany(server);
    const a = await applyCoins(server.services.db, { companyId, amount: 30, kind: 'allowance', reason: 'x', period: '2026-01-01T00:00:00Z' });
    const b = await applyCoins(server.services.db, { companyId, amount: 30, kind: 'allowance', reason: 'x', period: '2026-01-01T00:00:00Z' });
    expect(a.applied).toBe(true);
    expect(b).toEqual({ applied: false, reason: 'duplicate' });
  });
});
