import { createHmac, randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, replyJson } from './fake-http.ts';

/**
 * A small Nuvemshop on 127.0.0.1 speaking its formats (decision 0681): the app's authorisation
 * page (`/apps/{app_id}/authorize?state=` sends the browser straight back to the app's redirect
 * URL with a `code`, as if the shop owner had approved), `POST /apps/authorize/token`, and the
 * REST API under `/v1/{store_id}/` with `Authentication: bearer <token>` and a User-Agent
 * (`store`, `orders` paged by `page`/`per_page` with `x-total-count` and a 404 past the last page,
 * `orders/{id}`, `webhooks`). `notify` posts a webhook signed as Nuvemshop signs it.
 */

export type FakeNuvemshopOrder = Record<string, unknown> & { id: number; created_at: string; updated_at: string };
export type FakeNuvemshopVariant = { id: number; product_id: number; sku: string | null; price: string; promotional_price: string | null; stock_management: boolean; stock: number | null; values: Array<Record<string, string>>; updated_at: string };
export type FakeNuvemshopProduct = { id: number; name: Record<string, string>; variants: FakeNuvemshopVariant[]; created_at: string; updated_at: string };
type FakeStore = { id: string; name: string; token: string | null; orders: FakeNuvemshopOrder[]; products: FakeNuvemshopProduct[]; webhooks: Array<{ id: number; event: string; url: string }> };

export type NuvemshopFakeOptions = { prefix?: string; appId?: string; secret?: string; redirectUrl?: string };

/** x-linkedstore-hmac-sha256 of a body, as Nuvemshop signs its webhooks with the app's secret. */
export const signNuvemshop = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

const send = replyJson;

let nextOrderId = 1_000_000;
let nextProductId = 3_000_000;
const nuvemshopNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+0000');

/** A Nuvemshop product in its API's shape: a localized name, variants carrying the SKU, price (decimal string) and stock (null: unlimited). */
export function nuvemshopProduct(name: string, variants: Array<{ sku?: string | null; price: string; stock?: number | null; values?: string[] }>): FakeNuvemshopProduct {
  const id = nextProductId++;
  const at = nuvemshopNow();
  return {
    id,
    name: { pt: name },
    created_at: at,
    updated_at: at,
    variants: variants.map((v, i) => ({
      id: id * 10 + i,
      product_id: id,
      sku: v.sku ?? null,
      price: v.price,
      promotional_price: null,
      stock_management: v.stock !== null,
      stock: v.stock === undefined ? 10 : v.stock,
      values: (v.values ?? []).map((pt) => ({ pt })),
      updated_at: at,
    })),
  };
}

/** A Nuvemshop order in its API's shape: amounts as decimal strings, dates with a +0000 offset. */
export function nuvemshopOrder(o: {
  number?: number;
  total?: string;
  payment_status?: string;
  status?: string;
  shipping_status?: string;
  created_at?: Date;
  customer?: { name: string; email?: string; identification?: string; phone?: string };
  products?: Array<{ name: string; sku?: string; price: string; quantity: number }>;
}): FakeNuvemshopOrder {
  const id = nextOrderId++;
  const created = (o.created_at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, '+0000');
  const products = o.products ?? [{ name: 'Camiseta básica', sku: 'CAM-001', price: '59.90', quantity: 2 }];
  const subtotal = products.reduce((sum, p) => sum + Number(p.price) * p.quantity, 0);
  const shipping = 15;
  const total = o.total ?? (subtotal + shipping).toFixed(2);
  const paid = o.payment_status === 'paid';
  return {
    id,
    number: o.number ?? id - 999_900,
    token: randomBytes(8).toString('hex'),
    status: o.status ?? 'open',
    payment_status: o.payment_status ?? 'pending',
    shipping_status: o.shipping_status ?? 'unpacked',
    currency: 'BRL',
    subtotal: subtotal.toFixed(2),
    discount: '0.00',
    shipping_cost_customer: shipping.toFixed(2),
    total,
    contact_email: o.customer?.email ?? 'cliente@exemplo.com.br',
    contact_identification: o.customer?.identification ?? null,
    customer: { id: id + 5, name: o.customer?.name ?? 'Cliente Exemplo', email: o.customer?.email ?? 'cliente@exemplo.com.br', identification: o.customer?.identification ?? null, phone: o.customer?.phone ?? '+5511987654321' },
    shipping_option: 'Correios - PAC',
    shipping_address: { address: 'Rua das Flores', number: '100', floor: 'Apto 12', locality: 'Centro', city: 'São Paulo', province: 'São Paulo', zipcode: '01001000' },
    gateway: 'pix',
    gateway_name: 'Pix',
    created_at: created,
    updated_at: created,
    paid_at: paid ? created : null,
    cancelled_at: o.status === 'cancelled' ? created : null,
    products: products.map((p, i) => ({ id: id * 10 + i, product_id: 500 + i, variant_id: 900 + i, name: p.name, sku: p.sku ?? null, price: p.price, quantity: String(p.quantity) })),
  };
}

export function nuvemshopFake(o: NuvemshopFakeOptions = {}) {
  const prefix = o.prefix ?? '';
  const appId = o.appId ?? '4321';
  const secret = o.secret ?? 'segredo-do-app-nuvemshop';
  const stores = new Map<string, FakeStore>();
  const codes = new Map<string, string>();
  const listed = new WeakMap<FakeNuvemshopOrder[], Map<string, FakeNuvemshopOrder[]>>();
  // An order by its id as Nuvemshop finds it, at once: the bench holds 50,000 (a scan of them per webhook was the fake's time, not the server's).
  const byId = new WeakMap<FakeNuvemshopOrder[], Map<string, FakeNuvemshopOrder>>();
  const orderById = (orders: FakeNuvemshopOrder[]) => {
    let index = byId.get(orders);
    if (!index || index.size !== orders.length) {
      index = new Map(orders.map((o) => [String(o.id), o]));
      byId.set(orders, index);
    }
    return index;
  };
  const requests: Array<{ method: string; path: string; authentication: string | undefined; userAgent: string | undefined; body: unknown }> = [];
  let nextStore = 7_000_001;
  let nextWebhook = 1;
  const state = {
    redirectUrl: o.redirectUrl ?? '',
    /** The store the next authorisation approves (a new one when unset). */
    nextStoreId: null as string | null,
    /** Pages of orders past this many wait for `release()` (a server stopped midway). */
    holdAfterPages: null as number | null,
  };
  let released: () => void = () => {};
  let gate = Promise.resolve();

  const addStore = (name = 'Loja Exemplo') => {
    const id = String(nextStore++);
    stores.set(id, { id, name, token: null, orders: [], products: [], webhooks: [] });
    return id;
  };

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (!url.pathname.startsWith(`${prefix}/`)) return false;
    const path = url.pathname.slice(prefix.length);
    const raw = await readBody(req);
    const body = raw.length ? (JSON.parse(raw.toString('utf8')) as unknown) : null;
    requests.push({ method: req.method ?? 'GET', path: `${path}${url.search}`, authentication: req.headers.authentication as string | undefined, userAgent: req.headers['user-agent'], body });

    const authorize = /^\/apps\/([^/]+)\/authorize$/.exec(path);
    if (authorize && req.method === 'GET') {
      if (authorize[1] !== appId) return send(res, 404, { code: 404, message: 'Not Found', description: 'App not found' });
      const storeId = state.nextStoreId ?? addStore();
      state.nextStoreId = null;
      const code = randomBytes(12).toString('hex');
      codes.set(code, storeId);
      const back = new URL(state.redirectUrl);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return true;
    }
    if (path === '/apps/authorize/token' && req.method === 'POST') {
      const b = (body ?? {}) as { client_id?: string; client_secret?: string; grant_type?: string; code?: string };
      const storeId = b.code ? codes.get(b.code) : undefined;
      if (b.client_id !== appId || b.client_secret !== secret) return send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      if (b.grant_type !== 'authorization_code' || !storeId) return send(res, 400, { error: 'invalid_grant', error_description: 'The authorization code is invalid or has expired' });
      codes.delete(b.code!);
      const store = stores.get(storeId)!;
      // Nuvemshop keeps one token per app and store until the app is uninstalled.
      store.token ??= randomBytes(20).toString('hex');
      send(res, 200, { access_token: store.token, token_type: 'bearer', scope: 'read_orders,read_customers,read_products,write_products', user_id: Number(storeId) });
      return true;
    }

    const api = /^\/v1\/(\d+)\/(.*)$/.exec(path);
    if (!api) return send(res, 404, { code: 404, message: 'Not Found', description: 'Resource not found' });
    const store = stores.get(api[1]!);
    const auth = (req.headers.authentication as string | undefined) ?? '';
    if (!store?.token || auth !== `bearer ${store.token}`) return send(res, 401, { code: 401, message: 'Unauthorized', description: 'Invalid access token' });
    if (!req.headers['user-agent']) return send(res, 400, { code: 400, message: 'Bad Request', description: 'Missing User-Agent header' });
    const resource = api[2]!;
    if (resource === 'store' && req.method === 'GET') return send(res, 200, { id: Number(store.id), name: { pt: store.name }, country: 'BR' });
    if (resource === 'orders' && req.method === 'GET') {
      const perPage = Math.min(200, Number(url.searchParams.get('per_page') ?? 30));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      if (state.holdAfterPages !== null && page > state.holdAfterPages) await gate;
      const createdMin = url.searchParams.get('created_at_min');
      const updatedMin = url.searchParams.get('updated_at_min');
      // The same query's pages read one filtered and sorted list (the bench pages through 50,000 orders).
      const key = `${createdMin}|${updatedMin}|${store.orders.length}`;
      let all = listed.get(store.orders)?.get(key);
      if (!all) {
        const at = (v: string) => new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).getTime();
        const min = { created: createdMin ? at(createdMin) : null, updated: updatedMin ? at(updatedMin) : null };
        all = store.orders
          .map((x) => ({ x, created: at(x.created_at), updated: at(x.updated_at) }))
          .filter((o) => (min.created === null || o.created >= min.created) && (min.updated === null || o.updated >= min.updated))
          .sort((a, b) => b.created - a.created || b.x.id - a.x.id)
          .map((o) => o.x);
        listed.set(store.orders, new Map([[key, all]]));
      }
      const last = Math.max(1, Math.ceil(all.length / perPage));
      if (page > last) return send(res, 404, { code: 404, message: 'Not Found', description: `Last page is ${last}` });
      send(res, 200, all.slice((page - 1) * perPage, page * perPage), { 'x-total-count': String(all.length) });
      return true;
    }
    const one = /^orders\/(\d+)$/.exec(resource);
    if (one && req.method === 'GET') {
      const order = orderById(store.orders).get(one[1]!);
      return order ? send(res, 200, order) : send(res, 404, { code: 404, message: 'Not Found', description: 'Order with such id does not exist' });
    }
    if (resource === 'products' && req.method === 'GET') {
      const perPage = Math.min(200, Number(url.searchParams.get('per_page') ?? 30));
      const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
      const updatedMin = url.searchParams.get('updated_at_min');
      const at = (v: string) => new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')).getTime();
      const all = store.products.filter((x) => !updatedMin || at(x.updated_at) >= at(updatedMin)).sort((a, b) => a.id - b.id);
      const last = Math.max(1, Math.ceil(all.length / perPage));
      if (page > last) return send(res, 404, { code: 404, message: 'Not Found', description: `Last page is ${last}` });
      return send(res, 200, all.slice((page - 1) * perPage, page * perPage), { 'x-total-count': String(all.length) });
    }
    const product = /^products\/(\d+)$/.exec(resource);
    if (product && req.method === 'GET') {
      const found = store.products.find((x) => String(x.id) === product[1]);
      return found ? send(res, 200, found) : send(res, 404, { code: 404, message: 'Not Found', description: 'Product with such id does not exist' });
    }
    const variant = /^products\/(\d+)\/variants\/(\d+)$/.exec(resource);
    if (variant && req.method === 'PUT') {
      const found = store.products.find((x) => String(x.id) === variant[1])?.variants.find((v) => String(v.id) === variant[2]);
      if (!found) return send(res, 404, { code: 404, message: 'Not Found', description: 'Variant with such id does not exist' });
      const b = (body ?? {}) as { price?: unknown; stock?: unknown };
      if (b.price !== undefined && !(typeof b.price === 'string' && /^\d+(\.\d{1,2})?$/.test(b.price))) return send(res, 422, { code: 422, message: 'Unprocessable Entity', description: { price: ['is not a number'] } });
      if (b.stock !== undefined && b.stock !== null && !(Number.isInteger(b.stock) && (b.stock as number) >= 0)) return send(res, 422, { code: 422, message: 'Unprocessable Entity', description: { stock: ['must be an integer'] } });
      if (typeof b.price === 'string') found.price = b.price;
      if (b.stock !== undefined) {
        found.stock = b.stock as number | null;
        found.stock_management = b.stock !== null;
      }
      found.updated_at = nuvemshopNow();
      return send(res, 200, found);
    }
    if (resource === 'webhooks' && req.method === 'GET') return send(res, 200, store.webhooks);
    if (resource === 'webhooks' && req.method === 'POST') {
      const b = (body ?? {}) as { event?: string; url?: string };
      if (!b.event || !b.url) return send(res, 422, { code: 422, message: 'Unprocessable Entity', description: 'event and url are required' });
      const hook = { id: nextWebhook++, event: b.event, url: b.url, created_at: new Date().toISOString() };
      store.webhooks.push(hook);
      return send(res, 201, hook);
    }
    const hook = /^webhooks\/(\d+)$/.exec(resource);
    if (hook && req.method === 'DELETE') {
      const before = store.webhooks.length;
      store.webhooks = store.webhooks.filter((w) => String(w.id) !== hook[1]);
      return send(res, before === store.webhooks.length ? 404 : 200, {});
    }
    send(res, 404, { code: 404, message: 'Not Found', description: 'Resource not found' });
    return true;
  }

  return {
    appId,
    secret,
    stores,
    requests,
    state,
    addStore,
    serve,
    /** Holds the pages of orders past `pages` until `release()`. */
    holdAfter(pages: number | null) {
      state.holdAfterPages = pages;
      if (pages !== null) gate = new Promise((resolve) => (released = resolve));
    },
    release: () => released(),
    /** An order into a store (and, with `touch`, its updated_at now). */
    putOrder(storeId: string, order: FakeNuvemshopOrder) {
      const store = stores.get(storeId)!;
      order.updated_at = new Date().toISOString().replace(/\.\d{3}Z$/, '+0000');
      store.orders = [...store.orders.filter((x) => x.id !== order.id), order];
      return order;
    },
    /** A product into a store (its updated_at now), or out of it with `remove`. */
    putProduct(storeId: string, product: FakeNuvemshopProduct, remove = false) {
      const store = stores.get(storeId)!;
      product.updated_at = nuvemshopNow();
      store.products = [...store.products.filter((x) => x.id !== product.id), ...(remove ? [] : [product])];
      return product;
    },
    /** The webhook Nuvemshop would post for an event, signed (or with `signature`), to `url` (default: the one the store registered). */
    async notify(storeId: string, event: string, id: number, opts: { url?: string; signature?: string } = {}) {
      const store = stores.get(storeId)!;
      const target = opts.url ?? store.webhooks.find((w) => w.event === event)?.url;
      if (!target) throw new Error(`no webhook for ${event}`);
      const payload = JSON.stringify({ store_id: Number(storeId), event, id });
      const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json', 'x-linkedstore-hmac-sha256': opts.signature ?? signNuvemshop(secret, payload) }, body: payload });
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
    },
  };
}

export type FakeNuvemshop = ReturnType<typeof nuvemshopFake> & {
  url: string;
  /** NUVEMSHOP_* for the server under test. */
  env: Record<string, string>;
  close(): Promise<void>;
};

export async function startFakeNuvemshop(o: NuvemshopFakeOptions = {}, port = 0): Promise<FakeNuvemshop> {
  const fake = nuvemshopFake(o);
  const server = http.createServer((req, res) => {
    fake.serve(req, res).then(
      (handled) => {
        if (!handled) send(res, 404, { code: 404, message: 'Not Found' });
      },
      (e: unknown) => send(res, 500, { code: 500, message: String(e) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${o.prefix ?? ''}`;
  return Object.assign(fake, {
    url,
    env: { NUVEMSHOP_APP_ID: fake.appId, NUVEMSHOP_CLIENT_SECRET: fake.secret, NUVEMSHOP_AUTH_URL: url, NUVEMSHOP_API_URL: `${url}/v1` },
    close: () =>
      new Promise<void>((resolve) => {
        fake.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
