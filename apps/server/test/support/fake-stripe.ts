import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeStripeRequest = { method: string; path: string; params: URLSearchParams; headers: http.IncomingHttpHeaders };

/**
 * A small stand-in for api.stripe.com on 127.0.0.1, pointed at by STRIPE_API_URL. It answers
 * the Checkout Session create call (POST /v1/checkout/sessions, form-encoded like the SDK
 * sends it) with a session in Stripe's real JSON shape, and records every request.
 */
export async function startFakeStripe() {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, { id: string; object: 'subscription'; status: string; metadata: Record<string, string> }>();
  let failures = 0;

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = new URLSearchParams(body);
      requests.push({ method: req.method ?? 'GET', path: url.pathname, params, headers: req.headers });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(8).toString('hex')}` });
        res.end(JSON.stringify(json));
      };
      if (!req.headers.authorization?.startsWith('Bearer sk_test_')) {
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (failures > 0) {
        failures--;
        return send(500, { error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const session = checkoutSession(params);
        sessions.set(session.id as string, session);
        return send(200, session);
      }
      // Subscriptions: search by metadata (`metadata['companyId']:'<id>'`) and cancel.
      if (req.method === 'GET' && url.pathname === '/v1/subscriptions/search') {
        const companyId = /metadata\['companyId'\]:'([^']+)'/.exec(url.searchParams.get('query') ?? '')?.[1];
        const data = [...subscriptions.values()].filter((sub) => sub.metadata.companyId === companyId);
        return send(200, { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/subscriptions/search' });
      }
      const sub = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'DELETE' && sub && subscriptions.has(sub[1]!)) {
        const found = subscriptions.get(sub[1]!)!;
        found.status = 'canceled';
        return send(200, found);
      }
      const found = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && found && sessions.has(found[1]!)) return send(200, sessions.get(found[1]!));
      send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    /** A subscription of a company, as Stripe keeps it (metadata from the checkout). */
    addSubscription: (companyId: string, status = 'active') => {
      const id = `sub_${randomBytes(8).toString('hex')}`;
      subscriptions.set(id, { id, object: 'subscription', status, metadata: { companyId, kind: 'subscription' } });
      return id;
    },
    /** The next `count` API calls answer 500 (Stripe down; the SDK retries once by itself). */
    failNext: (count = 1) => {
      failures = count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** Reads `a[b][c]` form keys back into an object (the SDK's encoding). */
function formValue(params: URLSearchParams, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (k.startsWith(`${prefix}[`)) out[k.slice(prefix.length + 1, -1)] = v;
  return out;
}

function checkoutSession(p: URLSearchParams): Record<string, unknown> {
  const id = `cs_test_${randomBytes(24).toString('hex')}`;
  const mode = p.get('mode') ?? 'payment';
  let amount = 0;
  for (let i = 0; p.has(`line_items[${i}][quantity]`); i++) {
    amount += Number(p.get(`line_items[${i}][quantity]`)) * Number(p.get(`line_items[${i}][price_data][unit_amount]`) ?? 0);
  }
  const methods: string[] = [];
  for (let i = 0; p.has(`allowed_payment_method_types[${i}]`); i++) methods.push(p.get(`allowed_payment_method_types[${i}]`)!);
  const created = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: methods.length ? methods : null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: p.get('cancel_url'),
    client_reference_id: p.get('client_reference_id'),
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: p.get('currency') ?? 'brl',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: mode === 'payment' ? 'if_required' : 'always',
    customer_details: null,
    customer_email: p.get('customer_email'),
    discounts: [],
    expires_at: created + 86_400,
    integration_identifier: null,
    invoice: null,
    invoice_creation: mode === 'payment' ? { enabled: false, invoice_data: {} } : null,
    livemode: false,
    locale: p.get('locale'),
    managed_payments: null,
    metadata: formValue(p, 'metadata'),
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: mode === 'subscription' ? 'always' : 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: methods.length ? methods : ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: p.get('success_url'),
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: `https://checkout.stripe.com/c/pay/${id}`,
    wallet_options: null,
  };
}

/** A signed-looking Stripe event wrapping an object (sign it with stripe.webhooks.generateTestHeaderString). */
export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_${randomBytes(12).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}
