import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBillingCycle } from '../../src/modules/billing/cycle.ts';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { addMember, createCompany, ledgerState, uniqueEmail } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(); // no Stripe key: the offline sandbox
});
afterAll(async () => {
  await server?.stop();
});

type Jar = { cookie: string };
const post = (path: string, jar: Jar, json: unknown = {}) => server.request(`/api/billing${path}`, { method: 'POST', json, jar });
const get = (path: string, jar: Jar) => server.request(`/api/billing${path}`, { jar });

describe('billing mode', () => {
  it("tells any signed-in person, even without a company, that payments are the sandbox ('Modo de teste')", async () => {
    const loner = await createConfirmedUser(server, { email: uniqueEmail('sem-empresa') });
    const res = await get('/mode', loner.jar);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mode: 'sandbox' });
    expect((await get('/mode', { cookie: '' })).status).toBe(401);
  });
});

describe('sandbox coin purchase', () => {
  it('checkout then confirm credits the package once, however often it is confirmed', async () => {
    const { jar, companyId } = await createCompany(server);
    const checkout = await post('/checkout/coins', jar, { packageId: 'coins_150' });
    expect(checkout.status).toBe(200);
    const { paymentId, url, mode } = await checkout.json() as any;
    expect(mode).toBe('sandbox');
    expect(url).toBe(`/comprar-moedas?checkout=${paymentId}`);

    const details = await (await get(`/sandbox/payments/${paymentId}`, jar)).json() as any;
    expect(details).toMatchObject({ kind: 'coins', item: 'coins_150', amountCents: 13_500, coins: 150, status: 'pending' });

    const confirms = await Promise.all([post(`/sandbox/payments/${paymentId}/confirm`, jar), post(`/sandbox/payments/${paymentId}/confirm`, jar)]);
    expect(confirms.map((r) => r.status)).toEqual([200, 200]);
    const again = await (await post(`/sandbox/payments/${paymentId}/confirm`, jar)).json() as any;
    expect(again).toEqual({ status: 'paid', alreadyDone: true });

    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(200);
    expect(state.sum).toBe(200);
    const { rows } = await server.services.pool.query("SELECT count(*)::int AS n FROM coin_ledger WHERE company_id = $1 AND kind = 'purchase'", [companyId]);
    expect(rows[0].n).toBe(1);

    const { payments } = await (await get('/payments', jar)).json() as any;
    expect(payments[0]).toMatchObject({ id: paymentId, status: 'paid', amountCents: 13_500, coins: 150 });
  });

  it('an unknown package is refused and nothing is created', async () => {
    const { jar, companyId } = await createCompany(server);
    const res = await post('/checkout/coins', jar, { packageId: 'coins_1000000' });
    expect(res.status).toBe(400);
    expect((await res.json() as any).error).toBe('Pacote de moedas desconhecido');
    const { rows } = await server.services.pool.query('SELECT count(*)::int AS n FROM payments WHERE company_id = $1', [companyId]);
    expect(rows[0].n).toBe(0);
  });

  it('a canceled payment cannot be confirmed afterwards', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await (await post('/checkout/coins', jar, { packageId: 'coins_50' })).json() as any;
    expect((await (await post(`/sandbox/payments/${paymentId}/cancel`, jar)).json() as any).status).toBe('canceled');
    const res = await post(`/sandbox/payments/${paymentId}/confirm`, jar);
    expect(res.status).toBe(409);
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('only administrators pay; another company cannot see or confirm the payment', async () => {
    const { jar, companyId } = await createCompany(server);
    const seller = await createConfirmedUser(server, { email: uniqueEmail('vendas') });
    await addMember(server, companyId, seller.userId, 'vendas');
    const refused = await post('/checkout/coins', seller.jar, { packageId: 'coins_50' });
    expect(refused.status).toBe(403);
    expect((await refused.json() as any).error).toBe('Apenas administradores da empresa podem fazer pagamentos e alterar o plano.');
    // Members still see billing (read-only); they spend coins only through the server's paid actions.
    expect((await (await get('/summary', seller.jar)).json() as any).canManage).toBe(false);
    expect((await post('/coins/debit', seller.jar, { amount: 1, reason: 'Ação de IA' })).status).toBe(404);

    const { paymentId } = await (await post('/checkout/coins', jar, { packageId: 'coins_50' })).json() as any;
    expect((await post(`/sandbox/payments/${paymentId}/confirm`, seller.jar)).status).toBe(403);
    const other = await createCompany(server);
    expect((await post(`/sandbox/payments/${paymentId}/confirm`, other.jar)).status).toBe(404);
    expect((await get(`/sandbox/payments/${paymentId}`, other.jar)).status).toBe(404);
    expect((await get('/sandbox/payments/not-a-uuid', jar)).status).toBe(404);
    expect((await ledgerState(server, companyId)).balance).toBe(50);
    expect((await ledgerState(server, other.companyId)).balance).toBe(50);
  });
});

describe('sandbox subscription', () => {
  it('an unknown plan is refused', async () => {
    const { jar } = await createCompany(server);
    const res = await post('/checkout/subscription', jar, { plan: 'weekly' });
    expect(res.status).toBe(400);
    expect((await res.json() as any).error).toBe('Plano desconhecido');
  });

  it('during the trial it is scheduled; when the trial ends it is charged, activated and the monthly coins arrive', async () => {
    const { jar, companyId } = await createCompany(server, { extraMembers: 11 }); // 12 members: 2 extra
    const { paymentId } = await (await post('/checkout/subscription', jar, { plan: 'monthly' })).json() as any;
    expect((await (await post(`/sandbox/payments/${paymentId}/confirm`, jar)).json() as any).status).toBe('scheduled');

    let summary = await (await get('/summary', jar)).json() as any;
    expect(summary).toMatchObject({ mode: 'sandbox', canManage: true, plan: 'monthly', status: 'trialing', trialDaysLeft: 15, scheduledSubscription: true });
    expect(summary.collaborators).toEqual({ count: 12, included: 10, extra: 2, extraMonthlyCents: 5_000 });
    expect(summary.nextCharge).toMatchObject({ amountCents: 30_000, plan: 'monthly' });
    expect((await post('/checkout/subscription', jar, { plan: 'annual' })).status).toBe(409);

    const afterTrial = new Date(Date.now() + 15 * 86_400_000 + 3_600_000);
    const report = await runBillingCycle(server.services, afterTrial);
    expect(report.charged).toBeGreaterThanOrEqual(1);
    await runBillingCycle(server.services, afterTrial);

    summary = await (await get('/summary', jar)).json() as any;
    expect(summary.status).toBe('active');
    expect(summary.nextCharge.amountCents).toBe(30_000);
    const { rows } = await server.services.pool.query("SELECT status, amount_cents FROM payments WHERE id = $1", [paymentId]);
    expect(rows[0]).toEqual({ status: 'paid', amount_cents: 30_000 });
    expect((await ledgerState(server, companyId)).balance).toBe(80);
  });

  it('after the trial, subscribing charges at once and a running subscription cannot be bought twice', async () => {
    const { jar, companyId } = await createCompany(server);
    await server.services.pool.query("UPDATE companies SET trial_ends_at = now() - interval '1 day', subscription_status = 'past_due' WHERE id = $1", [companyId]);
    const { paymentId } = await (await post('/checkout/subscription', jar, { plan: 'annual' })).json() as any;
    expect((await (await post(`/sandbox/payments/${paymentId}/confirm`, jar)).json() as any).status).toBe('paid');
    const summary = await (await get('/summary', jar)).json() as any;
    expect(summary).toMatchObject({ status: 'active', plan: 'annual', nextCharge: { amountCents: 220_000 } });
    expect(new Date(summary.currentPeriodEnd).getTime() - new Date(summary.currentPeriodStart).getTime()).toBeGreaterThan(364 * 86_400_000);
    expect((await ledgerState(server, companyId)).balance).toBe(80);
    const again = await post('/checkout/subscription', jar, { plan: 'monthly' });
    expect(again.status).toBe(409);
  });
});

describe('ledger listing', () => {
  it('filters by kind and date range and names who made each entry', async () => {
    const { jar, companyId, userId } = await createCompany(server);
    await applyCoins(server.services.db, { companyId, amount: -3, kind: 'debit', reason: 'Resumo', actorId: userId });
    await applyCoins(server.services.db, { companyId, amount: -2, kind: 'debit', reason: 'Análise', actorId: userId });
    await server.services.pool.query("UPDATE coin_ledger SET created_at = '2026-01-10T15:00:00Z' WHERE company_id = $1 AND kind = 'welcome'", [companyId]);

    const all = await (await get('/ledger', jar)).json() as any;
    expect(all.entries.map((e: { kind: string }) => e.kind)).toEqual(['debit', 'debit', 'welcome']);
    expect(all.entries[0]).toMatchObject({ amount: -2, reason: 'Análise', balanceAfter: 45, actor: 'Ana Souza' });

    const debits = await (await get('/ledger?kind=debit', jar)).json() as any;
    expect(debits.entries).toHaveLength(2);
    const january = await (await get('/ledger?from=2026-01-10&to=2026-01-10', jar)).json() as any;
    expect(january.entries.map((e: { kind: string }) => e.kind)).toEqual(['welcome']);
    const none = await (await get('/ledger?from=2026-01-11&to=2026-01-31', jar)).json() as any;
    expect(none.entries).toEqual([]);
    const bad = await get('/ledger?from=10/01/2026', jar);
    expect(bad.status).toBe(400);
    expect((await bad.json() as any).error).toBe('Data inválida: use o formato AAAA-MM-DD.');
    const reversed = await get('/ledger?from=2026-01-31&to=2026-01-01', jar);
    expect(reversed.status).toBe(400);
    expect((await reversed.json() as any).error).toBe('A data inicial deve ser anterior à final.');
    expect(userId).toBeTruthy();
  });
});
