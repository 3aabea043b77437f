import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, stripeEvent, type FakeStripe } from '../support/fake-stripe.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompany, ledgerState } from './support.ts';

const WEBHOOK_SECRET = 'whsec_test_secret_for_sede_webhooks';
let server: TestServer;
let fake: FakeStripe;
const stripe = new Stripe('sk_test_signing_only');

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer({ STRIPE_SECRET_KEY: 'sk_test_sede', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url });
});
afterAll(async () => {
  await server?.stop();
  await fake?.stop();
});

type Jar = { cookie: string };
const post = (path: string, jar: Jar, json: unknown = {}) => server.request(`/api/billing${path}`, { method: 'POST', json, jar });

function deliver(event: object, opts: { secret?: string; tamper?: (raw: string) => string } = {}) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  const body = opts.tamper ? opts.tamper(payload) : payload;
  return server.request('/api/billing/webhooks/stripe', { method: 'POST', body, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } });
}

/** A Checkout Session as Stripe reports it once paid (the fake's shape, completed). */
function paidSession(paymentId: string) {
  const session = [...fake.sessions.values()].find((s) => s.client_reference_id === paymentId)!;
  return { ...session, status: 'complete', payment_status: 'paid' };
}

async function buyCoins(jar: Jar, packageId = 'coins_500') {
  const res = await post('/checkout/coins', jar, { packageId });
  expect(res.status).toBe(200);
  return (await res.json() as any) as { paymentId: string; url: string; mode: string };
}

describe('Stripe checkout through the official SDK (fake API)', () => {
  it('creates a BRL session with card, Pix and boleto for a coin package', async () => {
    const { jar } = await createCompany(server);
    const { paymentId, url, mode } = await buyCoins(jar);
    expect(mode).toBe('stripe');
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const req = fake.requests.at(-1)!;
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers['idempotency-key']).toBe(`checkout-${paymentId}`);
    expect(req.params.get('mode')).toBe('payment');
    expect(req.params.get('currency')).toBe('brl');
    expect([0, 1, 2].map((i) => req.params.get(`allowed_payment_method_types[${i}]`))).toEqual(['card', 'pix', 'boleto']);
    expect(req.params.get('line_items[0][price_data][unit_amount]')).toBe('40000');
    expect(req.params.get('metadata[paymentId]')).toBe(paymentId);
    const { rows } = await server.services.pool.query('SELECT provider, provider_ref, status FROM payments WHERE id = $1', [paymentId]);
    expect(rows[0]).toMatchObject({ provider: 'stripe', status: 'pending' });
    expect(rows[0].provider_ref).toMatch(/^cs_test_/);
  });

  it('a subscription session takes card and boleto and keeps the trial (charging afterwards)', async () => {
    const { jar } = await createCompany(server);
    const res = await post('/checkout/subscription', jar, { plan: 'annual' });
    expect(res.status).toBe(200);
    const req = fake.requests.at(-1)!;
    expect(req.params.get('mode')).toBe('subscription');
    expect([0, 1, 2].map((i) => req.params.get(`allowed_payment_method_types[${i}]`))).toEqual(['card', 'boleto', null]);
    expect(req.params.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(req.params.get('line_items[0][price_data][unit_amount]')).toBe('220000');
    expect(Number(req.params.get('subscription_data[trial_end]'))).toBeGreaterThan(Date.now() / 1000 + 14 * 86_400);
  });

  it('Stripe being down is a clear 502 and the payment is marked failed', async () => {
    const { jar, companyId } = await createCompany(server);
    fake.failNext(2);
    const res = await post('/checkout/coins', jar, { packageId: 'coins_50' });
    expect(res.status).toBe(502);
    expect((await res.json() as any).error).toBe('Não foi possível iniciar o pagamento. Tente novamente em alguns instantes.');
    const { rows } = await server.services.pool.query('SELECT status FROM payments WHERE company_id = $1', [companyId]);
    expect(rows).toEqual([{ status: 'failed' }]);
  });
});

describe('Stripe webhook', () => {
  it('a valid signature credits once; a replay credits nothing more', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await buyCoins(jar);
    const event = stripeEvent('checkout.session.completed', paidSession(paymentId));

    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(await first.json() as any).toEqual({ received: true, action: 'fulfilled' });
    expect((await ledgerState(server, companyId)).balance).toBe(550);

    const replays = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    for (const r of replays) expect(await r.json() as any).toEqual({ received: true, duplicate: true });
    // Stripe may also send a second, different event for the same payment: still once.
    await deliver(stripeEvent('checkout.session.async_payment_succeeded', paidSession(paymentId)));
    const state = await ledgerState(server, companyId);
    expect(state.balance).toBe(550);
    expect(state.sum).toBe(550);
    const { rows } = await server.services.pool.query('SELECT status, paid_at FROM payments WHERE id = $1', [paymentId]);
    expect(rows[0].status).toBe('paid');
  });

  it('a bad signature or a tampered body is refused and nothing is credited', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await buyCoins(jar);
    const event = stripeEvent('checkout.session.completed', paidSession(paymentId));

    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else' });
    expect(wrongSecret.status).toBe(400);
    expect((await wrongSecret.json() as any).error).toBe('Assinatura do webhook inválida.');
    const tampered = await deliver(event, { tamper: (raw) => raw.replace('"amount_total":40000', '"amount_total":1') });
    expect(tampered.status).toBe(400);
    const unsigned = await server.request('/api/billing/webhooks/stripe', { method: 'POST', body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);

    expect((await ledgerState(server, companyId)).balance).toBe(50);
    const { rows } = await server.services.pool.query('SELECT count(*)::int AS n FROM webhook_events WHERE id = $1', [event.id]);
    expect(rows[0].n).toBe(0);
    // The genuine delivery still works afterwards.
    expect((await (await deliver(event)).json() as any).action).toBe('fulfilled');
  });

  it('a genuinely signed delivery captured an hour ago and replayed is refused (signature too old)', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await buyCoins(jar, 'coins_50');
    const payload = JSON.stringify(stripeEvent('checkout.session.completed', paidSession(paymentId)));
    const timestamp = Math.floor(Date.now() / 1000) - 3600;
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
    const res = await server.request('/api/billing/webhooks/stripe', { method: 'POST', body: payload, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await res.json() as any).error).toBe('Assinatura do webhook inválida.');
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('a boleto issued but unpaid credits nothing until it is paid', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await buyCoins(jar, 'coins_50');
    const unpaid = { ...paidSession(paymentId), payment_status: 'unpaid' };
    expect((await (await deliver(stripeEvent('checkout.session.completed', unpaid))).json() as any).action).toBe('awaiting-payment');
    expect((await ledgerState(server, companyId)).balance).toBe(50);
    expect((await (await deliver(stripeEvent('checkout.session.async_payment_succeeded', paidSession(paymentId)))).json() as any).action).toBe('fulfilled');
    expect((await ledgerState(server, companyId)).balance).toBe(100);
  });

  it('a signed event whose amount differs from what we sold credits nothing', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await buyCoins(jar);
    const forged = { ...paidSession(paymentId), amount_total: 100 };
    expect((await (await deliver(stripeEvent('checkout.session.completed', forged))).json() as any).action).toBe('amount-mismatch');
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('a subscription: scheduled at checkout during the trial, activated once by the paid invoice, renewed by the next', async () => {
    const { jar, companyId } = await createCompany(server);
    const { paymentId } = await (await post('/checkout/subscription', jar, { plan: 'monthly' })).json() as any;
    const session = { ...paidSession(paymentId), payment_status: 'no_payment_required', subscription: 'sub_test_1' };
    expect((await (await deliver(stripeEvent('checkout.session.completed', session))).json() as any).action).toBe('scheduled');

    const metadata = { paymentId, companyId, kind: 'subscription', item: 'monthly' };
    const start = Math.floor(Date.now() / 1000);
    const invoice = (id: string, reason: string, from: number) => ({
      id,
      object: 'invoice',
      amount_paid: 25_000,
      billing_reason: reason,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata, subscription: 'sub_test_1' } },
      lines: { object: 'list', data: [{ id: `il_${id}`, object: 'line_item', period: { start: from, end: from + 30 * 86_400 } }], has_more: false },
    });
    const firstCharge = stripeEvent('invoice.paid', invoice('in_test_1', 'subscription_cycle', start));
    expect((await (await deliver(firstCharge)).json() as any).action).toBe('fulfilled');
    expect((await deliver(firstCharge).then((r) => r.json() as any)).duplicate).toBe(true);

    let summary = await (await server.request('/api/billing/summary', { jar })).json() as any;
    expect(summary).toMatchObject({ status: 'active', plan: 'monthly' });
    expect((await ledgerState(server, companyId)).balance).toBe(80);

    const renewal = stripeEvent('invoice.paid', invoice('in_test_2', 'subscription_cycle', start + 30 * 86_400));
    expect((await (await deliver(renewal)).json() as any).action).toBe('renewed');
    const again = stripeEvent('invoice.paid', invoice('in_test_2', 'subscription_cycle', start + 30 * 86_400)); // same invoice, new event id
    expect((await (await deliver(again)).json() as any).action).toBe('already');
    const { rows } = await server.services.pool.query("SELECT count(*)::int AS n FROM payments WHERE company_id = $1 AND status = 'paid'", [companyId]);
    expect(rows[0].n).toBe(2);

    await deliver(stripeEvent('invoice.payment_failed', invoice('in_test_3', 'subscription_cycle', start + 60 * 86_400)));
    summary = await (await server.request('/api/billing/summary', { jar })).json() as any;
    expect(summary.status).toBe('past_due');
    await deliver(stripeEvent('customer.subscription.deleted', { id: 'sub_test_1', object: 'subscription', metadata }));
    summary = await (await server.request('/api/billing/summary', { jar })).json() as any;
    expect(summary.status).toBe('canceled');
  });

  it('the sandbox endpoints do not exist when Stripe is configured', async () => {
    const { jar } = await createCompany(server);
    const { paymentId } = await buyCoins(jar, 'coins_50');
    expect((await post(`/sandbox/payments/${paymentId}/confirm`, jar)).status).toBe(404);
    expect(await (await server.request('/api/billing/mode', { jar })).json()).toEqual({ mode: 'stripe' });
  });
});
