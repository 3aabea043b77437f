import type { FulfillmentStatus, OrderStatus, PaymentStatus } from '@sede/shared/ecommerce/schemas';
import { cents, documentDigits, type IncomingOrder, text, when } from '../incoming.ts';

/** The parts of Nuvemshop's Order resource Sede reads (its REST API v1). */
export type NuvemshopOrder = {
  id: number | string;
  number?: number | string;
  status?: string;
  payment_status?: string;
  shipping_status?: string;
  currency?: string;
  subtotal?: string | number;
  discount?: string | number;
  shipping_cost_customer?: string | number;
  total?: string | number;
  contact_name?: string;
  contact_email?: string;
  contact_phone?: string;
  contact_identification?: string;
  customer?: { id?: number; name?: string; email?: string; phone?: string; identification?: string } | null;
  shipping_option?: string | { name?: string };
  shipping_address?: { address?: string; number?: string; floor?: string; locality?: string; city?: string; province?: string; zipcode?: string } | null;
  gateway_name?: string;
  gateway?: string;
  created_at?: string;
  paid_at?: string | null;
  cancelled_at?: string | null;
  products?: Array<{ id?: number | string; product_id?: number | string; variant_id?: number | string; name?: string; sku?: string | null; price?: string | number; quantity?: string | number }>;
};

const ORDER: Record<string, OrderStatus> = { open: 'open', closed: 'closed', cancelled: 'cancelled' };
const PAYMENT: Record<string, PaymentStatus> = { pending: 'pending', authorized: 'authorized', paid: 'paid', refunded: 'refunded', voided: 'voided', abandoned: 'voided' };
const SHIPPING: Record<string, FulfillmentStatus> = { unpacked: 'unpacked', unfulfilled: 'unfulfilled', unshipped: 'unfulfilled', fulfilled: 'fulfilled', shipped: 'fulfilled', delivered: 'fulfilled' };

function address(a: NuvemshopOrder['shipping_address']): string | null {
  if (!a) return null;
  const street = [a.address, a.number].map((v) => text(v, 120)).filter(Boolean).join(', ');
  const parts = [street, text(a.floor, 80), text(a.locality, 80), [text(a.city, 80), text(a.province, 40)].filter(Boolean).join('/'), text(a.zipcode, 12) && `CEP ${text(a.zipcode, 12)}`];
  return parts.filter(Boolean).join(' — ').slice(0, 500) || null;
}

/** Nuvemshop's order in Sede's words (decision 0681): statuses mapped, amounts ("120.50") in cents. */
export function fromNuvemshop(o: NuvemshopOrder): IncomingOrder {
  const placedAt = when(o.created_at) ?? new Date();
  const items = (o.products ?? []).map((p) => ({
    externalId: text(p.variant_id ?? p.product_id ?? p.id, 60),
    sku: text(p.sku, 80),
    name: text(p.name, 300) ?? 'Produto',
    quantity: Math.max(1, Math.round(Number(p.quantity) || 1)),
    unitPriceCents: cents(p.price),
  }));
  const shipping = typeof o.shipping_option === 'string' ? o.shipping_option : o.shipping_option?.name;
  return {
    externalId: String(o.id),
    number: text(o.number, 40) ?? String(o.id),
    status: ORDER[o.status ?? ''] ?? 'open',
    paymentStatus: PAYMENT[o.payment_status ?? ''] ?? 'pending',
    fulfillmentStatus: SHIPPING[o.shipping_status ?? ''] ?? 'unpacked',
    currency: text(o.currency, 3) ?? 'BRL',
    subtotalCents: cents(o.subtotal),
    discountCents: cents(o.discount),
    shippingCents: cents(o.shipping_cost_customer),
    totalCents: cents(o.total),
    feeCents: 0,
    buyer: {
      name: text(o.customer?.name ?? o.contact_name, 200) ?? 'Cliente da loja',
      email: text(o.customer?.email ?? o.contact_email, 200)?.toLowerCase() ?? null,
      phone: text(o.customer?.phone ?? o.contact_phone, 40),
      document: documentDigits(o.customer?.identification ?? o.contact_identification),
    },
    shippingMethod: text(shipping, 200),
    shippingAddress: address(o.shipping_address),
    paymentMethod: text(o.gateway_name ?? o.gateway, 120),
    placedAt,
    paidAt: when(o.paid_at),
    cancelledAt: when(o.cancelled_at),
    items,
  };
}
