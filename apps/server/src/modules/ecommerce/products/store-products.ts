import { and, asc, count, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { PRODUCT_MESSAGES as M, type ProductListQuery, type ProductPage, type StoreProduct } from '@sede/shared/ecommerce/products';
import type { Provider } from '@sede/shared/ecommerce/schemas';
import { decodeTextCursor, encodeCursor } from '../../../platform/cursor.ts';
import { announce } from '../../../platform/live/announce.ts';
import { foundOr404 } from '../../../platform/tenant.ts';
import type { Tenant } from '../../../services.ts';
import type { IncomingProduct } from '../incoming.ts';
import { storeRow } from '../stores.ts';

const { ecommerceProducts: P, ecommerceStores: S, crmProducts: C } = schema;
export const PRODUCT_ENTITY = 'ecommerce_product';
export const PRODUCT_PAGE_SIZE = 50;
/** The platforms Sede can send a price and stock to (decision 0688). */
export const PUSHABLE: ReadonlySet<string> = new Set(['nuvemshop']);

export type { IncomingProduct } from '../incoming.ts';

const UPSERT_CHUNK = 500;

/**
 * A store's products written in place by (store, external id), many rows per statement (decision
 * 0687). The store must be the tenant's (else 404). Answers how many were written.
 */
export async function upsertStoreProducts(tenant: Pick<Tenant, 'db' | 'companyId'>, storeId: string, products: IncomingProduct[]): Promise<number> {
  await storeRow(tenant as Tenant, storeId);
  // The same id twice in one statement is an error in PostgreSQL: the last one wins.
  const unique = [...new Map(products.map((p) => [p.externalId, p])).values()];
  for (let i = 0; i < unique.length; i += UPSERT_CHUNK) {
    const rows = unique.slice(i, i + UPSERT_CHUNK).map((p) => ({
      companyId: tenant.companyId,
      storeId,
      externalId: p.externalId,
      externalParentId: p.parentId ?? null,
      sku: p.sku,
      name: p.name,
      priceCents: p.priceCents,
      stock: p.stock,
    }));
    await tenant.db
      .insert(P)
      .values(rows)
      .onConflictDoUpdate({
        target: [P.storeId, P.externalId],
        set: {
          externalParentId: sql`excluded.external_parent_id`,
          sku: sql`excluded.sku`,
          name: sql`excluded.name`,
          priceCents: sql`excluded.price_cents`,
          stock: sql`excluded.stock`,
          updatedAt: sql`now()`,
        },
      });
  }
  if (unique.length) await announce(tenant.db, { companyId: tenant.companyId, entity: PRODUCT_ENTITY, id: storeId, action: 'updated' });
  return unique.length;
}

/** A product the store deleted: its rows (every variant of it) go. */
export async function removeStoreProducts(tenant: Pick<Tenant, 'db' | 'companyId'>, storeId: string, by: { parentId?: string; externalIds?: string[] }): Promise<number> {
  const match = by.parentId !== undefined ? eq(P.externalParentId, by.parentId) : inArray(P.externalId, by.externalIds?.length ? by.externalIds : ['']);
  const gone = await tenant.db
    .delete(P)
    .where(and(eq(P.companyId, tenant.companyId), eq(P.storeId, storeId), match))
    .returning({ id: P.id });
  if (gone.length) await announce(tenant.db, { companyId: tenant.companyId, entity: PRODUCT_ENTITY, id: storeId, action: 'deleted' });
  return gone.length;
}

/** After a full read of the catalogue: what the store no longer has (not written since `since`) goes. */
export async function pruneStoreProducts(tenant: Pick<Tenant, 'db' | 'companyId'>, storeId: string, since: Date): Promise<void> {
  await tenant.db.delete(P).where(and(eq(P.companyId, tenant.companyId), eq(P.storeId, storeId), lt(P.updatedAt, since)));
}

/** The database's clock, which `updated_at` is written with (for `pruneStoreProducts`). */
export async function databaseNow(tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<Date> {
  const [row] = await tenant.db
    .select({ ms: sql<number>`floor(extract(epoch from now()) * 1000)::float8`.mapWith(Number) })
    .from(S)
    .where(eq(S.companyId, tenant.companyId))
    .limit(1);
  return new Date(row?.ms ?? Date.now());
}

// ——— The list ———

const likeEscaped = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
const crmJoin = and(eq(C.companyId, P.companyId), eq(C.code, P.sku));

function listWhere(t: Tenant, q: ProductListQuery, withMatch: boolean): SQL {
  return and(
    eq(P.companyId, t.companyId),
    q.q ? or(ilike(P.sku, `%${likeEscaped(q.q)}%`), ilike(P.name, `%${likeEscaped(q.q)}%`)) : undefined,
    q.storeId ? eq(P.storeId, q.storeId) : undefined,
    withMatch && q.match === 'matched' ? isNotNull(C.id) : undefined,
    withMatch && q.match === 'unmatched' ? isNull(C.id) : undefined,
  )!;
}


const columns = {
  p: P,
  storeName: S.name,
  provider: S.provider,
  crmId: C.id,
  crmName: C.name,
  crmPrice: C.priceCents,
};
type Row = { p: typeof P.$inferSelect; storeName: string; provider: string; crmId: string | null; crmName: string | null; crmPrice: number | null };

const toProduct = (r: Row): StoreProduct => ({
  id: r.p.id,
  storeId: r.p.storeId,
  storeName: r.storeName,
  provider: r.provider as Provider,
  externalId: r.p.externalId,
  sku: r.p.sku,
  name: r.p.name,
  priceCents: r.p.priceCents,
  stock: r.p.stock,
  updatedAt: r.p.updatedAt.toISOString(),
  pushedAt: r.p.pushedAt?.toISOString() ?? null,
  crmProduct: r.crmId ? { id: r.crmId, name: r.crmName!, priceCents: Number(r.crmPrice) } : null,
  canPush: PUSHABLE.has(r.provider),
});

/** The stores' products by name, 50 at a time, each with the CRM's product of the same SKU (decision 0687). */
export async function listStoreProducts(t: Tenant, q: ProductListQuery): Promise<ProductPage> {
  let after: SQL | undefined;
  if (q.cursor) {
    const [name, id] = decodeTextCursor(q.cursor, M.cursor, 'BAD_CURSOR');
    after = or(gt(P.name, name), and(eq(P.name, name), gt(P.id, id)));
  }
  const base = () => t.db.select(columns).from(P).innerJoin(S, eq(S.id, P.storeId)).leftJoin(C, crmJoin);
  const [rows, [totals], [matched]] = await Promise.all([
    base()
      .where(and(listWhere(t, q, true), after))
      .orderBy(asc(P.name), asc(P.id))
      .limit(PRODUCT_PAGE_SIZE + 1),
    t.db.select({ n: count() }).from(P).leftJoin(C, crmJoin).where(listWhere(t, q, true)),
    t.db.select({ n: count(C.id) }).from(P).leftJoin(C, crmJoin).where(listWhere(t, q, false)),
  ]);
  const page = rows.slice(0, PRODUCT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    products: page.map(toProduct),
    nextCursor: rows.length > PRODUCT_PAGE_SIZE && last ? encodeCursor(last.p.name, last.p.id) : null,
    total: totals!.n,
    matched: matched!.n,
  };
}

/** One product of the company with its store and CRM match; another company's is a 404. */
export async function storeProduct(t: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<StoreProduct> {
  const row = await foundOr404(id, M.productNotFound, () =>
    t.db
      .select(columns)
      .from(P)
      .innerJoin(S, eq(S.id, P.storeId))
      .leftJoin(C, crmJoin)
      .where(and(eq(P.companyId, t.companyId), eq(P.id, id))),
  );
  return toProduct(row);
}
