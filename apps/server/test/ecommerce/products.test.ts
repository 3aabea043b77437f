import { describe, expect, it } from 'vitest';
import type { Overview, ProductPage, StoreProduct } from '@sede/shared/ecommerce/products';
import { catchUp } from '../../src/modules/ecommerce/import.ts';
import { nuvemshopOrder, nuvemshopProduct, signNuvemshop } from '../support/fake-nuvemshop.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';
import type { CookieJar } from '../support/test-server.ts';
import { connectNuvemshop, WEBHOOK_PATH, withFakeNuvemshop } from './support.ts';

const nuvem = withFakeNuvemshop();

const webhook = (storeId: string, event: string, id: number) => nuvem.fake.notify(storeId, event, id, { url: `${nuvem.server.url}${WEBHOOK_PATH}` });
async function productsOf(who: { jar: CookieJar }, query = ''): Promise<ProductPage> {
  const res = await nuvem.server.request(`/api/ecommerce/products${query}`, { jar: who.jar });
  if (res.status !== 200) throw new Error(`products: ${res.status} ${await res.text()}`);
  return (await res.json()) as ProductPage;
}
const crmProduct = (companyId: string, name: string, code: string, priceCents: number) =>
  sql(nuvem.server, 'INSERT INTO crm_products (company_id, name, code, price_cents) VALUES ($1, $2, $3, $4) RETURNING id', [companyId, name, code, priceCents]).then((r) => r[0]!.id as string);

describe('E-commerce products', () => {
  it('imports the catalogue on connection (a variant is a product), matches the CRM by SKU, filters and searches', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja da Olga');
    const storeId = nuvem.fake.addStore('Olga Moda');
    nuvem.fake.putProduct(storeId, nuvemshopProduct('Camiseta', [{ sku: 'CAM-P', price: '59.90', stock: 12, values: ['P'] }, { sku: 'CAM-M', price: '59.90', stock: 0, values: ['M'] }]));
    nuvem.fake.putProduct(storeId, nuvemshopProduct('Vale-presente', [{ sku: null, price: '100.00', stock: null }]));
    const crmId = await crmProduct(companyId, 'Camiseta P (CRM)', 'CAM-P', 5_500);

    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    const all = await productsOf(admin);
    expect(all).toMatchObject({ total: 3, matched: 1, nextCursor: null });
    expect(all.products.map((p) => [p.name, p.sku, p.priceCents, p.stock])).toEqual([
      ['Camiseta — M', 'CAM-M', 5_990, 0],
      ['Camiseta — P', 'CAM-P', 5_990, 12],
      ['Vale-presente', null, 10_000, null],
    ]);
    expect(all.products[1]).toMatchObject({ storeName: 'Olga Moda', provider: 'nuvemshop', canPush: true, crmProduct: { id: crmId, name: 'Camiseta P (CRM)', priceCents: 5_500 } });
    expect((await productsOf(admin, '?match=matched')).products.map((p) => p.sku)).toEqual(['CAM-P']);
    expect((await productsOf(admin, '?match=unmatched')).products.map((p) => p.sku)).toEqual(['CAM-M', null]);
    expect((await productsOf(admin, '?q=cam-m')).products.map((p) => p.sku)).toEqual(['CAM-M']);
    expect((await productsOf(admin, '?q=vale')).total).toBe(1);
    expect((await nuvem.server.request('/api/ecommerce/products?match=talvez', { jar: admin.jar })).status).toBe(400);
    expect((await nuvem.server.request('/api/ecommerce/products?cursor=xyz', { jar: admin.jar })).status).toBe(400);
  });

  it('product webhooks: created, updated (idempotent) and deleted; a bad signature or an unknown store is refused', async () => {
    const { admin } = await createCompanyWithAdmin(nuvem.server, 'Loja do Paulo');
    const storeId = nuvem.fake.addStore('Paulo Esportes');
    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    expect(nuvem.fake.stores.get(storeId)!.webhooks.map((w) => w.event)).toEqual(expect.arrayContaining(['product/created', 'product/updated', 'product/deleted']));

    const bola = nuvem.fake.putProduct(storeId, nuvemshopProduct('Bola', [{ sku: 'BOLA-1', price: '89.90', stock: 4 }]));
    expect(await webhook(storeId, 'product/created', bola.id)).toEqual({ status: 200, body: { ok: true } });
    expect((await productsOf(admin)).products).toEqual([expect.objectContaining({ sku: 'BOLA-1', priceCents: 8_990, stock: 4 })]);

    bola.variants[0]!.price = '79.90';
    bola.variants.push({ ...bola.variants[0]!, id: bola.variants[0]!.id + 1, sku: 'BOLA-2', stock: 1 });
    nuvem.fake.putProduct(storeId, bola);
    const [a, b] = await Promise.all([webhook(storeId, 'product/updated', bola.id), webhook(storeId, 'product/updated', bola.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await webhook(storeId, 'product/updated', bola.id)).status).toBe(200);
    const after = await productsOf(admin);
    expect(after.products.map((p) => [p.sku, p.priceCents, p.stock]).sort()).toEqual([
      ['BOLA-1', 7_990, 4],
      ['BOLA-2', 7_990, 1],
    ]);

    // A variant the product no longer has goes; then the product itself.
    bola.variants = bola.variants.slice(1);
    nuvem.fake.putProduct(storeId, bola);
    await webhook(storeId, 'product/updated', bola.id);
    expect((await productsOf(admin)).products.map((p) => p.sku)).toEqual(['BOLA-2']);
    nuvem.fake.putProduct(storeId, bola, true);
    expect((await webhook(storeId, 'product/deleted', bola.id)).status).toBe(200);
    expect((await webhook(storeId, 'product/deleted', bola.id)).status).toBe(200);
    expect((await productsOf(admin)).total).toBe(0);

    const payload = JSON.stringify({ store_id: Number(storeId), event: 'product/updated', id: bola.id });
    const post = (body: string, signature?: string) =>
      nuvem.server.request(WEBHOOK_PATH, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(signature ? { 'x-linkedstore-hmac-sha256': signature } : {}) } });
    nuvem.fake.putProduct(storeId, bola);
    expect((await post(payload)).status).toBe(403);
    expect((await post(payload, signNuvemshop('outro-segredo', payload))).status).toBe(403);
    const elsewhere = JSON.stringify({ store_id: 99_999_998, event: 'product/updated', id: bola.id });
    expect((await post(elsewhere, signNuvemshop(nuvem.fake.secret, elsewhere))).status).toBe(404);
    expect((await productsOf(admin)).total).toBe(0);

    // The catch-up reads what changed since the last sync.
    await catchUp(nuvem.server.services);
    expect((await productsOf(admin)).products.map((p) => p.sku)).toEqual(['BOLA-2']);
  });

  it("'Enviar para a loja': price and stock go to the variant at Nuvemshop, are written as it answered, and audited", async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja da Rita');
    const vendas = await memberOf(nuvem.server, companyId, 'vendas');
    const storeId = nuvem.fake.addStore('Rita Cosméticos');
    const creme = nuvem.fake.putProduct(storeId, nuvemshopProduct('Creme', [{ sku: 'CRM-1', price: '30.00', stock: 3 }]));
    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    const [product] = (await productsOf(admin)).products;
    const push = (json: unknown, who = admin) => nuvem.server.request(`/api/ecommerce/products/${product!.id}/push`, { method: 'POST', jar: who.jar, json });

    const res = await push({ priceCents: 3_490, stock: 20 });
    expect(res.status).toBe(200);
    expect((await res.json()) as StoreProduct).toMatchObject({ priceCents: 3_490, stock: 20, pushedAt: expect.any(String) });
    expect(creme.variants[0]).toMatchObject({ price: '34.90', stock: 20, stock_management: true });
    const put = nuvem.fake.requests.filter((r) => r.method === 'PUT');
    expect(put.at(-1)).toMatchObject({ path: `/v1/${storeId}/products/${creme.id}/variants/${creme.variants[0]!.id}`, body: { price: '34.90', stock: 20 } });
    const [audit] = await sql(nuvem.server, `SELECT action FROM activity_log WHERE company_id = $1 AND action = 'ecommerce_product_pushed'`, [companyId]);
    expect(audit).toMatchObject({ action: 'ecommerce_product_pushed' });

    // Unlimited stock is null; the same values again is a 409; bad input a 400 in Portuguese; a reader cannot push.
    expect(((await (await push({ priceCents: 3_490, stock: null })).json()) as StoreProduct).stock).toBeNull();
    expect(creme.variants[0]).toMatchObject({ stock: null, stock_management: false });
    const same = await push({ priceCents: 3_490, stock: null });
    expect(same.status).toBe(409);
    const bad = await push({ priceCents: 0, stock: -1 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/preço maior que zero|estoque/);
    expect((await push({ priceCents: 100, stock: 1 }, vendas)).status).toBe(403);

    // Nuvemshop refusing (the product deleted there) is a 409 naming it, and nothing changes here.
    nuvem.fake.putProduct(storeId, creme, true);
    const gone = await push({ priceCents: 4_000, stock: 1 });
    expect(gone.status).toBe(409);
    expect(((await gone.json()) as { error: string }).error).toMatch(/Nuvemshop recusou/);
    expect((await productsOf(admin)).products[0]).toMatchObject({ priceCents: 3_490, stock: null });
  });

  it('overview: sales per day and per store, average ticket, cancellations, top products; the period is checked', async () => {
    const { admin } = await createCompanyWithAdmin(nuvem.server, 'Loja do Saulo');
    const storeId = nuvem.fake.addStore('Saulo Café');
    const today = new Date();
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 1, payment_status: 'paid', products: [{ name: 'Café 500 g', sku: 'CAFE', price: '40.00', quantity: 2 }] }));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 2, payment_status: 'paid', products: [{ name: 'Café 500 g', sku: 'CAFE', price: '40.00', quantity: 1 }, { name: 'Caneca', sku: 'CAN', price: '25.00', quantity: 1 }] }));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 3, status: 'cancelled', payment_status: 'voided' }));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 4 }));
    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);

    const res = await nuvem.server.request('/api/ecommerce/overview', { jar: admin.jar });
    expect(res.status).toBe(200);
    const o = (await res.json()) as Overview;
    // Totals include the 15.00 shipping of each order.
    expect(o.totals).toEqual({ orders: 4, paidOrders: 2, revenueCents: 9_500 + 8_000, averageTicketCents: 8_750, cancelledOrders: 1, cancelledCents: 13_480, feeCents: 0 });
    expect(o.days).toHaveLength(30);
    expect(o.days.at(-1)).toMatchObject({ orders: 2, revenueCents: 17_500 });
    expect(o.channels).toEqual([expect.objectContaining({ storeName: 'Saulo Café', provider: 'nuvemshop', orders: 2, revenueCents: 17_500, cancelledOrders: 1 })]);
    expect(o.topProducts).toEqual([
      { sku: 'CAFE', name: 'Café 500 g', quantity: 3, revenueCents: 12_000 },
      { sku: 'CAN', name: 'Caneca', quantity: 1, revenueCents: 2_500 },
    ]);
    expect(today.getTime()).toBeGreaterThan(0);

    const old = (await (await nuvem.server.request('/api/ecommerce/overview?from=2020-01-01&to=2020-01-31', { jar: admin.jar })).json()) as Overview;
    expect(old.totals.orders).toBe(0);
    expect(old.days).toHaveLength(31);
    for (const q of ['?from=2026-02-01&to=2026-01-01', '?from=2020-01-01&to=2026-01-01', '?from=ontem']) {
      const r = await nuvem.server.request(`/api/ecommerce/overview${q}`, { jar: admin.jar });
      expect(r.status, q).toBe(400);
      expect(((await r.json()) as { error: string }).error, q).toMatch(/data|período|AAAA/i);
    }
  });

  it('isolation: another company gets 404 and empty lists, a member without the permission 403', async () => {
    const a = await createCompanyWithAdmin(nuvem.server, 'Loja Tina');
    const b = await createCompanyWithAdmin(nuvem.server, 'Loja Ugo');
    const rh = await memberOf(nuvem.server, a.companyId, 'rh');
    const storeId = nuvem.fake.addStore('Tina Velas');
    nuvem.fake.putProduct(storeId, nuvemshopProduct('Vela Secreta', [{ sku: 'VEL-SEC', price: '20.00', stock: 2 }]));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 77, payment_status: 'paid', products: [{ name: 'Vela Secreta', sku: 'VEL-SEC', price: '20.00', quantity: 1 }] }));
    const store = await connectNuvemshop(nuvem.server, nuvem.fake, a.admin, storeId);
    const [product] = (await productsOf(a.admin)).products;

    await expectTenantIsolation(nuvem.server, { owner: a.admin, outsider: b.admin, withoutPermission: rh, secrets: ['Vela Secreta', 'VEL-SEC', 'Tina Velas'] }, [
      { method: 'POST', path: `/api/ecommerce/products/${product!.id}/push`, body: { priceCents: 2_100, stock: 3 } },
    ]);
    expect((await productsOf(b.admin, `?storeId=${store.id}`)).products).toEqual([]);
    expect((await productsOf(b.admin)).total).toBe(0);
    const theirs = (await (await nuvem.server.request('/api/ecommerce/overview', { jar: b.admin.jar })).json()) as Overview;
    expect(theirs).toMatchObject({ totals: { orders: 0 }, channels: [], topProducts: [] });
    for (const path of ['/api/ecommerce/products', '/api/ecommerce/overview']) {
      expect((await nuvem.server.request(path, { jar: rh.jar })).status, path).toBe(403);
      expect((await nuvem.server.request(path)).status, path).toBe(401);
    }
    expect((await nuvem.server.request('/api/ecommerce/products/00000000-0000-4000-8000-000000000000/push', { method: 'POST', jar: a.admin.jar, json: { priceCents: 1, stock: 1 } })).status).toBe(404);
  });
});
