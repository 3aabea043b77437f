import { describe, expect, it } from 'vitest';
import type { OrderDetail, StoreList } from '@sede/shared/ecommerce/schemas';
import { catchUp } from '../../src/modules/ecommerce/import.ts';
import { eventually } from '../support/eventually.ts';
import { nuvemshopOrder, signNuvemshop } from '../support/fake-nuvemshop.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';
import { connectNuvemshop, ordersOf, WEBHOOK_PATH, withFakeNuvemshop } from './support.ts';

const nuvem = withFakeNuvemshop();

const days = (n: number) => new Date(Date.now() - n * 86_400_000);
const webhook = (storeId: string, event: string, id: number) => nuvem.fake.notify(storeId, event, id, { url: `${nuvem.server.url}${WEBHOOK_PATH}` });
const receivablesOf = (companyId: string, number: string) =>
  sql(nuvem.server, `SELECT id, status, amount_cents::int AS amount_cents, paid_cents::int AS paid_cents, person_id FROM fin_entries WHERE company_id = $1 AND kind = 'receivable' AND document_number = $2`, [companyId, number]);

describe('Nuvemshop', () => {
  it('connects through OAuth, imports the last 90 days as a job, and turns a paid order into a customer and a settled receivable', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja da Ana');
    const storeId = nuvem.fake.addStore('Ana Modas');
    const paid = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 101, payment_status: 'paid', customer: { name: 'Beatriz Lima', email: 'Beatriz@Exemplo.com.br', identification: '529.982.247-25' } }));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 102, created_at: days(3) }));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 103, status: 'cancelled', payment_status: 'voided', created_at: days(10) }));
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 90, payment_status: 'paid', created_at: days(120) }));

    const store = await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    expect(store).toMatchObject({ provider: 'nuvemshop', name: 'Ana Modas', externalId: storeId, status: 'connected', lastError: null, orderCount: 3 });
    // Every call named the app and carried the token as Nuvemshop asks.
    const apiCalls = nuvem.fake.requests.filter((r) => r.path.startsWith(`/v1/${storeId}/`));
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((r) => r.authentication?.startsWith('bearer ') && r.userAgent === `Sede (${nuvem.fake.appId})`)).toBe(true);
    // The webhooks of the order events, to this server.
    expect(nuvem.fake.stores.get(storeId)!.webhooks.map((w) => w.event)).toEqual(expect.arrayContaining(['order/created', 'order/paid', 'order/cancelled', 'product/updated']));
    expect(new Set(nuvem.fake.stores.get(storeId)!.webhooks.map((w) => w.url))).toEqual(new Set(['http://localhost:3000/api/ecommerce/webhooks/nuvemshop']));
    // The token is stored encrypted.
    const [row] = await sql(nuvem.server, 'SELECT access_token_enc FROM ecommerce_stores WHERE id = $1', [store.id]);
    expect(row.access_token_enc).toMatch(/^v1\./);
    expect(row.access_token_enc).not.toContain(nuvem.fake.stores.get(storeId)!.token);
    // The orders are in before the job marks itself done: wait for that mark.
    const job = await eventually(async () => (await sql(nuvem.server, 'SELECT status, done, total FROM job_runs WHERE id = $1', [store.importJobId]))[0], (j) => j?.status === 'done' || j?.status === 'failed');
    expect(job).toMatchObject({ status: 'done', done: 3, total: 3 });

    const list = await ordersOf(nuvem.server, admin);
    expect(list.total).toBe(3);
    expect(list.orders.map((o) => o.number)).toEqual(['101', '102', '103']);
    const detail = (await (await nuvem.server.request(`/api/ecommerce/orders/${list.orders[0]!.id}`, { jar: admin.jar })).json()) as OrderDetail;
    expect(detail).toMatchObject({
      number: '101',
      status: 'open',
      paymentStatus: 'paid',
      subtotalCents: 11_980,
      shippingCents: 1500,
      totalCents: 13_480,
      paymentMethod: 'Pix',
      shippingMethod: 'Correios - PAC',
      buyer: { name: 'Beatriz Lima', email: 'beatriz@exemplo.com.br', document: '52998224725' },
      receivable: { status: 'paid' },
      items: [{ sku: 'CAM-001', name: 'Camiseta básica', quantity: 2, unitPriceCents: 5990, totalCents: 11_980 }],
    });
    expect(detail.shippingAddress).toContain('Rua das Flores, 100');
    const [person] = await sql(nuvem.server, 'SELECT name, cpf, emails, legal_basis FROM people WHERE id = $1', [detail.buyer.personId]);
    expect(person).toMatchObject({ name: 'Beatriz Lima', cpf: '52998224725', emails: ['beatriz@exemplo.com.br'], legal_basis: 'execucao_contrato' });
    const receivables = await receivablesOf(companyId, '101');
    expect(receivables).toEqual([expect.objectContaining({ status: 'paid', amount_cents: 13_480, paid_cents: 13_480, person_id: detail.buyer.personId })]);
    // A pending or voided order is no receivable.
    expect(await receivablesOf(companyId, '102')).toEqual([]);
    expect(await receivablesOf(companyId, '103')).toEqual([]);

    // Filters: store, status, payment, period.
    expect((await ordersOf(nuvem.server, admin, '?payment=paid')).orders.map((o) => o.number)).toEqual(['101']);
    expect((await ordersOf(nuvem.server, admin, '?status=cancelled')).orders.map((o) => o.number)).toEqual(['103']);
    expect((await ordersOf(nuvem.server, admin, `?storeId=${store.id}&from=${days(5).toISOString().slice(0, 10)}`)).orders.map((o) => o.number)).toEqual(['101', '102']);
    const bad = await nuvem.server.request('/api/ecommerce/orders?from=ontem', { jar: admin.jar });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Use datas no formato AAAA-MM-DD.');

    // Imported again (a resumed or repeated run): the same orders, updated in place, never a second receivable.
    const again = await nuvem.server.request(`/api/ecommerce/stores/${store.id}/sync`, { method: 'POST', jar: admin.jar });
    expect(again.status).toBe(200);
    const rerun = ((await again.json()) as { importJobId: string }).importJobId;
    expect(rerun).not.toBe(store.importJobId);
    await eventually(async () => (await sql(nuvem.server, 'SELECT status FROM job_runs WHERE id = $1', [rerun]))[0]?.status === 'done');
    expect((await ordersOf(nuvem.server, admin)).total).toBe(3);
    expect(await receivablesOf(companyId, '101')).toHaveLength(1);
    expect(paid.id).toBeGreaterThan(0);
  });

  it('webhooks: an order paid twice is one receivable, updated in place; cancelled reverses it; a bad signature or an unknown store is refused', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja do Caio');
    const storeId = nuvem.fake.addStore('Caio Calçados');
    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    const order = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 501, customer: { name: 'Davi Souza', email: 'davi@exemplo.com.br' } }));

    expect(await webhook(storeId, 'order/created', order.id)).toEqual({ status: 200, body: { ok: true } });
    expect((await ordersOf(nuvem.server, admin)).orders).toEqual([expect.objectContaining({ number: '501', paymentStatus: 'pending' })]);
    expect(await receivablesOf(companyId, '501')).toEqual([]);

    nuvem.fake.putOrder(storeId, { ...order, payment_status: 'paid', paid_at: order.created_at, shipping_status: 'fulfilled' });
    const [first, second] = await Promise.all([webhook(storeId, 'order/paid', order.id), webhook(storeId, 'order/paid', order.id)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await webhook(storeId, 'order/paid', order.id)).status).toBe(200);
    const orders = (await ordersOf(nuvem.server, admin)).orders;
    expect(orders).toEqual([expect.objectContaining({ number: '501', paymentStatus: 'paid', fulfillmentStatus: 'fulfilled' })]);
    expect(await receivablesOf(companyId, '501')).toEqual([expect.objectContaining({ status: 'paid', paid_cents: 13_480 })]);
    const people = await sql(nuvem.server, `SELECT id FROM people WHERE company_id = $1 AND emails @> ARRAY['davi@exemplo.com.br']`, [companyId]);
    expect(people).toHaveLength(1);

    nuvem.fake.putOrder(storeId, { ...order, status: 'cancelled', payment_status: 'refunded', cancelled_at: order.created_at });
    expect((await webhook(storeId, 'order/cancelled', order.id)).status).toBe(200);
    expect((await webhook(storeId, 'order/cancelled', order.id)).status).toBe(200);
    expect(await receivablesOf(companyId, '501')).toEqual([expect.objectContaining({ status: 'cancelled', paid_cents: 0 })]);
    const detail = (await (await nuvem.server.request(`/api/ecommerce/orders/${orders[0]!.id}`, { jar: admin.jar })).json()) as OrderDetail;
    expect(detail).toMatchObject({ status: 'cancelled', receivable: { status: 'cancelled' } });

    // The store's last sync is written by its webhooks at most every 30 s while healthy (decision 0753), not by each one.
    const syncedAt = async () => (await sql(nuvem.server, 'SELECT last_sync_at, updated_at FROM ecommerce_stores WHERE company_id = $1', [companyId]))[0];
    const before = await syncedAt();
    expect((await webhook(storeId, 'order/updated', order.id)).status).toBe(200);
    expect(await syncedAt()).toEqual(before);
    await sql(nuvem.server, `UPDATE ecommerce_stores SET last_sync_at = now() - interval '31 seconds' WHERE company_id = $1`, [companyId]);
    expect((await webhook(storeId, 'order/updated', order.id)).status).toBe(200);
    expect((await syncedAt()).last_sync_at.getTime()).toBeGreaterThan(Date.now() - 10_000);

    // Refused: no signature, a forged one, a store not connected here; nothing changes.
    const payload = JSON.stringify({ store_id: Number(storeId), event: 'order/paid', id: order.id });
    const post = (body: string, signature?: string) =>
      nuvem.server.request(WEBHOOK_PATH, { method: 'POST', body, headers: { 'content-type': 'application/json', ...(signature ? { 'x-linkedstore-hmac-sha256': signature } : {}) } });
    const none = await post(payload);
    expect(none.status).toBe(403);
    const forged = await post(payload, signNuvemshop('outro-segredo', payload));
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { error: string }).error).toBe('A assinatura do webhook não confere.');
    const elsewhere = JSON.stringify({ store_id: 99_999_999, event: 'order/paid', id: order.id });
    expect((await post(elsewhere, signNuvemshop(nuvem.fake.secret, elsewhere))).status).toBe(404);
    expect(await receivablesOf(companyId, '501')).toEqual([expect.objectContaining({ status: 'cancelled' })]);
  });

  it('pages the orders by cursor: the count comes with the first page only, each order once', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja de Muitos Pedidos');
    const store = await connectNuvemshop(nuvem.server, nuvem.fake, admin, nuvem.fake.addStore('Muitos Pedidos'));
    await sql(
      nuvem.server,
      `INSERT INTO ecommerce_orders (company_id, store_id, external_id, number, status, payment_status, fulfillment_status, subtotal_cents, total_cents, buyer_name, placed_at)
       SELECT $1, $2, 'p-' || i, (5000 + i)::text, 'open', 'pending', 'unpacked', 1000, 1000, 'Comprador ' || i, now() - (i * interval '1 minute') FROM generate_series(1, 120) AS i`,
      [companyId, store.id],
    );
    const first = await ordersOf(nuvem.server, admin);
    expect(first.total).toBe(120);
    expect(first.orders).toHaveLength(50);
    const second = await ordersOf(nuvem.server, admin, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.total).toBeNull();
    const third = await ordersOf(nuvem.server, admin, `?cursor=${encodeURIComponent(second.nextCursor!)}`);
    expect(third.nextCursor).toBeNull();
    const numbers = [...first.orders, ...second.orders, ...third.orders].map((o) => o.number);
    expect(numbers).toHaveLength(120);
    expect(new Set(numbers).size).toBe(120);
    expect(numbers[0]).toBe('5001');

    // The search: the buyer's name and e-mail by word prefix, accents folded; the number exactly.
    await sql(
      nuvem.server,
      `INSERT INTO ecommerce_orders (company_id, store_id, external_id, number, status, payment_status, fulfillment_status, subtotal_cents, total_cents, buyer_name, buyer_email, placed_at)
       VALUES ($1, $2, 'p-erica', '7001', 'open', 'pending', 'unpacked', 1000, 1000, 'Érica Conceição', 'erica.c@lojinha.com.br', now())`,
      [companyId, store.id],
    );
    const found = async (q: string) => (await ordersOf(nuvem.server, admin, `?q=${encodeURIComponent(q)}`)).orders.map((o) => o.number).sort();
    expect(await found('comprador 10')).toEqual(['5010', ...Array.from({ length: 10 }, (_, i) => String(5100 + i))].sort());
    expect(await found('erica conc')).toEqual(['7001']);
    expect(await found('ÉRICA')).toEqual(['7001']);
    expect(await found('lojinha')).toEqual(['7001']);
    expect(await found('erica.c@lojinha.com.br')).toEqual(['7001']);
    expect(await found('#5007')).toEqual(['5007']);
    expect(await found('ceicao')).toEqual([]);
    expect((await ordersOf(nuvem.server, admin, '?q=comprador')).total).toBe(120);
  });

  it('the half-hourly catch-up applies an order no webhook announced', async () => {
    const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, 'Loja da Joana');
    const storeId = nuvem.fake.addStore('Joana Livros');
    await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
    const order = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 901, payment_status: 'paid', customer: { name: 'Lia Prado', email: 'lia@exemplo.com.br' } }));
    expect((await ordersOf(nuvem.server, admin)).total).toBe(0);
    expect(await catchUp(nuvem.server.services)).toBeGreaterThanOrEqual(1);
    expect((await ordersOf(nuvem.server, admin)).orders).toEqual([expect.objectContaining({ number: '901', paymentStatus: 'paid' })]);
    expect(await receivablesOf(companyId, '901')).toEqual([expect.objectContaining({ status: 'paid' })]);
    await catchUp(nuvem.server.services);
    expect(await receivablesOf(companyId, '901')).toHaveLength(1);
    expect(order.id).toBeGreaterThan(0);
  });

  it('a store another company holds is refused; a state from another company is refused; disconnect keeps the orders and removes the webhooks', async () => {
    const a = await createCompanyWithAdmin(nuvem.server, 'Loja Eva');
    const b = await createCompanyWithAdmin(nuvem.server, 'Loja Fábio');
    const storeId = nuvem.fake.addStore('Eva Presentes');
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 700 }));
    const store = await connectNuvemshop(nuvem.server, nuvem.fake, a.admin, storeId);

    await expect(connectNuvemshop(nuvem.server, nuvem.fake, b.admin, storeId)).rejects.toThrow(/complete: 409 .*outra empresa/);

    const started = (await (await nuvem.server.request('/api/ecommerce/connections/nuvemshop/start', { method: 'POST', jar: a.admin.jar })).json()) as { url: string };
    const back = new URL((await fetch(started.url, { redirect: 'manual' })).headers.get('location')!);
    const stolen = await nuvem.server.request('/api/ecommerce/connections/nuvemshop/complete', { method: 'POST', jar: b.admin.jar, json: { code: back.searchParams.get('code'), state: back.searchParams.get('state') } });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: string }).error).toMatch(/expirou ou não é desta empresa/);

    const gone = await nuvem.server.request(`/api/ecommerce/stores/${store.id}`, { method: 'DELETE', jar: a.admin.jar });
    expect(gone.status).toBe(200);
    expect(await gone.json()).toMatchObject({ status: 'disconnected', orderCount: 1 });
    expect(nuvem.fake.stores.get(storeId)!.webhooks).toEqual([]);
    const [row] = await sql(nuvem.server, 'SELECT access_token_enc FROM ecommerce_stores WHERE id = $1', [store.id]);
    expect(row.access_token_enc).toBeNull();
    // Now another company may connect it.
    const taken = await connectNuvemshop(nuvem.server, nuvem.fake, b.admin, storeId);
    expect(taken.orderCount).toBe(1);
    expect((await ordersOf(nuvem.server, a.admin)).total).toBe(1);
  });

  it('isolation: another company gets 404, a member without the permission 403, a reader cannot connect', async () => {
    const a = await createCompanyWithAdmin(nuvem.server, 'Loja Gabi');
    const b = await createCompanyWithAdmin(nuvem.server, 'Loja Hugo');
    const rh = await memberOf(nuvem.server, a.companyId, 'rh');
    const vendas = await memberOf(nuvem.server, a.companyId, 'vendas');
    const storeId = nuvem.fake.addStore('Gabi Joias');
    nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 800, customer: { name: 'Íris Segredo', email: 'iris@exemplo.com.br' } }));
    const store = await connectNuvemshop(nuvem.server, nuvem.fake, a.admin, storeId);
    const [order] = (await ordersOf(nuvem.server, a.admin)).orders;

    await expectTenantIsolation(nuvem.server, { owner: a.admin, outsider: b.admin, withoutPermission: rh, secrets: ['Gabi Joias', 'Íris Segredo', storeId] }, [
      { method: 'GET', path: `/api/ecommerce/orders/${order!.id}` },
      { method: 'POST', path: `/api/ecommerce/stores/${store.id}/sync` },
      { method: 'DELETE', path: `/api/ecommerce/stores/${store.id}` },
    ]);
    // Lists: the other company's are empty, even when naming this company's store.
    expect((await ordersOf(nuvem.server, b.admin, `?storeId=${store.id}`)).orders).toEqual([]);
    expect(((await (await nuvem.server.request('/api/ecommerce/stores', { jar: b.admin.jar })).json()) as StoreList).stores).toEqual([]);
    for (const path of ['/api/ecommerce/stores', '/api/ecommerce/orders']) {
      expect((await nuvem.server.request(path, { jar: rh.jar })).status, path).toBe(403);
      expect((await nuvem.server.request(path)).status, path).toBe(401);
      expect((await nuvem.server.request(path, { jar: vendas.jar })).status, path).toBe(200);
    }
    // Reading is not managing.
    const refused = await nuvem.server.request('/api/ecommerce/connections/nuvemshop/start', { method: 'POST', jar: vendas.jar });
    expect(refused.status).toBe(403);
    expect((await nuvem.server.request('/api/ecommerce/connections/nuvemshop/start', { method: 'POST', jar: rh.jar })).status).toBe(403);
    expect((await nuvem.server.request('/api/ecommerce/orders/00000000-0000-4000-8000-000000000000', { jar: a.admin.jar })).status).toBe(404);
    expect((await nuvem.server.request('/api/ecommerce/orders/nao-e-id', { jar: a.admin.jar })).status).toBe(404);
    await eventually(async () => true);
  });
});
