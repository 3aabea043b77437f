import type { SystemReason } from '../../../platform/tenant.ts';
import type { Services } from '../../../services.ts';
import type { StoreAuth } from '../http.ts';
import type { StoreRef } from '../into-sede.ts';
import { applyOrder } from '../orders.ts';
import type { SyncOptions } from '../provider.ts';
import { mercadolivreApi } from './client.ts';
import { fromMercadoLivre, type MercadoLivreOrder } from './orders.ts';

/** Mercado Livre's largest page of /orders/search. */
export const PAGE_LIMIT = 50;

type SearchPage = { results?: MercadoLivreOrder[]; paging?: { total?: number; offset?: number; limit?: number } };

/** One order fetched and applied in place; a 404 there changes nothing. */
export async function syncOrder(s: Services, store: StoreRef, auth: StoreAuth, orderId: string, reason: SystemReason): Promise<boolean> {
  if (!/^\d{1,20}$/.test(orderId)) return false;
  const order = await mercadolivreApi<MercadoLivreOrder>(s, auth, `orders/${orderId}`, { allow404: true });
  if (!order) return false;
  await applyOrder(s, store, fromMercadoLivre(order), reason);
  return true;
}

/**
 * The seller's orders created (import) or changed (catch-up) since `since`, oldest first with
 * offset paging (decision 0684): an order placed during the import lands after the last page
 * instead of shifting one already read onto the next page.
 */
export async function syncOrdersSince(s: Services, store: StoreRef, auth: StoreAuth, o: SyncOptions): Promise<number> {
  const field = o.changed === 'created' ? 'order.date_created.from' : 'order.date_last_updated.from';
  let done = 0;
  for (let offset = 0; offset < 100_000; offset += PAGE_LIMIT) {
    const q = new URLSearchParams({ seller: auth.storeId, [field]: o.since.toISOString(), sort: 'date_asc', offset: String(offset), limit: String(PAGE_LIMIT) });
    const page = await mercadolivreApi<SearchPage>(s, auth, `orders/search?${q.toString()}`);
    const results = Array.isArray(page?.results) ? page.results : [];
    for (const order of results) {
      await applyOrder(s, store, fromMercadoLivre(order), o.reason);
      done++;
    }
    const total = Number(page?.paging?.total);
    o.onPage?.(done, Number.isFinite(total) ? total : null);
    if (results.length < PAGE_LIMIT || (Number.isFinite(total) && offset + PAGE_LIMIT >= total)) break;
  }
  return done;
}
