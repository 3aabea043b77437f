import type { OrderPage, Store, StoreList } from '@sede/shared/ecommerce/schemas';
import { eventually } from '../support/eventually.ts';
import type { FakeMercadoLivre } from '../support/fake-mercadolivre.ts';
import { afterAll, beforeAll } from 'vitest';
import { type FakeNuvemshop, startFakeNuvemshop } from '../support/fake-nuvemshop.ts';
import { type CookieJar, startTestServer, type TestServer } from '../support/test-server.ts';

export const WEBHOOK_PATH = '/api/ecommerce/webhooks/nuvemshop';

/** Connects a Nuvemshop store through the fake's authorisation, as the browser would; answers the store when its import is done. */
export function connectNuvemshop(server: TestServer, fake: FakeNuvemshop, who: { jar: CookieJar }, storeId: string, o: { wait?: boolean } = {}): Promise<Store> {
  return connect(server, 'nuvemshop', who, () => (fake.state.nextStoreId = storeId), o.wait);
}

/** Connects a Mercado Livre seller through the fake's authorisation; answers the store when its import is done (or, with `wait: false`, at once). */
export function connectMercadoLivre(server: TestServer, fake: FakeMercadoLivre, who: { jar: CookieJar }, sellerId: string, o: { wait?: boolean } = {}): Promise<Store> {
  return connect(server, 'mercadolivre', who, () => (fake.state.nextSellerId = sellerId), o.wait);
}

async function connect(server: TestServer, provider: string, who: { jar: CookieJar }, approveAs: () => void, wait = true): Promise<Store> {
  const started = await server.request(`/api/ecommerce/connections/${provider}/start`, { method: 'POST', jar: who.jar });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { url } = (await started.json()) as { url: string };
  approveAs();
  const approved = await fetch(url, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const res = await server.request(`/api/ecommerce/connections/${provider}/complete`, {
    method: 'POST',
    jar: who.jar,
    json: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  if (res.status !== 201) throw new Error(`complete: ${res.status} ${await res.text()}`);
  const store = (await res.json()) as Store;
  if (!wait) return store;
  return eventually(async () => {
    const list = (await (await server.request('/api/ecommerce/stores', { jar: who.jar })).json()) as StoreList;
    return list.stores.find((s) => s.id === store.id && s.lastSyncAt !== null) ?? null;
  });
}

export async function ordersOf(server: TestServer, who: { jar: CookieJar }, query = ''): Promise<OrderPage> {
  const res = await server.request(`/api/ecommerce/orders${query}`, { jar: who.jar });
  if (res.status !== 200) throw new Error(`orders: ${res.status} ${await res.text()}`);
  return (await res.json()) as OrderPage;
}

/**
 * A test server pointed at a fake Nuvemshop whose authorisation sends the browser back to Sede:
 * both started before the file's tests and stopped after them. Read `server` and `fake` inside tests.
 */
export function withFakeNuvemshop(): { readonly server: TestServer; readonly fake: FakeNuvemshop } {
  const started = {} as { server: TestServer; fake: FakeNuvemshop };
  beforeAll(async () => {
    started.fake = await startFakeNuvemshop();
    started.server = await startTestServer({ ...started.fake.env });
    started.fake.state.redirectUrl = 'http://localhost:3000/ecommerce/conectar/nuvemshop';
  });
  afterAll(async () => {
    await started.server?.stop();
    await started.fake?.close();
  });
  return started;
}
