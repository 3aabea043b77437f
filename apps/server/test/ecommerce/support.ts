import type { OrderPage, Store, StoreList } from '@sede/shared/ecommerce/schemas';
import { eventually } from '../support/eventually.ts';
import type { FakeNuvemshop } from '../support/fake-nuvemshop.ts';
import type { CookieJar, TestServer } from '../support/test-server.ts';

export const WEBHOOK_PATH = '/api/ecommerce/webhooks/nuvemshop';

/** Connects a Nuvemshop store through the fake's authorisation, as the browser would; answers the store when its import is done. */
export async function connectNuvemshop(server: TestServer, fake: FakeNuvemshop, who: { jar: CookieJar }, storeId: string): Promise<Store> {
  const started = await server.request('/api/ecommerce/connections/nuvemshop/start', { method: 'POST', jar: who.jar });
  if (started.status !== 200) throw new Error(`start: ${started.status} ${await started.text()}`);
  const { url } = (await started.json()) as { url: string };
  fake.state.nextStoreId = storeId;
  const approved = await fetch(url, { redirect: 'manual' });
  const back = new URL(approved.headers.get('location')!);
  const res = await server.request('/api/ecommerce/connections/nuvemshop/complete', {
    method: 'POST',
    jar: who.jar,
    json: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  if (res.status !== 201) throw new Error(`complete: ${res.status} ${await res.text()}`);
  const store = (await res.json()) as Store;
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
