import { describe, expect, it } from 'vitest';
import { cents, documentDigits, text, when } from '../../src/modules/ecommerce/incoming.ts';
import { fromNuvemshop } from '../../src/modules/ecommerce/nuvemshop/orders.ts';

describe("Nuvemshop's order in Sede's words", () => {
  it('amounts as decimal strings become cents; dates with a +0000 offset parse; documents keep their digits', () => {
    expect([cents('120.50'), cents('0.1'), cents(59.9), cents('19,99'), cents(''), cents(null)]).toEqual([12_050, 10, 5990, 1999, 0, 0]);
    expect(when('2026-11-20T14:03:00+0000')?.toISOString()).toBe('2026-11-20T14:03:00.000Z');
    expect(when('2026-11-20T11:03:00-0300')?.toISOString()).toBe('2026-11-20T14:03:00.000Z');
    expect(when('ontem')).toBeNull();
    expect([documentDigits('529.982.247-25'), documentDigits('11.222.333/0001-81'), documentDigits('123')]).toEqual(['52998224725', '11222333000181', null]);
    expect(text('  Loja\u0000 da\nAna  ')).toBe('Loja  da Ana');
  });

  it('statuses map to ours (abandoned is voided, shipped is fulfilled); the customer falls back to the contact fields', () => {
    const o = fromNuvemshop({
      id: 42,
      number: 107,
      status: 'closed',
      payment_status: 'abandoned',
      shipping_status: 'shipped',
      subtotal: '100.00',
      discount: '10.00',
      shipping_cost_customer: '12.90',
      total: '102.90',
      contact_name: 'Ana Souza',
      contact_email: 'ANA@Exemplo.com.br',
      contact_identification: '529.982.247-25',
      shipping_option: { name: 'Sedex' },
      created_at: '2026-11-20T14:03:00+0000',
      products: [{ variant_id: 9, name: 'Caneca', sku: 'CAN-1', price: '50.00', quantity: '2' }],
    });
    expect(o).toMatchObject({
      externalId: '42',
      number: '107',
      status: 'closed',
      paymentStatus: 'voided',
      fulfillmentStatus: 'fulfilled',
      subtotalCents: 10_000,
      discountCents: 1000,
      shippingCents: 1290,
      totalCents: 10_290,
      feeCents: 0,
      buyer: { name: 'Ana Souza', email: 'ana@exemplo.com.br', document: '52998224725' },
      shippingMethod: 'Sedex',
      items: [{ externalId: '9', sku: 'CAN-1', name: 'Caneca', quantity: 2, unitPriceCents: 5000 }],
    });
    expect(fromNuvemshop({ id: 1, payment_status: 'estranho' }).paymentStatus).toBe('pending');
  });
});
