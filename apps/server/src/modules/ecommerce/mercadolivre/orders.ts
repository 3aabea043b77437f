import type { FulfillmentStatus, OrderStatus, PaymentStatus } from '@sede/shared/ecommerce/schemas';
import { cents, documentDigits, type IncomingOrder, text, when } from '../incoming.ts';

/** The parts of Mercado Livre's order (GET /orders/{id}, /orders/search) Sede reads. */
export type MercadoLivreOrder = {
  id: number | string;
  status?: string;
  date_created?: string;
  date_closed?: string | null;
  last_updated?: string;
  total_amount?: number | string;
  paid_amount?: number | string;
  currency_id?: string;
  tags?: string[];
  fulfilled?: boolean | null;
  order_items?: Array<{
    item?: { id?: string; title?: string; seller_sku?: string | null; seller_custom_field?: string | null; variation_id?: number | null };
    quantity?: number | string;
    unit_price?: number | string;
    sale_fee?: number | string | null;
  }>;
  buyer?: {
    id?: number | string;
    nickname?: string;
    first_name?: string;
    last_name?: string;
    email?: string;
    phone?: { area_code?: string | number; number?: string | number } | null;
    billing_info?: { doc_type?: string; doc_number?: string | number } | null;
  };
  payments?: Array<{ id?: number | string; status?: string; transaction_amount?: number | string; shipping_cost?: number | string; date_approved?: string | null; payment_type?: string; payment_method_id?: string }>;
  shipping?: { id?: number | string | null; shipping_mode?: string; receiver_address?: { address_line?: string; city?: { name?: string }; state?: { name?: string }; zip_code?: string } | null } | null;
  coupon?: { amount?: number | string } | null;
};

const PAYMENT_TYPES: Record<string, string> = { credit_card: 'Cartão de crédito', debit_card: 'Cartão de débito', bank_transfer: 'Pix', ticket: 'Boleto', account_money: 'Saldo no Mercado Pago' };

function paymentStatus(o: MercadoLivreOrder): PaymentStatus {
  const pays = o.payments ?? [];
  if (pays.some((p) => p.status === 'refunded' || p.status === 'charged_back')) return 'refunded';
  if (o.status === 'paid') return 'paid';
  if (o.status === 'cancelled' || o.status === 'invalid') return 'voided';
  if (pays.some((p) => p.status === 'authorized')) return 'authorized';
  return 'pending';
}

function orderStatus(o: MercadoLivreOrder): OrderStatus {
  if (o.status === 'cancelled' || o.status === 'invalid') return 'cancelled';
  return o.tags?.includes('delivered') ? 'closed' : 'open';
}

function fulfillment(o: MercadoLivreOrder): FulfillmentStatus {
  if (o.fulfilled || o.tags?.some((t) => t === 'delivered' || t === 'shipped')) return 'fulfilled';
  return o.status === 'paid' ? 'unfulfilled' : 'unpacked';
}

function address(a: NonNullable<MercadoLivreOrder['shipping']>['receiver_address']): string | null {
  if (!a) return null;
  const parts = [text(a.address_line, 200), [text(a.city?.name, 80), text(a.state?.name, 40)].filter(Boolean).join('/'), text(a.zip_code, 12) && `CEP ${text(a.zip_code, 12)}`];
  return parts.filter(Boolean).join(' — ').slice(0, 500) || null;
}

/**
 * Mercado Livre's order in Sede's words (decision 0684): the order's id is its number; the buyer
 * named by first and last name (else the nickname), the CPF/CNPJ of `billing_info` when the order
 * carries it; the fee is the sum of the lines' `sale_fee`; the total what the buyer paid (items
 * plus the shipping the buyer paid), `total_amount` plus shipping while unpaid.
 */
export function fromMercadoLivre(o: MercadoLivreOrder): IncomingOrder {
  const items = (o.order_items ?? []).map((line) => ({
    externalId: text(line.item?.id, 60),
    sku: text(line.item?.seller_sku ?? line.item?.seller_custom_field, 80),
    name: text(line.item?.title, 300) ?? 'Produto',
    quantity: Math.max(1, Math.round(Number(line.quantity) || 1)),
    unitPriceCents: cents(line.unit_price),
  }));
  const subtotalCents = items.reduce((sum, i) => sum + i.unitPriceCents * i.quantity, 0);
  const approved = (o.payments ?? []).filter((p) => p.status === 'approved');
  const shippingCents = approved.reduce((sum, p) => sum + cents(p.shipping_cost), 0);
  const itemsTotal = cents(o.total_amount) || subtotalCents;
  const paid = cents(o.paid_amount);
  const status = orderStatus(o);
  const buyer = o.buyer ?? {};
  const fullName = [text(buyer.first_name, 100), text(buyer.last_name, 100)].filter(Boolean).join(' ');
  const phone = buyer.phone?.number ? `${text(buyer.phone.area_code, 5) ?? ''}${text(buyer.phone.number, 20)}` : null;
  const firstPayment = approved[0] ?? o.payments?.[0];
  const paidDates = approved.map((p) => when(p.date_approved)).filter((d): d is Date => d !== null);
  return {
    externalId: String(o.id),
    number: String(o.id),
    status,
    paymentStatus: paymentStatus(o),
    fulfillmentStatus: fulfillment(o),
    currency: text(o.currency_id, 3) ?? 'BRL',
    subtotalCents,
    discountCents: Math.max(0, subtotalCents - itemsTotal),
    shippingCents,
    totalCents: paid > 0 ? paid : itemsTotal + shippingCents,
    feeCents: (o.order_items ?? []).reduce((sum, line) => sum + cents(line.sale_fee), 0),
    buyer: {
      name: (fullName || text(buyer.nickname, 200)) ?? 'Comprador do Mercado Livre',
      email: text(buyer.email, 200)?.toLowerCase() ?? null,
      phone,
      document: documentDigits(buyer.billing_info?.doc_number),
    },
    shippingMethod: o.shipping?.id ? 'Mercado Envios' : null,
    shippingAddress: address(o.shipping?.receiver_address),
    paymentMethod: firstPayment ? (PAYMENT_TYPES[firstPayment.payment_type ?? ''] ?? text(firstPayment.payment_method_id, 120)) : null,
    placedAt: when(o.date_created) ?? new Date(),
    paidAt: paidDates.length ? new Date(Math.max(...paidDates.map((d) => d.getTime()))) : o.status === 'paid' ? when(o.date_closed) : null,
    cancelledAt: status === 'cancelled' ? (when(o.last_updated) ?? new Date()) : null,
    items,
  };
}
