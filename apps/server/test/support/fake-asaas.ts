import { randomBytes, randomInt } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { createStaticPix, hasError } from 'pix-utils';

/**
 * A small Asaas (API v3) on 127.0.0.1 speaking its JSON (decision 0570): `access_token` header
 * (401 `invalid_access_token` otherwise), `GET/POST /customers`, `POST /payments` (billingType
 * BOLETO), `GET /payments/{id}`, `/identificationField` (a real-format linha digitável of bank
 * 461 with its check digits, the amount and the due date's factor), `/pixQrCode` (a BR Code),
 * `DELETE /payments/{id}`; errors as `{ errors: [{ code, description }] }`. Both environments
 * are served, under `/sandbox/v3` and `/production/v3`, each with its own keys; `GET /payments?externalReference=`. `pay` posts the
 * webhook Asaas would send (PAYMENT_RECEIVED) with the token the company configured.
 * Refunds (decision 0601): `POST /payments/{id}/refund` (value, description; the payment's
 * `refunds` list, REFUNDED when all came back). Webhooks (decision 0603): `GET/POST /webhooks`,
 * `PUT /webhooks/{id}`, with Asaas's rules for the auth token; a registered one becomes `webhook`.
 */

export type FakeAsaasPayment = {
  object: 'payment';
  id: string;
  environment: 'sandbox' | 'production';
  dateCreated: string;
  customer: string;
  billingType: string;
  value: number;
  netValue: number;
  originalValue: number | null;
  dueDate: string;
  originalDueDate: string;
  status: string;
  description: string | null;
  externalReference: string | null;
  nossoNumero: string;
  invoiceUrl: string;
  bankSlipUrl: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  deleted: boolean;
  /** The account (its key) that made it: whose webhook hears of it. */
  account: string;
  refunds: Array<{ dateCreated: string; status: string; value: number; description: string | null }> | null;
};

export type FakeAsaasWebhookConfig = { id: string; environment: 'sandbox' | 'production'; /** The account's key that made it (each key is an account). */ apiKey: string; name: string; url: string; email: string | null; enabled: boolean; interrupted: boolean; authToken: string; sendType: string; events: string[] };

export type FakeAsaas = {
  url: string;
  /** ASAAS_SANDBOX_URL / ASAAS_PRODUCTION_URL for the server under test. */
  env: Record<string, string>;
  /** Keys each environment accepts. */
  keys: { sandbox: Set<string>; production: Set<string> };
  payments: Map<string, FakeAsaasPayment>;
  customers: Map<string, { id: string; name: string; cpfCnpj: string; email: string | null }>;
  requests: Array<{ method: string; path: string; body: unknown }>;
  /** The next request waits this long before answering (a provider that times out). */
  delayNext(ms: number): void;
  /** The next request of this method and path prefix answers with this status and Asaas's error list. */
  failNext(match: { method: string; path: string }, status: number, errors: Array<{ code: string; description: string }>): void;
  /** How the next refunds end: DONE at once (Pix at Asaas), PENDING (a boleto's refund awaits the payer's bank details). */
  refundMode: 'DONE' | 'PENDING';
  /** Webhooks registered through `POST /v3/webhooks` (authToken as sent). */
  webhooks: Map<string, FakeAsaasWebhookConfig>;
  /** Ends a pending refund as DONE; answers the PAYMENT_REFUNDED / PAYMENT_PARTIALLY_REFUNDED event Asaas would send. */
  finishRefunds(paymentId: string): Record<string, unknown>;
  /** Where the webhook goes and with which token (the company's settings). */
  webhook: { url: string; token: string } | null;
  /** The webhook body Asaas would send for an event of a payment. */
  event(paymentId: string, event: string, eventId?: string): Record<string, unknown>;
  /** Pays a payment and posts PAYMENT_RECEIVED to the webhook; answers the webhook's status and body and the event sent. */
  pay(paymentId: string, o?: { token?: string; event?: string }): Promise<{ status: number; body: unknown; event: Record<string, unknown> }>;
  post(event: Record<string, unknown>, token?: string): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
};

const ASAAS_BANK = '461';
const today = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

/** Módulo 10 of the linha digitável's fields (weights 2,1 from the right; a product's digits summed). */
function mod10(digits: string): string {
  let sum = 0;
  let w = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const p = Number(digits[i]) * w;
    sum += p > 9 ? p - 9 : p;
    w = w === 2 ? 1 : 2;
  }
  return String((10 - (sum % 10)) % 10);
}

/** Módulo 11 of the barcode's general check digit (weights 2–9 from the right; 0, 1, 10, 11 → 1). */
function mod11(digits: string): string {
  let sum = 0;
  let w = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * w;
    w = w === 9 ? 2 : w + 1;
  }
  const r = 11 - (sum % 11);
  return r === 0 || r === 1 || r >= 10 ? '1' : String(r);
}

/** The due date's factor (days since 1997-10-07, restarting at 1000 after 9999 — from 2025-02-22). */
function dueFactor(dueDate: string): string {
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse('1997-10-07T00:00:00Z')) / 86_400_000);
  const factor = days >= 10_000 ? ((days - 10_000) % 9000) + 1000 : days;
  return String(factor).padStart(4, '0');
}

/** A cobrança bancária barcode (44) and its linha digitável (47), FEBRABAN's layout with correct check digits. */
export function boletoNumbers(amountCents: number, dueDate: string, freeField: string) {
  const free = freeField.padStart(25, '0').slice(-25);
  const tail = `${dueFactor(dueDate)}${String(amountCents).padStart(10, '0')}`;
  const head = `${ASAAS_BANK}9`;
  const dv = mod11(`${head}${tail}${free}`);
  const barCode = `${head}${dv}${tail}${free}`;
  const f1 = `${head}${free.slice(0, 5)}`;
  const f2 = free.slice(5, 15);
  const f3 = free.slice(15, 25);
  const identificationField = `${f1}${mod10(f1)}${f2}${mod10(f2)}${f3}${mod10(f3)}${dv}${tail}`;
  return { barCode, identificationField };
}

export type AsaasFakeOptions = {
  /** Where it is mounted (the e2e fake process serves it under '/asaas'). */
  prefix?: string;
  /** Also accept any sandbox key of Asaas's shape ('$aact_hmlg_…'), for browser tests that type one. */
  anySandboxKey?: boolean;
};

/** The fake's state and its request handler (false: not its path), to run alone or inside another fake server. */
export function asaasFake(o: AsaasFakeOptions = {}) {
  const prefix = o.prefix ?? '';
  const payments = new Map<string, FakeAsaasPayment>();
  const customers = new Map<string, { id: string; name: string; cpfCnpj: string; email: string | null }>();
  const requests: FakeAsaas['requests'] = [];
  const keys = { sandbox: new Set<string>(), production: new Set<string>() };
  let delay = 0;
  const failures: Array<{ method: string; path: string; status: number; errors: Array<{ code: string; description: string }> }> = [];

  /** Does what was asked at once; with `wait`, answers that much later (a slow Asaas: the work is done, the answer late). */
  const handle = (req: IncomingMessage, res: ServerResponse, raw: string, wait = 0) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, json: unknown) => {
      const answer = () => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (wait) setTimeout(answer, wait).unref();
      else answer();
    };
    const errors = (status: number, code: string, description: string) => send(status, { errors: [{ code, description }] });
    const m = /^\/(sandbox|production)\/v3(\/.*)$/.exec(url.pathname.slice(prefix.length));
    if (!m) return errors(404, 'not_found', 'Recurso não encontrado');
    const environment = m[1] as 'sandbox' | 'production';
    const path = m[2]!;
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return errors(400, 'invalid_object', 'JSON inválido');
    }
    const key = req.headers.access_token;
    if (typeof key !== 'string' || !(keys[environment].has(key) || (o.anySandboxKey && environment === 'sandbox' && /^\$aact_hmlg_\w{20,}/.test(key)))) return errors(401, 'invalid_access_token', 'A chave de API fornecida é inválida');
    const failure = failures.findIndex((f) => f.method === req.method && path.startsWith(f.path));
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return send(f!.status, { errors: f!.errors });
    }

    if (req.method === 'GET' && path === '/customers') {
      const data = [...customers.values()];
      return send(200, { object: 'list', hasMore: false, totalCount: data.length, limit: Number(url.searchParams.get('limit') ?? 10), offset: 0, data: data.slice(0, 1) });
    }
    if (req.method === 'POST' && path === '/customers') {
      const name = typeof body.name === 'string' ? body.name.trim() : '';
      const cpfCnpj = typeof body.cpfCnpj === 'string' ? body.cpfCnpj.replace(/[.\-/\s]/g, '') : '';
      if (!name) return errors(400, 'invalid_name', 'O nome do cliente deve ser informado.');
      if (!(cpfCnpj.length === 11 ? isValidCpf(cpfCnpj) : isValidCnpj(cpfCnpj))) return errors(400, 'invalid_cpfCnpj', 'O CPF/CNPJ informado é inválido.');
      const id = `cus_${String(randomInt(1e11, 1e12))}`;
      const c = { id, name, cpfCnpj, email: typeof body.email === 'string' ? body.email : null };
      customers.set(id, c);
      return send(200, { object: 'customer', dateCreated: today(), ...c, externalReference: body.externalReference ?? null, notificationDisabled: body.notificationDisabled ?? false, deleted: false });
    }
    if (req.method === 'GET' && path === '/payments') {
      const ref = url.searchParams.get('externalReference');
      const data = [...payments.values()].filter((p) => p.environment === environment && !p.deleted && (ref === null || p.externalReference === ref));
      return send(200, { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data });
    }
    if (req.method === 'POST' && path === '/payments') {
      if (typeof body.customer !== 'string' || !customers.has(body.customer)) return errors(400, 'invalid_customer', 'Cliente inexistente.');
      if (!['BOLETO', 'PIX', 'UNDEFINED', 'CREDIT_CARD'].includes(String(body.billingType))) return errors(400, 'invalid_billingType', 'Forma de pagamento inválida.');
      const value = Number(body.value);
      if (!(value >= 5)) return errors(400, 'invalid_value', 'O valor da cobrança deve ser de no mínimo R$ 5,00.');
      const dueDate = String(body.dueDate ?? '');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || dueDate < today()) return errors(400, 'invalid_dueDate', 'Não é permitido data de vencimento inferior a hoje.');
      const digits = String(randomInt(1e11, 1e12));
      const id = `pay_${digits}`;
      const p: FakeAsaasPayment = {
        object: 'payment',
        id,
        environment,
        dateCreated: today(),
        customer: body.customer,
        billingType: String(body.billingType),
        value,
        netValue: Math.round((value - 1.99) * 100) / 100,
        originalValue: null,
        dueDate,
        originalDueDate: dueDate,
        status: 'PENDING',
        description: typeof body.description === 'string' ? body.description : null,
        externalReference: typeof body.externalReference === 'string' ? body.externalReference : null,
        nossoNumero: String(randomInt(1e7, 1e8)),
        invoiceUrl: `https://sandbox.asaas.com/i/${digits}`,
        bankSlipUrl: `https://sandbox.asaas.com/b/pdf/${digits}`,
        paymentDate: null,
        clientPaymentDate: null,
        deleted: false,
        account: String(key),
        refunds: null,
      };
      payments.set(id, p);
      return send(200, p);
    }
    if (path === '/webhooks' && req.method === 'GET') {
      const data = [...webhooks.values()].filter((w) => w.environment === environment && w.apiKey === key).map(({ environment: _e, apiKey: _k, authToken: _t, ...w }) => ({ ...w, apiVersion: 3, hasAuthToken: true }));
      return send(200, { object: 'list', hasMore: false, totalCount: data.length, limit: 100, offset: 0, data });
    }
    const wm = /^\/webhooks(?:\/([^/]+))?$/.exec(path);
    if (wm && (req.method === 'POST' ? !wm[1] : req.method === 'PUT' && !!wm[1])) {
      const current = wm[1] ? webhooks.get(decodeURIComponent(wm[1])) : undefined;
      if (wm[1] && (!current || current.environment !== environment || current.apiKey !== key)) return errors(404, 'not_found', 'Webhook não encontrado.');
      const url = String(body.url ?? '');
      if (!/^https?:\/\/\S+$/.test(url)) return errors(400, 'invalid_url', 'Informe uma URL válida.');
      const token = typeof body.authToken === 'string' ? body.authToken : '';
      // Asaas's rule for the token: 32–255 characters, no spaces, no 5-digit sequences nor 4 repeated characters.
      if (token.length < 32 || token.length > 255 || /\s/.test(token) || /(.)\1{3}/.test(token) || /01234|12345|23456|34567|45678|56789/.test(token)) return errors(400, 'invalid_authToken', 'O token de autenticação não atende aos requisitos mínimos de segurança.');
      if (!Array.isArray(body.events) || !body.events.length) return errors(400, 'invalid_events', 'Informe ao menos um evento.');
      const w: FakeAsaasWebhookConfig = { id: current?.id ?? `wh_${randomBytes(8).toString('hex')}`, environment, apiKey: key, name: String(body.name ?? ''), url, email: typeof body.email === 'string' ? body.email : null, enabled: body.enabled !== false, interrupted: body.interrupted === true, authToken: token, sendType: String(body.sendType ?? 'SEQUENTIALLY'), events: body.events.map(String) };
      webhooks.set(w.id, w);
      // The first account registered is where `pay` and `post` deliver (a test names another's token itself).
      state.webhook ??= { url: w.url, token: w.authToken };
      const { environment: _e, apiKey: _k, authToken: _t, ...answer } = w;
      return send(200, { ...answer, apiVersion: 3, hasAuthToken: true });
    }
    const rm = /^\/payments\/([^/]+)\/refund$/.exec(path);
    if (rm && req.method === 'POST') {
      const p = payments.get(decodeURIComponent(rm[1]!));
      if (!p || p.environment !== environment) return errors(404, 'not_found', 'Cobrança não encontrada.');
      if (p.status !== 'RECEIVED' && p.status !== 'CONFIRMED' && p.status !== 'REFUND_REQUESTED') return errors(400, 'invalid_action', 'Só é possível estornar cobranças recebidas ou confirmadas.');
      const refunded = (p.refunds ?? []).filter((r) => r.status !== 'CANCELLED').reduce((n, r) => n + Math.round(r.value * 100), 0);
      const value = body.value === undefined ? Math.round(p.value * 100) - refunded : Math.round(Number(body.value) * 100);
      if (!(value > 0) || value + refunded > Math.round(p.value * 100)) return errors(400, 'invalid_value', 'O valor do estorno é maior que o valor disponível para estorno.');
      p.refunds = [...(p.refunds ?? []), { dateCreated: today(), status: state.refundMode, value: value / 100, description: typeof body.description === 'string' ? body.description : null }];
      settleRefunds(p);
      return send(200, p);
    }
    const pm = /^\/payments\/([^/]+)(\/identificationField|\/pixQrCode)?$/.exec(path);
    const payment = pm ? payments.get(decodeURIComponent(pm[1]!)) : undefined;
    if (pm && (!payment || payment.environment !== environment)) return errors(404, 'not_found', 'Cobrança não encontrada.');
    if (payment && req.method === 'GET' && !pm![2]) return send(200, { ...payment, environment: undefined, account: undefined });
    if (payment && req.method === 'GET' && pm![2] === '/identificationField') {
      if (payment.billingType !== 'BOLETO' && payment.billingType !== 'UNDEFINED') return errors(400, 'invalid_action', 'Esta cobrança não possui boleto.');
      const { barCode, identificationField } = boletoNumbers(Math.round(payment.value * 100), payment.dueDate, `${payment.nossoNumero}${payment.id.slice(4)}`);
      return send(200, { identificationField, nossoNumero: payment.nossoNumero, barCode });
    }
    if (payment && req.method === 'GET' && pm![2] === '/pixQrCode') {
      const pix = createStaticPix({ merchantName: 'ASAAS IP SA', merchantCity: 'JOINVILLE', pixKey: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', transactionAmount: payment.value, txid: payment.id.replace(/\W/g, '').slice(0, 25) });
      if (hasError(pix)) return errors(400, 'invalid_action', 'Não foi possível gerar o QR Code.');
      return send(200, { encodedImage: Buffer.from('fake-png').toString('base64'), payload: pix.throwIfError().toBRCode(), expirationDate: `${payment.dueDate} 23:59:59` });
    }
    if (payment && req.method === 'DELETE' && !pm![2]) {
      if (payment.status !== 'PENDING' && payment.status !== 'OVERDUE') return errors(400, 'invalid_action', 'Só é possível remover cobranças aguardando pagamento ou vencidas.');
      payment.deleted = true;
      payment.status = 'DELETED';
      return send(200, { deleted: true, id: payment.id });
    }
    return errors(404, 'not_found', 'Recurso não encontrado');
  };

  /** Serves the request when its path is the fake's (answers whether it did). */
  const serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!(req.url ?? '/').startsWith(`${prefix}/`)) return false;
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      // Recorded on arrival (a delayed answer is still a request made).
      let parsed: unknown = raw;
      try {
        parsed = raw ? JSON.parse(raw) : {};
      } catch {}
      const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname.slice(prefix.length);
      if (req.method === 'POST' && pathname === '/_control/pay') return controlPay(parsed as { paymentId?: string; webhookUrl?: string; token?: string }, res);
      requests.push({ method: req.method ?? 'GET', path: pathname.replace(/^\/(sandbox|production)\/v3/, ''), body: parsed });
      const wait = delay;
      delay = 0;
      handle(req, res, raw, wait);
    });
    return true;
  };

  /** The e2e process's way to 'pay' (the browser test names the webhook and its token): POST {prefix}/_control/pay. */
  const controlPay = (body: { paymentId?: string; webhookUrl?: string; token?: string }, res: ServerResponse) => {
    const answer = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const payment = body.paymentId ? payments.get(body.paymentId) : undefined;
    // Without a webhook named, the one its account registered (decision 0603).
    const hook = payment && [...webhooks.values()].find((w) => w.apiKey === payment.account && w.environment === payment.environment);
    const target = body.webhookUrl && body.token ? { url: body.webhookUrl, token: body.token } : hook ? { url: hook.url, token: hook.authToken } : null;
    if (!payment || !target) return answer(400, { error: 'paymentId, and webhookUrl and token unless its account registered one' });
    state.webhook = target;
    state.pay(payment.id).then((r) => answer(200, r), (e: Error) => answer(502, { error: e.message }));
  };

  const webhooks = new Map<string, FakeAsaasWebhookConfig>();
  /** The payment's status after its refunds: REFUNDED when all of it came back. */
  const settleRefunds = (p: FakeAsaasPayment) => {
    const done = (p.refunds ?? []).filter((r) => r.status === 'DONE').reduce((n, r) => n + Math.round(r.value * 100), 0);
    if (done >= Math.round(p.value * 100)) p.status = 'REFUNDED';
    return done;
  };
  const state: Omit<FakeAsaas, 'url' | 'env' | 'close'> = {
    keys,
    refundMode: 'DONE',
    webhooks,
    finishRefunds(paymentId) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`fake Asaas: no payment ${paymentId}`);
      for (const r of p.refunds ?? []) if (r.status === 'PENDING') r.status = 'DONE';
      settleRefunds(p);
      return state.event(paymentId, p.status === 'REFUNDED' ? 'PAYMENT_REFUNDED' : 'PAYMENT_PARTIALLY_REFUNDED');
    },
    payments,
    customers,
    requests,
    webhook: null,
    delayNext(ms) {
      delay = ms;
    },
    failNext(match, status, errs) {
      failures.push({ ...match, status, errors: errs });
    },
    event(paymentId, event, eventId) {
      const p = payments.get(paymentId);
      if (!p) throw new Error(`fake Asaas: no payment ${paymentId}`);
      const { environment: _e, account: _a, ...payment } = p;
      return { id: eventId ?? `evt_${randomBytes(16).toString('hex')}&${randomInt(1e8, 1e9)}`, event, dateCreated: `${today()} 12:00:00`, payment };
    },
    async post(event, token) {
      const fake = state;
      if (!fake.webhook) throw new Error('fake Asaas: no webhook configured');
      const res = await fetch(fake.webhook.url, { method: 'POST', headers: { 'content-type': 'application/json', 'asaas-access-token': token ?? fake.webhook.token, 'user-agent': 'Asaas_Hmlg/3.0' }, body: JSON.stringify(event) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async pay(paymentId, o = {}) {
      const fake = state;
      const p = payments.get(paymentId);
      if (!p) throw new Error(`fake Asaas: no payment ${paymentId}`);
      p.status = 'RECEIVED';
      p.paymentDate = today();
      p.clientPaymentDate = today();
      const event = fake.event(paymentId, o.event ?? 'PAYMENT_RECEIVED');
      return { ...(await fake.post(event, o.token)), event };
    },
  };
  return { state, serve };
}

export async function startFakeAsaas(): Promise<FakeAsaas> {
  const { state, serve } = asaasFake();
  const server = http.createServer((req, res) => {
    if (!serve(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(state, {
    url,
    env: { ASAAS_SANDBOX_URL: `${url}/sandbox/v3`, ASAAS_PRODUCTION_URL: `${url}/production/v3` },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
