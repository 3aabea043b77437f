import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_MESSAGES } from '../../src/modules/billing/checkout.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompany, ledgerState, runningSumMatches } from './support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(); // no Stripe key: the offline sandbox
});
afterAll(async () => {
  await server?.stop();
});

type Jar = { cookie: string };
const post = (path: string, jar: Jar, json: unknown = {}) => server.request(`/api/billing${path}`, { method: 'POST', json, jar });
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

const PAIRS = 32;
const COINS = 50; // coins_50

describe('sandbox confirm and cancel at once on one payment', () => {
  it(`${PAIRS} races: exactly one action happens, each answer tells the truth, coins credited once per confirmed payment`, async () => {
    const { jar, companyId } = await createCompany(server);
    const start = await ledgerState(server, companyId);
    const ids: string[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const res = await post('/checkout/coins', jar, { packageId: 'coins_50' });
      expect(res.status).toBe(200);
      ids.push(((await res.json()) as { paymentId: string }).paymentId);
    }

    const outcomes = await Promise.all(
      ids.map(async (id, i) => {
        // Alternate which request leaves first, so both orders are raced.
        const calls = [() => post(`/sandbox/payments/${id}/confirm`, jar), () => post(`/sandbox/payments/${id}/cancel`, jar)];
        if (i % 2) calls.reverse();
        const [a, b] = await Promise.all(calls.map((call) => call().then(answer)));
        const [confirm, cancel] = i % 2 ? [b!, a!] : [a!, b!];
        return { id, confirm, cancel };
      }),
    );

    let confirmed = 0;
    for (const { id, confirm, cancel } of outcomes) {
      const statuses = [confirm.status, cancel.status].sort();
      expect(statuses, id).toEqual([200, 409]);
      const { rows } = await server.services.pool.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id]);
      if (confirm.status === 200) {
        confirmed++;
        expect(confirm.body).toEqual({ status: 'paid', alreadyDone: false });
        expect(cancel.body).toEqual({ error: SANDBOX_MESSAGES.alreadyConfirmed, code: 'PAYMENT_CONFIRMED' });
        expect(rows[0]!.status).toBe('paid');
      } else {
        expect(cancel.body).toEqual({ status: 'canceled', alreadyDone: false });
        expect(confirm.body).toEqual({ error: SANDBOX_MESSAGES.alreadyCanceled, code: 'PAYMENT_CANCELED' });
        expect(rows[0]!.status).toBe('canceled');
      }
    }

    const { rows: credits } = await server.services.pool.query<{ reference: string; n: number }>(
      `SELECT reference, count(*)::int AS n FROM coin_ledger WHERE company_id = $1 AND kind = 'purchase' GROUP BY reference`,
      [companyId],
    );
    const paid = outcomes.filter((o) => o.confirm.status === 200).map((o) => o.id).sort();
    expect(credits.map((c) => c.reference).sort()).toEqual(paid);
    expect(credits.every((c) => c.n === 1)).toBe(true);
    const end = await ledgerState(server, companyId);
    expect(end.balance).toBe(start.balance + confirmed * COINS);
    expect(end.sum).toBe(end.balance);
    expect(await runningSumMatches(server, companyId)).toBe(true);
  });

  it('a repeat of the same action says it was already done; the opposite action is refused', async () => {
    const { jar } = await createCompany(server);
    const checkout = async () => ((await (await post('/checkout/coins', jar, { packageId: 'coins_50' })).json()) as { paymentId: string }).paymentId;

    const a = await checkout();
    const confirms = await Promise.all([1, 2, 3].map(() => post(`/sandbox/payments/${a}/confirm`, jar).then(answer)));
    expect(confirms.map((r) => r.body).sort((x, y) => Number(x.alreadyDone) - Number(y.alreadyDone))).toEqual([
      { status: 'paid', alreadyDone: false },
      { status: 'paid', alreadyDone: true },
      { status: 'paid', alreadyDone: true },
    ]);
    expect(await answer(await post(`/sandbox/payments/${a}/cancel`, jar))).toEqual({ status: 409, body: { error: SANDBOX_MESSAGES.alreadyConfirmed, code: 'PAYMENT_CONFIRMED' } });

    const b = await checkout();
    const cancels = await Promise.all([1, 2, 3].map(() => post(`/sandbox/payments/${b}/cancel`, jar).then(answer)));
    expect(cancels.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(cancels.filter((r) => r.body.alreadyDone === false)).toHaveLength(1);
    expect(await answer(await post(`/sandbox/payments/${b}/confirm`, jar))).toEqual({ status: 409, body: { error: SANDBOX_MESSAGES.alreadyCanceled, code: 'PAYMENT_CANCELED' } });
  });

  it('a subscription in the trial: confirm (scheduled) and cancel race the same way', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = (await (await post('/checkout/subscription', jar, { plan: 'monthly' })).json()) as { paymentId: string };
    const [confirm, cancel] = await Promise.all([post(`/sandbox/payments/${paymentId}/confirm`, jar).then(answer), post(`/sandbox/payments/${paymentId}/cancel`, jar).then(answer)]);
    expect([confirm.status, cancel.status].sort()).toEqual([200, 409]);
    const { rows } = await server.services.pool.query<{ status: string; plan_type: string | null }>(
      'SELECT p.status, c.plan_type FROM payments p JOIN companies c ON c.id = p.company_id WHERE p.id = $1',
      [paymentId],
    );
    if (confirm.status === 200) expect(rows[0]).toEqual({ status: 'scheduled', plan_type: 'monthly' });
    else expect(rows[0]).toEqual({ status: 'canceled', plan_type: null });
  });
});
