import { systemTenant, type SystemReason } from '../../../platform/tenant.ts';
import type { Services } from '../../../services.ts';
import { storeAuth, type StoreRow } from '../stores.ts';
import { importNuvemshopCatalogue, syncNuvemshopProduct } from './nuvemshop.ts';

/** Nuvemshop's product events (decision 0687): each fetches the product and writes its variants. */
export const PRODUCT_EVENTS = ['product/created', 'product/updated', 'product/deleted'] as const;

/**
 * A store's catalogue read on connection (all of it, what the store no longer has removed) and by
 * the catch-up (what changed since `since`). Only Nuvemshop here; another platform's module calls
 * `upsertStoreProducts` itself.
 */
export async function importCatalogue(s: Services, row: StoreRow, reason: SystemReason, since?: Date): Promise<number> {
  if (row.provider !== 'nuvemshop') return 0;
  return importNuvemshopCatalogue(s, systemTenant(s, row.companyId, reason), row.id, storeAuth(s, row), since);
}

/** A product webhook of a store connected here (its signature already checked). */
export async function applyProductEvent(s: Services, row: StoreRow, event: string, productId: string): Promise<void> {
  if (!/^\d{1,20}$/.test(productId)) return;
  await syncNuvemshopProduct(s, systemTenant(s, row.companyId, 'webhook'), row.id, storeAuth(s, row), productId, event === 'product/deleted');
}
