import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetail, StoreList } from '@sede/shared/ecommerce/schemas';
import { catchUp } from '../../src/modules/ecommerce/import.ts';
import { applyNotification } from '../../src/modules/ecommerce/mercadolivre/notifications.ts';
import { eventually } from '../support/eventually.ts';
import { type FakeMercadoLivre, mercadolivreOrder, startFakeMercadoLivre } from '../support/fake-mercadolivre.ts';
import { type FakeNuvemshop, nuvemshopOrder, startFakeNuvemshop } from '../support/fake-nuvemshop.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';
import { connectMercadoLivre, connectNuvemshop, ordersOf } from './support.ts';

let server: TestServer;
let ml: FakeMercadoLivre;
let nuvem: FakeNuvemshop;
beforeAll(async () => {
  ml = await startFakeMercadoLivre();
  nuvem = await startFakeNuvemshop();
  server = await startTestServer({ ...ml.env, ...nuvem.env });
  nuvem.state.redirectUrl = 'http://localhost:3000/ecommerce/conectar/nuvemshop';
});
afterAll(async () => {
  await server?.stop();
  await ml?.close();
  await nuvem?.close();
});

const NOTIFY = '/api/ecommerce/webhooks/mercadolivre';
const days = (n: number) => new Date(Date.now() - n * 86_400_000);
const notify = (n: Parameters<FakeMercadoLivre['notify']>[1]) => ml.notify(`${server.url}${NOTIFY}`, n);
const entriesOf = (companyId: string, number: string) =>
  sql(server, `SELECT kind, status, amount_cents::int AS amount_cents, paid_cents::int AS paid_cents, person_id FROM fin_entries WHERE company_id = $1 AND document_number = $2 ORDER BY kind DESC`, [companyId, number]);
const storeRow = async (id: string) => (await sql(server, 'SELECT status, last_error, access_token_enc, refresh_token_enc, token_expires_at FROM ecommerce_stores WHERE id = $1', [id]))[0]!;
const tokenCalls = () => ml.requests.filter((r) => r.path === '/oauth/token').length;

describe('Mercado Livre', () => {
  it('connects through OAuth, imports 90 days with offset paging, and a paid order becomes a customer, a settled receivable and its fee; both platforms in one list', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(server, 'Loja do Rui');
    const sellerId = ml.addSeller('RUI_ELETRONICOS');
    const paid = ml.putOrder(
      sellerId,
      mercadolivreOrder({
        buyer: { first_name: 'Sofia', last_name: 'Antunes', doc: '52998224725' },
        items: [
          { title: 'Fone de ouvido sem fio', sku: 'FONE-01', unit_price: 149.9, quantity: 2, sale_fee: 17.99 },
          { title: 'Capa protetora', unit_price: 30, quantity: 1, sale_fee: 4.5 },
        ],
        shipping_cost: 20,
      }),
    );
    ml.putOrder(sellerId, mercadolivreOrder({ status: 'payment_required', created: days(2), buyer: { first_name: '', last_name: '', nickname: 'TIAGO_COMPRAS' } }));
    for (let i = 0; i < 60; i++) ml.putOrder(sellerId, mercadolivreOrder({ status: 'confirmed', created: days(30) }));
    ml.putOrder(sellerId, mercadolivreOrder({ created: days(100) }));

    const store = await connectMercadoLivre(server, ml, admin, sellerId);
    expect(store).toMatchObject({ provider: 'mercadolivre', name: 'RUI_ELETRONICOS', externalId: sellerId, status: 'connected', lastError: null, orderCount: 62 });
    const job = await eventually(async () => (await sql(server, 'SELECT status, done, total FROM job_runs WHERE id = $1', [store.importJobId]))[0], (j) => j?.status === 'done');
    expect(job).toMatchObject({ done: 62, total: 62 });
    // Offset paging, oldest first, the seller named.
    const searches = ml.requests.filter((r) => r.path.startsWith('/orders/search'));
    expect(searches.map((r) => new URL(r.path, 'http://x').searchParams.get('offset'))).toEqual(['0', '50']);
    expect(searches.every((r) => r.path.includes(`seller=${sellerId}`) && r.path.includes('order.date_created.from=') && r.authorization?.startsWith('Bearer APP_USR-'))).toBe(true);
    // Both tokens encrypted, the expiry kept.
    const row = await storeRow(store.id);
    expect(row.access_token_enc).toMatch(/^v1\./);
    expect(row.refresh_token_enc).toMatch(/^v1\./);
    expect(row.refresh_token_enc).not.toContain(ml.sellers.get(sellerId)!.refresh!);
    expect(new Date(row.token_expires_at).getTime()).toBeGreaterThan(Date.now() + 5 * 3_600_000);

    const number = String(paid.id);
    const [listed] = (await ordersOf(server, admin, `?q=${number}`)).orders;
    const detail = (await (await server.request(`/api/ecommerce/orders/${listed!.id}`, { jar: admin.jar })).json()) as OrderDetail;
    expect(detail).toMatchObject({
      provider: 'mercadolivre',
      number,
      status: 'open',
      paymentStatus: 'paid',
      subtotalCents: 32_980,
      shippingCents: 2000,
      totalCents: 34_980,
      feeCents: 2249,
      paymentMethod: 'Cartão de crédito',
      shippingMethod: 'Mercado Envios',
      buyer: { name: 'Sofia Antunes', document: '52998224725' },
      receivable: { status: 'paid' },
    });
    expect(detail.items.map((i) => [i.sku, i.name, i.quantity, i.unitPriceCents])).toEqual([
      ['FONE-01', 'Fone de ouvido sem fio', 2, 14_990],
      [null, 'Capa protetora', 1, 3000],
    ]);
    const [person] = await sql(server, 'SELECT name, cpf FROM people WHERE id = $1', [detail.buyer.personId]);
    expect(person).toMatchObject({ name: 'Sofia Antunes', cpf: '52998224725' });
    expect(await entriesOf(companyId, number)).toEqual([
      expect.objectContaining({ kind: 'receivable', status: 'paid', amount_cents: 34_980, paid_cents: 34_980, person_id: detail.buyer.personId }),
      expect.objectContaining({ kind: 'payable', status: 'paid', amount_cents: 2249 }),
    ]);
    expect((await ordersOf(server, admin, '?q=TIAGO')).orders).toEqual([expect.objectContaining({ buyerName: 'TIAGO_COMPRAS', paymentStatus: 'pending' })]);

    // A Nuvemshop store beside it: the store filter keeps each list to its own.
    const nuvemStore = nuvem.addStore('Rui Acessórios');
    nuvem.putOrder(nuvemStore, nuvemshopOrder({ number: 41 }));
    const other = await connectNuvemshop(server, nuvem, admin, nuvemStore);
    const list = (await (await server.request('/api/ecommerce/stores', { jar: admin.jar })).json()) as StoreList;
    expect(list.available).toEqual(['nuvemshop', 'mercadolivre']);
    expect(list.stores.map((s) => s.provider)).toEqual(['mercadolivre', 'nuvemshop']);
    expect((await ordersOf(server, admin)).total).toBe(63);
    expect((await ordersOf(server, admin, `?storeId=${other.id}`)).orders.map((o) => [o.provider, o.number])).toEqual([['nuvemshop', '41']]);
    expect((await ordersOf(server, admin, `?storeId=${store.id}`)).total).toBe(62);
  });

  it('tokens: renewed before they expire and once on a 401, the single-use refresh token replaced; a refused renewal marks the store with an error in Portuguese', async () => {
    const { admin } = await createCompanyWithAdmin(server, 'Loja da Vera');
    const sellerId = ml.addSeller('VERA_CASA');
    const store = await connectMercadoLivre(server, ml, admin, sellerId);
    const before = await storeRow(store.id);

    // Expired at Mercado Livre (our clock still thinks it is good): a 401, one renewal, the call repeated.
    ml.expireToken(sellerId);
    ml.putOrder(sellerId, mercadolivreOrder({ buyer: { first_name: 'Wagner', last_name: 'Lopes' } }));
    let calls = tokenCalls();
    await catchUp(server.services);
    expect(tokenCalls()).toBe(calls + 1);
    expect((await ordersOf(server, admin, '?q=Wagner')).total).toBe(1);
    const renewed = await storeRow(store.id);
    expect(renewed.access_token_enc).not.toBe(before.access_token_enc);
    expect(renewed.refresh_token_enc).not.toBe(before.refresh_token_enc);
    expect(renewed).toMatchObject({ status: 'connected', last_error: null });

    // About to expire by our clock: renewed before the first call.
    await sql(server, `UPDATE ecommerce_stores SET token_expires_at = now() + interval '1 minute' WHERE id = $1`, [store.id]);
    calls = tokenCalls();
    const unauthorised = ml.requests.length;
    await catchUp(server.services);
    expect(tokenCalls()).toBe(calls + 1);
    // Other companies' stores are caught up too: this seller's first call came after the renewal.
    const since = ml.requests.slice(unauthorised);
    const firstOwn = since.findIndex((r) => r.authorization?.endsWith(`-${sellerId}`));
    expect(firstOwn).toBeGreaterThan(since.findIndex((r) => r.path === '/oauth/token'));
    expect(since.findIndex((r) => r.path === '/oauth/token')).toBeGreaterThanOrEqual(0);

    // The seller revoked the app: the renewal is refused, the store shows why.
    ml.state.refuseRefresh = true;
    try {
      ml.expireToken(sellerId);
      await catchUp(server.services);
    } finally {
      ml.state.refuseRefresh = false;
    }
    const list = (await (await server.request('/api/ecommerce/stores', { jar: admin.jar })).json()) as StoreList;
    expect(list.stores.find((s) => s.id === store.id)).toMatchObject({
      status: 'error',
      lastError: 'A Mercado Livre não renovou o acesso do Sede a esta conta. Conecte-a de novo para voltar a sincronizar.',
    });

    // Disconnect: the grant revoked at Mercado Livre, both tokens forgotten, the orders kept.
    const gone = await server.request(`/api/ecommerce/stores/${store.id}`, { method: 'DELETE', jar: admin.jar });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toMatchObject({ status: 'disconnected', orderCount: 1 });
    expect(await storeRow(store.id)).toMatchObject({ access_token_enc: null, refresh_token_enc: null, token_expires_at: null });
  });

  it('notifications: an order applied once and updated in place, repeats change nothing; another seller, a foreign application, an item', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(server, 'Loja do Xavier');
    const sellerId = ml.addSeller('XAVIER_MODA');
    await connectMercadoLivre(server, ml, admin, sellerId);
    const order = ml.putOrder(sellerId, mercadolivreOrder({ buyer: { first_name: 'Yara', last_name: 'Dias' } }));
    const resource = `/orders/${order.id}`;
    const number = String(order.id);

    const answers = await Promise.all([1, 2, 3].map((attempts) => notify({ userId: sellerId, topic: 'orders_v2', resource, attempts })));
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 200, body: { ok: true } })));
    await eventually(async () => (await ordersOf(server, admin)).total === 1);
    await eventually(async () => (await entriesOf(companyId, number)).length === 2);
    expect((await ordersOf(server, admin)).orders).toEqual([expect.objectContaining({ number, paymentStatus: 'paid' })]);

    // Cancelled at Mercado Livre: the same row, the receivable and the fee reversed.
    ml.putOrder(sellerId, { ...order, status: 'cancelled', tags: ['not_delivered'] });
    expect((await notify({ userId: sellerId, topic: 'orders_v2', resource })).status).toBe(200);
    await eventually(async () => (await ordersOf(server, admin)).orders[0]?.status === 'cancelled');
    await eventually(async () => (await entriesOf(companyId, number)).every((e) => e.status === 'cancelled'));
    expect((await notify({ userId: sellerId, topic: 'orders_v2', resource })).status).toBe(200);
    expect((await ordersOf(server, admin)).total).toBe(1);
    expect(await entriesOf(companyId, number)).toHaveLength(2);

    // A seller connected to no company here: 200 (Mercado Livre would repeat it), nothing fetched.
    const stranger = ml.addSeller('NINGUEM');
    const strangerOrder = ml.putOrder(stranger, mercadolivreOrder({}));
    const fetchedBefore = ml.requests.length;
    expect(await notify({ userId: stranger, topic: 'orders_v2', resource: `/orders/${strangerOrder.id}` })).toEqual({ status: 200, body: { ok: true } });
    // Another application's: refused.
    const foreign = await notify({ userId: sellerId, topic: 'orders_v2', resource, applicationId: '1111' });
    expect(foreign).toEqual({ status: 403, body: { error: 'A notificação não é do aplicativo do Sede.', code: 'MERCADOLIVRE_WRONG_APPLICATION' } });
    // A topic Sede does not read: acknowledged. A resource of the wrong shape: 400 in Portuguese.
    expect((await notify({ userId: sellerId, topic: 'questions', resource: '/questions/123' })).status).toBe(200);
    const bad = await notify({ userId: sellerId, topic: 'orders_v2', resource: '/orders/../../users/me' });
    expect(bad).toEqual({ status: 400, body: { error: 'Recurso desconhecido na notificação.', code: 'ECOMMERCE_WEBHOOK_INVALID' } });
    const notJson = await server.request(NOTIFY, { method: 'POST', body: 'lixo', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    await new Promise((r) => setTimeout(r, 300));
    expect(ml.requests.slice(fetchedBefore).filter((r) => r.path === `/orders/${strangerOrder.id}`)).toEqual([]);

    // An item: fetched in the catalogue's neutral shape.
    ml.putItem(sellerId, { id: 'MLB4455667788', title: 'Jaqueta jeans', price: 259.9, available_quantity: 7, attributes: [{ id: 'SELLER_SKU', value_name: 'JAQ-07' }] });
    expect((await notify({ userId: sellerId, topic: 'items', resource: '/items/MLB4455667788' })).status).toBe(200);
    const [row] = await sql(server, `SELECT id FROM ecommerce_stores WHERE company_id = $1`, [companyId]);
    expect(await applyNotification(server.services, { storeId: row!.id, companyId, topic: 'items', resource: '/items/MLB4455667788' })).toEqual({
      externalId: 'MLB4455667788',
      sku: 'JAQ-07',
      name: 'Jaqueta jeans',
      priceCents: 25_990,
      stock: 7,
    });
    // …and in the stores' products, matched like any other by its SKU.
    expect(await sql(server, `SELECT sku, name, price_cents::int AS price, stock FROM ecommerce_products WHERE store_id = $1 AND external_id = 'MLB4455667788'`, [row!.id])).toEqual([{ sku: 'JAQ-07', name: 'Jaqueta jeans', price: 25_990, stock: 7 }]);
    // Another company's store id with this job's company: nothing.
    expect(await applyNotification(server.services, { storeId: row!.id, companyId: '00000000-0000-4000-8000-000000000000', topic: 'items', resource: '/items/MLB4455667788' })).toBeNull();
  });

  it('isolation: another company gets 404, a member without the permission 403', async () => {
    const a = await createCompanyWithAdmin(server, 'Loja Zeca');
    const b = await createCompanyWithAdmin(server, 'Loja Alice');
    const rh = await memberOf(server, a.companyId, 'rh');
    const sellerId = ml.addSeller('ZECA_SEGREDO');
    ml.putOrder(sellerId, mercadolivreOrder({ buyer: { first_name: 'Bento', last_name: 'Segredo' } }));
    const store = await connectMercadoLivre(server, ml, a.admin, sellerId);
    const [order] = (await ordersOf(server, a.admin)).orders;
    // The seller held by company A: company B's connection of it is refused.
    await expect(connectMercadoLivre(server, ml, b.admin, sellerId)).rejects.toThrow(/complete: 409 .*outra empresa/);
    await expectTenantIsolation(server, { owner: a.admin, outsider: b.admin, withoutPermission: rh, secrets: ['ZECA_SEGREDO', 'Bento Segredo', sellerId] }, [
      { method: 'GET', path: `/api/ecommerce/orders/${order!.id}` },
      { method: 'POST', path: `/api/ecommerce/stores/${store.id}/sync` },
      { method: 'DELETE', path: `/api/ecommerce/stores/${store.id}` },
    ]);
    expect((await ordersOf(server, b.admin, `?storeId=${store.id}`)).orders).toEqual([]);
    expect((await server.request('/api/ecommerce/connections/mercadolivre/start', { method: 'POST', jar: rh.jar })).status).toBe(403);
  });
});
