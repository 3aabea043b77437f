import type { FulfillmentStatus, OrderStatus, PaymentStatus } from '@sede/shared/ecommerce/schemas';

/** An order as any provider's mapper gives it to `applyOrder` (decision 0681): money in cents, dates parsed. */
export type IncomingOrder = {
  externalId: string;
  number: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  fulfillmentStatus: FulfillmentStatus;
  currency: string;
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  /** What the marketplace keeps of the sale (decision 0682); 0 when the provider does not say. */
  feeCents: number;
  buyer: { name: string; email: string | null; phone: string | null; document: string | null };
  shippingMethod: string | null;
  shippingAddress: string | null;
  paymentMethod: string | null;
  placedAt: Date;
  paidAt: Date | null;
  cancelledAt: Date | null;
  items: Array<{ externalId: string | null; sku: string | null; name: string; quantity: number; unitPriceCents: number }>;
};

/** One sellable thing of a store in Sede's words, whichever platform lists it (decisions 0685, 0687): a Nuvemshop variant, a Mercado Livre item; price in cents, stock in units. */
export type IncomingProduct = {
  externalId: string;
  sku: string | null;
  name: string;
  priceCents: number;
  stock: number | null;
  /** The product a variant belongs to, where the platform has one (Nuvemshop). */
  parentId?: string | null;
};

/** A decimal amount as the APIs send it ("120.50", 120.5) in cents; anything else 0. */
export function cents(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.replace(',', '.')) : Number.NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

/** A date the APIs send ("2026-11-20T14:03:00+0000", ISO 8601), or null. */
export function when(v: unknown): Date | null {
  if (typeof v !== 'string' || !v) return null;
  const d = new Date(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Text the APIs send, trimmed to `max`, or null. */
export function text(v: unknown, max = 300): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  // Control characters never reach a column (a store's free text is outside our validation).
  const t = String(v).replace(/\p{Cc}/gu, ' ').trim();
  return t ? t.slice(0, max) : null;
}

/** A CPF (11) or CNPJ (14) in digits, or null. */
export function documentDigits(v: unknown): string | null {
  const d = (text(v, 40) ?? '').replace(/\D/g, '');
  return d.length === 11 || d.length === 14 ? d : null;
}
