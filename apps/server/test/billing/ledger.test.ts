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

const debit = (jar: { cookie: string }, amount: unknown, reason: unknown = 'Ação de IA') =>
  server.request('/api/billing/coins/debit', { method: 'POST', json: { amount, reason }, jar });

describe('coin ledger invariants under concurrency', () => {
  it('50 simultaneous debits against a balance of 20: exactly 20 pass, none goes negative, no update is lost', async () => {
    const { jar, companyId } = await createCompany(server, { welcome: false });
    await applyCoins(server.services.db, { companyId, amount: 20, kind: 'adjustment', reason: 'Saldo inicial' });

    const responses = await Promise.all(Array.from({ length: 50 }, () => debit(jar, 1)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30);
    const refused = await responses.find((r) => r.status === 409)!.json() as any;
    expect(refused.error).toBe('Saldo de moedas insuficiente para esta ação. Compre mais moedas para continuar.');

    const balances = (await Promise.all(responses.filter((r) => r.status === 200).map((r) => r.json() as any))).map((b) => b.balance).sort((a, b) => a - b);
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
    const { jar, companyId } = await createCompany(server);
    const before = await ledgerState(server, companyId);
    const res = await debit(jar, 51);
    expect(res.status).toBe(409);
    expect(await ledgerState(server, companyId)).toEqual(before);
  });

  it.each([
    [-5, 'A quantidade de moedas deve ser maior que zero.'],
    [0, 'A quantidade de moedas deve ser maior que zero.'],
    [2.5, 'A quantidade de moedas deve ser um número inteiro.'],
    ['10', 'Informe a quantidade de moedas como um número inteiro.'],
  ])('refuses amount %j with a clear message and nothing changes', async (amount, message) => {
    const { jar, companyId } = await createCompany(server);
    const before = await ledgerState(server, companyId);
    const res = await debit(jar, amount);
    expect(res.status).toBe(400);
    expect((await res.json() as any).error).toBe(message);
    expect(await ledgerState(server, companyId)).toEqual(before);
  });

  it('applyCoins itself refuses fractional and zero amounts', async () => {
    const { companyId } = await createCompany(server);
    await expect(applyCoins(server.services.db, { companyId, amount: 1.5, kind: 'adjustment', reason: 'x' })).rejects.toThrow(/inteiro/);
    await expect(applyCoins(server.services.db, { companyId, amount: 0, kind: 'adjustment', reason: 'x' })).rejects.toThrow(/inteiro/);
  });

  it('a debit needs a signed-in member of a company', async () => {
    expect((await debit({ cookie: '' }, 1)).status).toBe(401);
  });

  it('records who spent, why and the balance after', async () => {
    const { jar, companyId, userId } = await createCompany(server);
    const res = await debit(jar, 7, 'Resumo de reunião');
    expect(res.status).toBe(200);
    expect((await res.json() as any).balance).toBe(43);
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
