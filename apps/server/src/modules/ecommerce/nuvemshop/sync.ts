import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { conflict } from '../../../http/errors.ts';
import type { SystemReason } from '../../../platform/tenant.ts';
import type { Services } from '../../../services.ts';
import { applyOrders } from '../apply-batch.ts';
import { applyOrder } from '../orders.ts';
import type { StoreRef } from '../into-sede.ts';
import { nuvemshopApi, type StoreAuth } from './client.ts';
import { fromNuvemshop, type NuvemshopOrder } from './orders.ts';

/** Nuvemshop's largest page of orders. */
export const PER_PAGE = 200;
/** The events Sede listens to (decisions 0681, 0687). */
export const WEBHOOK_EVENTS = ['order/created', 'order/paid', 'order/cancelled', 'order/updated', 'product/created', 'product/updated', 'product/deleted', 'app/uninstalled'] as const;

/** One order fetched from the store and applied; a 404 there (deleted) changes nothing. */
export async function syncOrder(s: Services, store: StoreRef, auth: StoreAuth, orderId: string, reason: SystemReason): Promise<boolean> {
  if (!/^\d{1,20}$/.test(orderId)) throw conflict(M.orderNotFound, 'NUVEMSHOP_BAD_ORDER_ID');
  const res = await nuvemshopApi<NuvemshopOrder>(s, auth, `orders/${orderId}`, { allow404: true });
  if (!res) return false;
  await applyOrder(s, store, fromNuvemshop(res.data), reason);
  return true;
}

/**
 * Every order created (or, for the catch-up, updated) since `since`, page by page, each applied
 * in place; `onPage` hears how far it went (Nuvemshop's x-total-count is the total). Nuvemshop
 * answers 404 for the page after the last.
 */
export async function syncOrdersSince(
  s: Services,
  store: StoreRef,
  auth: StoreAuth,
  since: Date,
  o: { field: 'created_at_min' | 'updated_at_min'; reason: SystemReason; onPage?: (done: number, total: number | null) => void },
): Promise<number> {
  let done = 0;
  let total: number | null = null;
  for (let page = 1; page <= 10_000; page++) {
    const res = await nuvemshopApi<NuvemshopOrder[]>(s, auth, `orders?per_page=${PER_PAGE}&page=${page}&${o.field}=${encodeURIComponent(since.toISOString())}`, { allow404: true });
    if (!res || !Array.isArray(res.data)) break;
    total ??= Number(res.headers.get('x-total-count')) || null;
    // A page at a time, in one transaction (decision 0687).
    done += await applyOrders(s, store, res.data.map(fromNuvemshop), o.reason);
    o.onPage?.(done, total);
    if (res.data.length < PER_PAGE) break;
  }
  return done;
}
