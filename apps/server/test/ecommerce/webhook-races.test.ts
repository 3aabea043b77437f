import { describe, expect, it } from 'vitest';
import { nuvemshopOrder } from '../support/fake-nuvemshop.ts';
import { createCompanyWithAdmin, sql } from '../team/support.ts';
import { connectNuvemshop, WEBHOOK_PATH, withFakeNuvemshop } from './support.ts';

/**
 * Deliveries of the same order side by side (decision 0748): the order's row is written outside a
 * transaction, its items only when their hash changes (under the row's lock), and a paid order's
 * receivable is claimed on the row at the end of its transaction. Whatever the interleaving: one
 * order, one set of items, one customer, one receivable; a cancellation reverses it once.
 */
const nuvem = withFakeNuvemshop();

const AT_ONCE = 6;

async function setUp(name: string) {
  const { companyId, admin } = await createCompanyWithAdmin(nuvem.server, `Loja ${name}`);
  const storeId = nuvem.fake.addStore(name);
  await connectNuvemshop(nuvem.server, nuvem.fake, admin, storeId);
  const notify = (event: string, id: number) => nuvem.fake.notify(storeId, event, id, { url: `${nuvem.server.url}${WEBHOOK_PATH}` });
  const together = async (event: string, id: number) => {
    const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => notify(event, id)));
    expect(answers.map((a) => a.status)).toEqual(Array(AT_ONCE).fill(200));
  };
  const state = async (number: string) => {
    const orders = await sql(nuvem.server, 'SELECT id, payment_status, status, receivable_id, person_id, items_hash FROM ecommerce_orders WHERE company_id = $1 AND number = $2', [companyId, number]);
    const items = await sql(
      nuvem.server,
      `SELECT i.position, i.sku, i.quantity FROM ecommerce_order_items i JOIN ecommerce_orders o ON o.id = i.order_id WHERE o.company_id = $1 AND o.number = $2 ORDER BY i.position, i.sku`,
      [companyId, number],
    );
    const receivables = await sql(nuvem.server, `SELECT status, paid_cents::int AS paid_cents FROM fin_entries WHERE company_id = $1 AND kind = 'receivable' AND document_number = $2`, [companyId, number]);
    return { orders, items, receivables };
  };
  const peopleWith = async (email: string) => (await sql(nuvem.server, 'SELECT id FROM people WHERE company_id = $1 AND emails @> ARRAY[$2]', [companyId, email])).length;
  return { storeId, notify, together, state, peopleWith };
}

describe('deliveries of the same order at once', () => {
  it('a new paid order delivered six times at once: one order, one set of items, one customer, one receivable', async () => {
    const { storeId, together, state, peopleWith } = await setUp('Corrida Paga');
    const order = nuvem.fake.putOrder(
      storeId,
      nuvemshopOrder({
        number: 901,
        payment_status: 'paid',
        customer: { name: 'Rita Nova', email: 'rita.nova@exemplo.com.br' },
        products: [
          { name: 'Caneca', sku: 'CAN-1', price: '30.00', quantity: 2 },
          { name: 'Pires', sku: 'PIR-1', price: '10.00', quantity: 1 },
        ],
      }),
    );
    await together('order/paid', order.id);
    const s = await state('901');
    expect(s.orders).toHaveLength(1);
    expect(s.orders[0]).toMatchObject({ payment_status: 'paid', receivable_id: expect.any(String), person_id: expect.any(String), items_hash: expect.any(String) });
    expect(s.items).toEqual([
      { position: 0, sku: 'CAN-1', quantity: 2 },
      { position: 1, sku: 'PIR-1', quantity: 1 },
    ]);
    expect(s.receivables).toEqual([{ status: 'paid', paid_cents: 8_500 }]);
    expect(await peopleWith('rita.nova@exemplo.com.br')).toBe(1);
  });

  it('an order first pending, then paid six times at once, then cancelled six times at once: the receivable written once and reversed once', async () => {
    const { storeId, notify, together, state } = await setUp('Corrida Cancelada');
    const order = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 902, customer: { name: 'Otto Lima', email: 'otto@exemplo.com.br' } }));
    expect((await notify('order/created', order.id)).status).toBe(200);
    nuvem.fake.putOrder(storeId, { ...order, payment_status: 'paid', paid_at: order.created_at });
    await together('order/paid', order.id);
    expect((await state('902')).receivables).toEqual([{ status: 'paid', paid_cents: 13_480 }]);
    nuvem.fake.putOrder(storeId, { ...order, status: 'cancelled', payment_status: 'refunded', cancelled_at: order.created_at });
    await together('order/cancelled', order.id);
    const s = await state('902');
    expect(s.receivables).toEqual([{ status: 'cancelled', paid_cents: 0 }]);
    expect(s.items).toEqual([{ position: 0, sku: 'CAM-001', quantity: 2 }]);
  });

  it('items changed at the store, delivered six times at once: exactly the new items, once; the same items again are not rewritten', async () => {
    const { storeId, notify, together, state } = await setUp('Corrida Itens');
    const order = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 903 }));
    expect((await notify('order/created', order.id)).status).toBe(200);
    const before = await state('903');
    expect(before.items).toEqual([{ position: 0, sku: 'CAM-001', quantity: 2 }]);
    const products = [
      { id: 1, product_id: 600, variant_id: 960, name: 'Boné', sku: 'BON-1', price: '40.00', quantity: '1' },
      { id: 2, product_id: 601, variant_id: 961, name: 'Meia', sku: 'MEI-1', price: '12.00', quantity: '3' },
      { id: 3, product_id: 602, variant_id: 962, name: 'Cinto', sku: 'CIN-1', price: '80.00', quantity: '1' },
    ];
    nuvem.fake.putOrder(storeId, { ...order, products });
    await together('order/updated', order.id);
    const after = await state('903');
    expect(after.items).toEqual([
      { position: 0, sku: 'BON-1', quantity: 1 },
      { position: 1, sku: 'MEI-1', quantity: 3 },
      { position: 2, sku: 'CIN-1', quantity: 1 },
    ]);
    expect(after.orders[0]!.items_hash).not.toBe(before.orders[0]!.items_hash);
    // The same items delivered again: the rows stay the very same ones.
    const ids = async () => (await sql(nuvem.server, 'SELECT i.id FROM ecommerce_order_items i WHERE i.order_id = $1 ORDER BY i.id', [after.orders[0]!.id])).map((r) => r.id);
    const kept = await ids();
    expect((await notify('order/updated', order.id)).status).toBe(200);
    expect(await ids()).toEqual(kept);
  });

  it('an order written before its items had a hash (an earlier version): the next delivery replaces its items once and keeps the hash', async () => {
    const { storeId, notify, state } = await setUp('Sem Hash');
    const order = nuvem.fake.putOrder(storeId, nuvemshopOrder({ number: 904 }));
    expect((await notify('order/created', order.id)).status).toBe(200);
    const [row] = (await state('904')).orders;
    await sql(nuvem.server, 'UPDATE ecommerce_orders SET items_hash = NULL WHERE id = $1', [row!.id]);
    expect((await notify('order/updated', order.id)).status).toBe(200);
    const s = await state('904');
    expect(s.items).toEqual([{ position: 0, sku: 'CAM-001', quantity: 2 }]);
    expect(s.orders[0]!.items_hash).toBe(row!.items_hash);
  });
});
