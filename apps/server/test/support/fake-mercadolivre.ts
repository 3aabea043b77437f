import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, replyJson } from './fake-http.ts';

/**
 * A small Mercado Livre on 127.0.0.1 speaking its formats (decisions 0683–0686): the
 * authorisation page (`/authorization?response_type=code&client_id&redirect_uri&state` sends the
 * browser straight back to `redirect_uri` with a `code`), `POST /oauth/token` (form-encoded;
 * `authorization_code` and single-use `refresh_token` grants, access tokens of 6 hours), and the
 * API with `Authorization: Bearer` (`users/me`, `orders/search` paged by `offset`/`limit` with
 * `paging.total`, `orders/{id}`, `items/{id}`, `DELETE users/{id}/applications/{app}`); a token
 * expired or replaced by a refresh answers 401. `notify` posts a notification as Mercado Livre does.
 */

export type FakeMlOrder = Record<string, unknown> & { id: number; date_created: string; last_updated: string; status: string };
export type FakeMlItem = Record<string, unknown> & { id: string };
type Seller = { id: string; nickname: string; orders: FakeMlOrder[]; items: Map<string, FakeMlItem>; access: string | null; refresh: string | null; expiresAt: number; revoked: boolean };

export type MercadoLivreFakeOptions = { appId?: string; secret?: string };

const send = (res: ServerResponse, status: number, body: unknown) => replyJson(res, status, body, { 'content-type': 'application/json;charset=UTF-8' });
const problem = (res: ServerResponse, status: number, message: string, error: string) => send(res, status, { message, error, status, cause: [] });

let nextOrderId = 2_000_009_000_000_001;
let nextBuyer = 180_000_001;

/** Mercado Livre's order as its API gives it: amounts as numbers, dates with a -03:00 offset, `sale_fee` per line. */
export function mercadolivreOrder(o: {
  status?: 'paid' | 'confirmed' | 'payment_required' | 'cancelled';
  created?: Date;
  buyer?: { first_name?: string; last_name?: string; nickname?: string; doc?: string };
  items?: Array<{ id?: string; title: string; sku?: string; unit_price: number; quantity: number; sale_fee: number }>;
  shipping_cost?: number;
}): FakeMlOrder {
  const id = nextOrderId++;
  const at = (d: Date) => new Date(d.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
  const created = at(o.created ?? new Date());
  const items = o.items ?? [{ title: 'Fone de ouvido sem fio', sku: 'FONE-01', unit_price: 149.9, quantity: 1, sale_fee: 17.99 }];
  const total = Math.round(items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0) * 100) / 100;
  const shipping = o.shipping_cost ?? 0;
  const status = o.status ?? 'paid';
  const paid = status === 'paid';
  const buyerId = nextBuyer++;
  return {
    id,
    status,
    status_detail: null,
    date_created: created,
    date_closed: paid ? created : null,
    last_updated: created,
    total_amount: total,
    paid_amount: paid ? total + shipping : 0,
    currency_id: 'BRL',
    tags: paid ? ['paid', 'not_delivered'] : ['not_paid'],
    fulfilled: null,
    pack_id: null,
    order_items: items.map((i, n) => ({
      item: { id: i.id ?? `MLB${3_000_000_000 + n}`, title: i.title, seller_sku: i.sku ?? null, seller_custom_field: null, variation_id: null, category_id: 'MLB1234' },
      quantity: i.quantity,
      unit_price: i.unit_price,
      full_unit_price: i.unit_price,
      currency_id: 'BRL',
      sale_fee: i.sale_fee,
      listing_type_id: 'gold_special',
    })),
    buyer: {
      id: buyerId,
      nickname: o.buyer?.nickname ?? `COMPRADOR${buyerId}`,
      first_name: o.buyer?.first_name ?? 'Comprador',
      last_name: o.buyer?.last_name ?? 'Exemplo',
      ...(o.buyer?.doc ? { billing_info: { doc_type: o.buyer.doc.length === 11 ? 'CPF' : 'CNPJ', doc_number: o.buyer.doc } } : {}),
    },
    seller: { id: 0 },
    payments: [
      {
        id: id + 7,
        order_id: id,
        status: paid ? 'approved' : status === 'cancelled' ? 'cancelled' : 'pending',
        transaction_amount: total,
        shipping_cost: shipping,
        total_paid_amount: paid ? total + shipping : 0,
        date_approved: paid ? created : null,
        payment_type: 'credit_card',
        payment_method_id: 'master',
        installments: 1,
        currency_id: 'BRL',
      },
    ],
    shipping: { id: id + 11 },
    coupon: { id: null, amount: 0 },
  };
}

export function mercadolivreFake(o: MercadoLivreFakeOptions = {}) {
  const appId = o.appId ?? '5566778899';
  const secret = o.secret ?? 'segredo-do-app-mercadolivre';
  const sellers = new Map<string, Seller>();
  const codes = new Map<string, { sellerId: string; redirectUri: string }>();
  const requests: Array<{ method: string; path: string; authorization: string | undefined }> = [];
  let nextSeller = 1_230_000_001;
  const state = {
    /** The seller the next authorisation approves (a new one when unset). */
    nextSellerId: null as string | null,
    /** Refresh grants refused (as for a seller who revoked the app). */
    refuseRefresh: false,
    /** Pages of /orders/search past this many wait for `release()` (a server stopped midway). */
    holdAfterPages: null as number | null,
  };
  let released: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise((resolve) => (released = resolve));
  };

  const addSeller = (nickname = 'LOJA_EXEMPLO') => {
    const id = String(nextSeller++);
    sellers.set(id, { id, nickname, orders: [], items: new Map(), access: null, refresh: null, expiresAt: 0, revoked: false });
    return id;
  };
  const issue = (seller: Seller) => {
    seller.access = `APP_USR-${appId}-${randomBytes(10).toString('hex')}-${seller.id}`;
    seller.refresh = `TG-${randomBytes(12).toString('hex')}-${seller.id}`;
    seller.expiresAt = Date.now() + 21_600_000;
    return { access_token: seller.access, token_type: 'Bearer', expires_in: 21_600, scope: 'offline_access read write', user_id: Number(seller.id), refresh_token: seller.refresh };
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    const raw = await readBody(req);
    requests.push({ method: req.method ?? 'GET', path: `${path}${url.search}`, authorization: req.headers.authorization });

    if (path === '/authorization' && req.method === 'GET') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== appId || url.searchParams.get('response_type') !== 'code' || !redirectUri) return problem(res, 400, 'invalid client_id or redirect_uri', 'invalid_request');
      const sellerId = state.nextSellerId ?? addSeller();
      state.nextSellerId = null;
      const code = `TG-${randomBytes(12).toString('hex')}-${sellerId}`;
      codes.set(code, { sellerId, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return true;
    }
    if (path === '/oauth/token' && req.method === 'POST') {
      if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return problem(res, 400, 'unsupported content type', 'invalid_request');
      const f = new URLSearchParams(raw.toString('utf8'));
      if (f.get('client_id') !== appId || f.get('client_secret') !== secret) return send(res, 400, { error_description: 'invalid client_id or client_secret', error: 'invalid_client', status: 400, cause: [] });
      const invalidGrant = () => send(res, 400, { error_description: 'Error validating grant. Your authorization code or refresh token may be expired or it was already used', error: 'invalid_grant', status: 400, cause: [] });
      if (f.get('grant_type') === 'authorization_code') {
        const grant = codes.get(f.get('code') ?? '');
        if (!grant || grant.redirectUri !== f.get('redirect_uri')) return invalidGrant();
        codes.delete(f.get('code')!);
        const seller = sellers.get(grant.sellerId)!;
        seller.revoked = false;
        return send(res, 200, issue(seller));
      }
      if (f.get('grant_type') === 'refresh_token') {
        const seller = [...sellers.values()].find((x) => x.refresh && x.refresh === f.get('refresh_token'));
        if (!seller || seller.revoked || state.refuseRefresh) return invalidGrant();
        return send(res, 200, issue(seller));
      }
      return problem(res, 400, 'unsupported grant_type', 'unsupported_grant_type');
    }

    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const seller = [...sellers.values()].find((x) => x.access && x.access === token);
    if (!seller || seller.revoked || seller.expiresAt < Date.now()) return problem(res, 401, 'invalid access token', 'not_found');
    if (path === '/users/me' && req.method === 'GET') return send(res, 200, { id: Number(seller.id), nickname: seller.nickname, first_name: 'Vendedor', last_name: 'Exemplo', country_id: 'BR', site_id: 'MLB' });
    if (path === '/orders/search' && req.method === 'GET') {
      if (url.searchParams.get('seller') !== seller.id) return problem(res, 403, 'caller.id does not match seller', 'forbidden');
      const offset = Math.max(0, Number(url.searchParams.get('offset') ?? 0));
      const limit = Math.min(51, Math.max(1, Number(url.searchParams.get('limit') ?? 50)));
      if (state.holdAfterPages !== null && offset >= state.holdAfterPages * limit) await gate;
      const t = (v: string) => new Date(v).getTime();
      const created = url.searchParams.get('order.date_created.from');
      const updated = url.searchParams.get('order.date_last_updated.from');
      const asc = url.searchParams.get('sort') === 'date_asc';
      const all = seller.orders
        .filter((x) => (!created || t(x.date_created) >= t(created)) && (!updated || t(x.last_updated) >= t(updated)))
        .sort((a, b) => (asc ? 1 : -1) * (t(a.date_created) - t(b.date_created) || a.id - b.id));
      return send(res, 200, {
        query: '',
        results: all.slice(offset, offset + limit),
        sort: { id: asc ? 'date_asc' : 'date_desc', name: asc ? 'Date ascending' : 'Date descending' },
        available_sorts: [],
        filters: [],
        paging: { total: all.length, offset, limit },
        display: 'complete',
      });
    }
    const one = /^\/orders\/(\d+)$/.exec(path);
    if (one && req.method === 'GET') {
      const order = seller.orders.find((x) => String(x.id) === one[1]);
      return order ? send(res, 200, order) : problem(res, 404, `Order not found: ${one[1]}`, 'not_found');
    }
    const item = /^\/items\/([A-Z]{3}\d+)$/.exec(path);
    if (item && req.method === 'GET') {
      const found = seller.items.get(item[1]!);
      return found ? send(res, 200, found) : problem(res, 404, `Item with id ${item[1]} not found`, 'not_found');
    }
    const grant = /^\/users\/(\d+)\/applications\/(\d+)$/.exec(path);
    if (grant && req.method === 'DELETE' && grant[1] === seller.id && grant[2] === appId) {
      seller.revoked = true;
      return send(res, 200, { user_id: seller.id, app_id: appId, msg: 'Autorización eliminada' });
    }
    return problem(res, 404, `resource ${path} not found`, 'not_found');
  }

  return {
    appId,
    secret,
    sellers,
    requests,
    state,
    addSeller,
    serve,
    /** Holds the pages past `pages` until `release()`. */
    holdAfter(pages: number | null) {
      state.holdAfterPages = pages;
      if (pages !== null) hold();
    },
    release: () => released(),
    /** An order into a seller's account, its last_updated now. */
    putOrder(sellerId: string, order: FakeMlOrder) {
      const seller = sellers.get(sellerId)!;
      order.last_updated = new Date(Date.now() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
      (order.seller as { id: number }).id = Number(sellerId);
      seller.orders = [...seller.orders.filter((x) => x.id !== order.id), order];
      return order;
    },
    putItem(sellerId: string, item: FakeMlItem) {
      sellers.get(sellerId)!.items.set(item.id, item);
      return item;
    },
    /** The seller's access token expires now (the next call is a 401 until a refresh). */
    expireToken(sellerId: string) {
      sellers.get(sellerId)!.expiresAt = Date.now() - 1;
    },
    /** The notification Mercado Livre would post to the app's callback URL. */
    async notify(url: string, n: { userId: string | number; topic: string; resource: string; applicationId?: string | number; attempts?: number }) {
      const now = new Date().toISOString();
      const body = { _id: randomBytes(12).toString('hex'), resource: n.resource, user_id: Number(n.userId), topic: n.topic, application_id: Number(n.applicationId ?? appId), attempts: n.attempts ?? 1, sent: now, received: now };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
  };
}

export type FakeMercadoLivre = ReturnType<typeof mercadolivreFake> & {
  url: string;
  /** MERCADOLIVRE_* for the server under test. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startFakeMercadoLivre(o: MercadoLivreFakeOptions = {}, port = 0): Promise<FakeMercadoLivre> {
  const fake = mercadolivreFake(o);
  const server = http.createServer((req, res) => {
    fake.serve(req, res).catch((e: unknown) => send(res, 500, { message: String(e), error: 'internal_error', status: 500, cause: [] }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    url,
    env: { MERCADOLIVRE_APP_ID: fake.appId, MERCADOLIVRE_CLIENT_SECRET: fake.secret, MERCADOLIVRE_AUTH_URL: url, MERCADOLIVRE_API_URL: url },
    close: () =>
      new Promise<void>((resolve) => {
        fake.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
