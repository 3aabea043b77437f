import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { Services, Tenant } from '../../../services.ts';
import { cents, text } from '../incoming.ts';
import { nuvemshopApi, PER_PAGE, type StoreAuth } from '../nuvemshop/public.ts';
import { databaseNow, type IncomingProduct, pruneStoreProducts, removeStoreProducts, upsertStoreProducts } from './store-products.ts';

const { ecommerceProducts: P } = schema;

type Localized = string | Record<string, string | undefined> | null | undefined;

/** The parts of Nuvemshop's Product resource Sede reads (REST API v1): each variant carries its SKU, price and stock. */
export type NuvemshopProduct = {
  id: number | string;
  name?: Localized;
  variants?: Array<{ id: number | string; product_id?: number | string; sku?: string | null; price?: string | number | null; stock?: number | string | null; stock_management?: boolean; values?: Localized[] }>;
};

const localized = (v: Localized): string | null => (typeof v === 'string' ? v : v ? (v.pt ?? Object.values(v).find(Boolean) ?? null) : null);

/** A Nuvemshop product as Sede's rows: one per variant (decision 0687), named with its values ("Camiseta — P / Azul"). */
export function fromNuvemshopProduct(p: NuvemshopProduct): IncomingProduct[] {
  const name = text(localized(p.name), 240) ?? 'Produto';
  return (p.variants ?? []).map((v) => {
    const values = (v.values ?? []).map((x) => text(localized(x), 40)).filter(Boolean);
    const stock = v.stock_management === false || v.stock === null || v.stock === undefined ? null : Math.max(0, Math.round(Number(v.stock) || 0));
    return {
      externalId: String(v.id),
      parentId: String(p.id),
      sku: text(v.sku, 80),
      name: values.length ? `${name} — ${values.join(' / ')}`.slice(0, 300) : name,
      priceCents: cents(v.price),
      stock,
    };
  });
}

/**
 * The store's catalogue page by page (Nuvemshop answers 404 past the last page), each page one
 * multi-row upsert. A full read (no `since`) then removes what the store no longer has.
 */
export async function importNuvemshopCatalogue(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, storeId: string, auth: StoreAuth, since?: Date): Promise<number> {
  const started = await databaseNow(tenant);
  let done = 0;
  for (let page = 1; page <= 10_000; page++) {
    const filter = since ? `&updated_at_min=${encodeURIComponent(since.toISOString())}` : '';
    const res = await nuvemshopApi<NuvemshopProduct[]>(s, auth, `products?per_page=${PER_PAGE}&page=${page}${filter}`, { allow404: true });
    if (!res || !Array.isArray(res.data)) break;
    done += await upsertStoreProducts(tenant, storeId, res.data.flatMap(fromNuvemshopProduct));
    if (res.data.length < PER_PAGE) break;
  }
  if (!since) await pruneStoreProducts(tenant, storeId, started);
  return done;
}

/** product/created, product/updated, product/deleted: the product fetched and its variants written (a 404 there removes it). */
export async function syncNuvemshopProduct(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, storeId: string, auth: StoreAuth, productId: string, deleted: boolean): Promise<void> {
  const res = deleted ? null : await nuvemshopApi<NuvemshopProduct>(s, auth, `products/${productId}`, { allow404: true });
  if (!res) {
    await removeStoreProducts(tenant, storeId, { parentId: productId });
    return;
  }
  const variants = fromNuvemshopProduct(res.data);
  await tenant.db.transaction(async (db) => {
    const inTx = { db: db as unknown as Tenant['db'], companyId: tenant.companyId };
    await upsertStoreProducts(inTx, storeId, variants);
    // A variant the product no longer has goes.
    const keep = new Set(variants.map((v) => v.externalId));
    const current = await db
      .select({ externalId: P.externalId })
      .from(P)
      .where(and(eq(P.companyId, tenant.companyId), eq(P.storeId, storeId), eq(P.externalParentId, productId)));
    const gone = current.map((c) => c.externalId).filter((id) => !keep.has(id));
    if (gone.length) await removeStoreProducts(inTx, storeId, { externalIds: gone });
  });
}

/** PUT /products/{product_id}/variants/{id} with the price (decimal string) and the stock (null: unlimited); Nuvemshop's answer. */
export async function pushNuvemshopVariant(s: Services, auth: StoreAuth, parentId: string, variantId: string, v: { priceCents: number; stock: number | null }): Promise<{ priceCents: number; stock: number | null }> {
  const res = await nuvemshopApi<NonNullable<NuvemshopProduct['variants']>[number]>(s, auth, `products/${encodeURIComponent(parentId)}/variants/${encodeURIComponent(variantId)}`, {
    method: 'PUT',
    json: { price: (v.priceCents / 100).toFixed(2), stock: v.stock },
  });
  const d = res!.data;
  return { priceCents: d.price === undefined ? v.priceCents : cents(d.price), stock: d.stock === undefined ? v.stock : d.stock === null ? null : Math.round(Number(d.stock)) };
}
