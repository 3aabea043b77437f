import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLabel, describeActivity, type ActivityPage } from '@sede/shared/activity';
import { AppError } from '../../src/http/errors.ts';
import { applyCoins } from '../../src/platform/coins/ledger.ts';
import { refundPaidAction, runPaidAction, STALE_RESERVATION_MS, sweepStaleReservations } from '../../src/platform/paid-actions/index.ts';
import type { Tenant } from '../../src/services.ts';
import { createCompany, ledgerState, runningSumMatches } from '../billing/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function company(extra = 0, welcome = true) {
  const c = await createCompany(server, { welcome });
  if (extra) await applyCoins(server.services.db, { companyId: c.companyId, amount: extra, kind: 'adjustment', reason: 'Saldo de teste' });
  const tenant: Tenant = { db: server.services.db, companyId: c.companyId, actorId: c.userId };
  return { ...c, tenant };
}

const rows = async (companyId: string) =>
  (
    await server.services.pool.query<{ kind: string; amount: number; reason: string; reference: string | null }>(
      "SELECT kind, amount, reason, reference FROM coin_ledger WHERE company_id = $1 AND kind IN ('debit', 'refund') ORDER BY id",
      [companyId],
    )
  ).rows;
const actions = async (companyId: string) =>
  (await server.services.pool.query<{ status: string; coins: number; reference: string }>('SELECT status, coins, reference FROM paid_actions WHERE company_id = $1', [companyId])).rows;

describe('runPaidAction', () => {
  it('200 concurrent paid actions on one company: each charged exactly once, ledger = balance', async () => {
    const { tenant, companyId } = await company(1000); // 1050
    let ran = 0;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        runPaidAction(server.services, tenant, { action: 'ai.deal_summary', reference: `deal:${i}` }, async () => {
          ran++;
          return i;
        }),
      ),
    );
    expect(ran).toBe(200);
    expect(results.map((r) => r.charged)).toEqual(Array(200).fill(1));
    const balances = results.map((r) => r.balance).sort((a, b) => a - b);
    expect(balances).toEqual(Array.from({ length: 200 }, (_, i) => 850 + i)); // every intermediate balance once
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(850);
    expect(state.sum).toBe(850);
    expect(await runningSumMatches(server, companyId)).toBe(true);
    const debits = await rows(companyId);
    expect(debits).toHaveLength(200);
    expect(new Set(debits.map((d) => d.reference)).size).toBe(200);
    expect((await actions(companyId)).every((a) => a.status === 'committed')).toBe(true);
  });

  it('the same reference, 20 times at once: the work runs once, charged once, the others are 409 PAID_ACTION_DUPLICATE', async () => {
    const { tenant, companyId } = await company();
    let ran = 0;
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        runPaidAction(server.services, tenant, { action: 'ai.contract_analysis', reference: 'contrato:42:v1' }, async () => {
          ran++;
          return 'ok';
        }),
      ),
    );
    expect(ran).toBe(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409, code: 'PAID_ACTION_DUPLICATE', message: 'Esta ação já foi executada e cobrada uma vez.' });
    }
    expect((await ledgerState(server, companyId)).balance).toBe(45);
    // Run again later with the same reference: still charged once.
    await expect(runPaidAction(server.services, tenant, { action: 'ai.contract_analysis', reference: 'contrato:42:v1' }, async () => 'x')).rejects.toMatchObject({
      code: 'PAID_ACTION_DUPLICATE',
    });
    expect((await ledgerState(server, companyId)).balance).toBe(45);
  });

  it('the same reference in another company is another action (references are per company)', async () => {
    const a = await company();
    const b = await company();
    await runPaidAction(server.services, a.tenant, { action: 'ai.lead_score', reference: 'lead:1' }, async () => 1);
    await runPaidAction(server.services, b.tenant, { action: 'ai.lead_score', reference: 'lead:1' }, async () => 1);
    expect((await ledgerState(server, a.companyId)).balance).toBe(49);
    expect((await ledgerState(server, b.companyId)).balance).toBe(49);
  });

  it('a failing action is refunded once and the error says nothing was charged', async () => {
    const { tenant, companyId } = await company();
    const failure = new AppError(409, 'AI_UNAVAILABLE', 'O provedor de IA está indisponível no momento.');
    await expect(
      runPaidAction(server.services, tenant, { action: 'ai.document_draft', reference: 'doc:1' }, async () => {
        // During the work the coins are reserved.
        expect((await ledgerState(server, companyId)).balance).toBe(47);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(failure.details).toMatchObject({ refunded: true, charged: 0 });
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(50);
    expect(state.sum).toBe(50);
    const ledger = await rows(companyId);
    expect(ledger.map((r) => [r.kind, r.amount])).toEqual([
      ['debit', -3],
      ['refund', 3],
    ]);
    expect(ledger[1]!.reason).toBe('Estorno: Rascunho de documento com IA (3 moedas)');
    expect(await actions(companyId)).toMatchObject([{ status: 'refunded', coins: 3 }]);
    // A plain error is refunded too.
    await expect(runPaidAction(server.services, tenant, { action: 'ai.document_draft', reference: 'doc:2' }, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('the activity log shows each charge and each refund, naming the action in Portuguese and the coins', async () => {
    const c = await company();
    await runPaidAction(server.services, c.tenant, { action: 'ai.deal_summary', reference: 'deal:log' }, async () => 1);
    await runPaidAction(server.services, c.tenant, { action: 'prospect.lead_reveal', reference: 'leads:log', quantity: 4 }, async () => 1);
    await expect(runPaidAction(server.services, c.tenant, { action: 'ai.contract_analysis', reference: 'contract:log' }, async () => Promise.reject(new Error('provider down')))).rejects.toThrow();
    // With the person's own key nothing is charged: no line.
    await runPaidAction(server.services, c.tenant, { action: 'ai.lead_score', reference: 'own:log', ownKey: true }, async () => 1);

    const res = await server.request('/api/members/activity', { jar: c.jar });
    expect(res.status).toBe(200);
    const { entries } = (await res.json()) as ActivityPage;
    const coinLines = entries.filter((e) => e.action.startsWith('coins_')).reverse();
    expect(coinLines.map((e) => [e.user?.id, activityLabel(e.action), describeActivity(e)])).toEqual([
      [c.userId, 'Moedas gastas em ação paga', 'Resumo do negócio com IA · 1 moeda'],
      [c.userId, 'Moedas gastas em ação paga', 'Revelação de contato de lead · 4 moedas'],
      [c.userId, 'Moedas gastas em ação paga', 'Análise de contrato com IA · 5 moedas'],
      [c.userId, 'Moedas devolvidas (ação paga não concluída)', 'Análise de contrato com IA · 5 moedas'],
    ]);
    // Filterable by action.
    const refunds = (await (await server.request('/api/members/activity?action=coins_refunded', { jar: c.jar })).json()) as ActivityPage;
    expect(refunds.entries).toHaveLength(1);
  });

  it('not enough coins: 409 INSUFFICIENT_COINS with the price, the balance and where to buy; nothing runs or is written', async () => {
    const { tenant, companyId } = await company(2, false); // 2 coins
    let ran = false;
    const err = await runPaidAction(server.services, tenant, { action: 'ai.contract_analysis', reference: 'c:1' }, async () => {
      ran = true;
    }).catch((e: unknown) => e as AppError);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 409,
      code: 'INSUFFICIENT_COINS',
      message: 'Saldo de moedas insuficiente: esta ação custa 5 moedas e a empresa tem 2 moedas. Compre mais moedas em /comprar-moedas.',
      details: { price: 5, balance: 2, buyPath: '/comprar-moedas' },
    });
    expect(ran).toBe(false);
    expect(await actions(companyId)).toEqual([]);
    expect(await rows(companyId)).toEqual([]);
    // The reference was not used up: with coins it runs.
    await applyCoins(server.services.db, { companyId, amount: 10, kind: 'adjustment', reason: 'x' });
    await runPaidAction(server.services, tenant, { action: 'ai.contract_analysis', reference: 'c:1' }, async () => 1);
    expect((await ledgerState(server, companyId)).balance).toBe(7);
  });

  it('prices per unit multiply by the quantity and the ledger says how many', async () => {
    const { tenant, companyId } = await company();
    const r = await runPaidAction(server.services, tenant, { action: 'prospect.lead_reveal', reference: 'busca:9', quantity: 10 }, async () => 'leads');
    expect(r).toMatchObject({ charged: 10, balance: 40, result: 'leads' });
    expect((await rows(companyId))[0]).toMatchObject({ amount: -10, reason: 'Revelação de contato de lead (10 leads)' });
    await expect(runPaidAction(server.services, tenant, { action: 'prospect.lead_reveal', reference: 'busca:10', quantity: 0 }, async () => 1)).rejects.toMatchObject({ status: 400 });
    await expect(runPaidAction(server.services, tenant, { action: 'prospect.lead_reveal', reference: '  ' }, async () => 1)).rejects.toMatchObject({ status: 400 });
  });

  it("with the person's own AI key an AI action costs nothing; a data action still does", async () => {
    const { tenant, companyId } = await company();
    const r = await runPaidAction(server.services, tenant, { action: 'ai.contract_analysis', reference: 'own:1', ownKey: true }, async () => 1);
    expect(r).toMatchObject({ charged: 0, balance: 50 });
    expect(await rows(companyId)).toEqual([]);
    expect(await actions(companyId)).toMatchObject([{ status: 'committed', coins: 0 }]);
    const lead = await runPaidAction(server.services, tenant, { action: 'prospect.lead_reveal', reference: 'own:2', ownKey: true }, async () => 1);
    expect(lead.charged).toBe(1);
  });

  it('a reservation left without a commit (a crash) is refunded by the sweep, once', async () => {
    const { tenant, companyId } = await company();
    let release!: () => void;
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => {
      started = resolve;
    });
    const run = runPaidAction(server.services, tenant, { action: 'ai.meeting_analysis', reference: 'reuniao:1' }, async () => {
      started();
      await hanging;
      return 'late';
    });
    await isRunning;
    expect((await ledgerState(server, companyId)).balance).toBe(45);
    // Not stale yet: nothing happens.
    expect(await sweepStaleReservations(server.services)).toBe(0);
    const later = new Date(Date.now() + STALE_RESERVATION_MS + 60_000);
    const sweeps = await Promise.all([sweepStaleReservations(server.services, later), sweepStaleReservations(server.services, later)]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await ledgerState(server, companyId)).balance).toBe(50);
    // The work finishing afterwards cannot charge again.
    release();
    expect(await run).toMatchObject({ result: 'late', charged: 0, balance: 50 });
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(50);
    expect(state.sum).toBe(50);
    expect(await actions(companyId)).toMatchObject([{ status: 'refunded' }]);
  });

  it('a refund and a resend of the same reference at once: no deadlock (the refund waits for the balance before touching its reservation)', async () => {
    const { tenant, companyId } = await company();
    let id = '';
    await runPaidAction(server.services, tenant, { action: 'ai.resume_analysis', reference: 'cv:resend' }, async (ctx) => {
      id = ctx.paidActionId;
    });
    await server.services.pool.query("UPDATE paid_actions SET status = 'reserved', finished_at = NULL WHERE id = $1", [id]);
    // A resend's reservation, held open between its two steps: the balance's row is locked first…
    const resend = await server.services.pool.connect();
    try {
      await resend.query('BEGIN');
      await resend.query('UPDATE companies SET currency_amount = currency_amount - 5 WHERE id = $1', [companyId]);
      const refund = refundPaidAction(server.services, id);
      // …the refund is now waiting for the balance: it must not hold the reservation's row meanwhile.
      await expect.poll(async () => (await server.services.pool.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%companies%'")).rows[0].n).toBeGreaterThan(0);
      const insert = resend
        .query("INSERT INTO paid_actions (company_id, reference, action, quantity, coins) VALUES ($1, 'cv:resend', 'ai.resume_analysis', 1, 5)", [companyId])
        .then(() => 'inserted', (e: { code?: string }) => e.code);
      // The same reference is taken: a unique violation at once, never a deadlock (40P01).
      expect(await insert).toBe('23505');
      await resend.query('ROLLBACK');
      expect(await refund).toBe(true);
    } finally {
      resend.release();
    }
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(state.sum);
    expect(await actions(companyId)).toMatchObject([{ status: 'refunded', reference: 'cv:resend' }]);
  });

  it('refunding the same reservation concurrently gives the coins back once', async () => {
    const { tenant, companyId } = await company();
    let id = '';
    const r = await runPaidAction(server.services, tenant, { action: 'ai.resume_analysis', reference: 'cv:1' }, async (ctx) => {
      id = ctx.paidActionId;
      const results = await Promise.all(Array.from({ length: 10 }, () => refundPaidAction(server.services, id)));
      expect(results.filter(Boolean)).toHaveLength(1);
    });
    expect(r.charged).toBe(0);
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(50);
    expect(state.sum).toBe(50);
  });
});
