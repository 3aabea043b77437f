import { and, asc, count, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database, type DbOrTx } from '@sede/db/client';
import { orderSearchText } from '@sede/db/schema/ecommerce';
import { foldSearch } from '@sede/db/search';
import { ECOMMERCE_MESSAGES as M, ORDER_COUNT_CAP, type OrderDetail, type OrderListItem, type OrderListQuery, type OrderPage, type Provider } from '@sede/shared/ecommerce/schemas';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { announce, announcedAfterCommit, deferAnnouncements } from '../../platform/live/announce.ts';
import { foundOr404, systemTenant, type SystemReason } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { getEntry } from '../finance/public.ts';
import type { IncomingOrder } from './incoming.ts';
import { intoSede, type StoreRef } from './into-sede.ts';

const { ecommerceOrders: O, ecommerceOrderItems: I, ecommerceStores: S } = schema;
export const ORDER_ENTITY = 'ecommerce_order';
export const PAGE_SIZE = 50;

/** Finance's and parties' functions open their transaction on the tenant's db: here a savepoint of ours. */
export const inTx = (db: DbOrTx, tenant: Tenant): Tenant => ({ ...tenant, db: db as unknown as Database });

/** The columns an incoming order sets on its row, on insert and on update alike. */
export const orderValues = (o: IncomingOrder) => ({
    number: o.number,
    status: o.status,
    paymentStatus: o.paymentStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    totalCents: o.totalCents,
    feeCents: o.feeCents,
    buyerName: o.buyer.name,
    buyerEmail: o.buyer.email,
    buyerPhone: o.buyer.phone,
    buyerDocument: o.buyer.document,
    shippingMethod: o.shippingMethod,
    shippingAddress: o.shippingAddress,
    paymentMethod: o.paymentMethod,
    placedAt: o.placedAt,
    paidAt: o.paidAt,
    cancelledAt: o.cancelledAt,
});

/** An order's item rows, numbered in the store's order. */
export const orderItemRows = (companyId: string, orderId: string, o: IncomingOrder) =>
  o.items.map((item, position) => ({ companyId, orderId, position, ...item, totalCents: item.unitPriceCents * item.quantity }));

/**
 * The order's items as the store has them now, the old ones gone, in one statement (decision 0744:
 * a webhook's round trips). `asyncCommit`: the transaction commits without waiting for its WAL
 * flush (set here, for this transaction only): a store's copy, which the catch-up reads again;
 * otherwise the server's own setting stands.
 */
async function replaceItems(db: DbOrTx, companyId: string, orderId: string, o: IncomingOrder, asyncCommit: boolean): Promise<void> {
  await db.execute(sql`
    WITH async AS (SELECT set_config('synchronous_commit', CASE WHEN ${asyncCommit}::boolean THEN 'off' ELSE current_setting('synchronous_commit') END, true)),
    gone AS (DELETE FROM ${I} WHERE ${I.orderId} = ${orderId} AND EXISTS (SELECT 1 FROM async))
    INSERT INTO ${I} (company_id, order_id, position, external_id, sku, name, quantity, unit_price_cents, total_cents)
    SELECT ${companyId}, ${orderId}, x.position, x."externalId", x.sku, x.name, x.quantity, x."unitPriceCents", x."totalCents"
      FROM json_to_recordset(${JSON.stringify(orderItemRows(companyId, orderId, o))}::json)
        AS x(position int, "externalId" text, sku text, name text, quantity int, "unitPriceCents" int, "totalCents" int)`);
}

/**
 * An order from its store, written once per (store, order id) and updated in place (decision
 * 0681): the row, its items, and what it becomes in the rest of Sede, in one transaction that
 * holds the order's row, so a webhook and the import applying the same order queue behind each other.
 */
export async function applyOrder(s: Services, store: StoreRef, o: IncomingOrder, reason: SystemReason): Promise<{ id: string; created: boolean }> {
  const tenant = systemTenant(s, store.companyId, reason);
  // Drizzle's own transaction: finance's and parties' nested transactions become savepoints of it. Its
  // announcements (the order's, a new customer's, a settled receivable's) go after the commit, so
  // webhooks applied side by side do not queue on the notify lock (decisions 0765, 0740).
  return announcedAfterCommit(tenant.db, (later) => tenant.db.transaction(async (db) => {
    deferAnnouncements(db, later);
    const values = orderValues(o);
    const [row] = await db
      .insert(O)
      .values({ companyId: store.companyId, storeId: store.id, externalId: o.externalId, ...values })
      .onConflictDoUpdate({ target: [O.storeId, O.externalId], set: { ...values, updatedAt: new Date() } })
      .returning({ ...getTableColumns(O), created: sql<boolean>`(xmax = 0)` });
    // The upserted row as written: what it becomes in the rest of Sede reads it, without a second select.
    const { created, ...current } = row!;
    const id = current.id;
    // A delivery (webhook, notification) commits without waiting for the disk (decision 0744): a crash
    // can forget its last few milliseconds, never past the store's durable sync mark, and the catch-up
    // reads again every order changed since that mark (less ten minutes); the import stays durable.
    await replaceItems(db, store.companyId, id, o, reason === 'webhook');
    await intoSede(s, inTx(db, tenant), store, [current]);
    await announce(db, { companyId: store.companyId, entity: ORDER_ENTITY, id, action: created ? 'created' : 'updated' });
    return { id, created };
  }));
}

/** The buyer by word prefix ('ana sil' finds Ana da Silva, 'gmail' her e-mail), or the order by its number (decision 0752). */
function searchWhere(q: string): SQL {
  const byNumber = eq(O.number, q.trim().replace(/^#/, ''));
  const words = (foldSearch(q).match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
  if (!words.length) return byNumber;
  const tsq = words.map((w) => `${w}:*`).join(' & ');
  return or(sql`to_tsvector('simple', ${orderSearchText(O.buyerName, O.buyerEmail)}) @@ to_tsquery('simple', ${tsq})`, byNumber)!;
}

function listWhere(t: Tenant, q: OrderListQuery): SQL {
  return and(
    eq(O.companyId, t.companyId),
    q.q ? searchWhere(q.q) : undefined,
    q.storeId ? eq(O.storeId, q.storeId) : undefined,
    q.status ? eq(O.status, q.status) : undefined,
    q.payment ? eq(O.paymentStatus, q.payment) : undefined,
    q.from ? gte(O.placedAt, sql`(${q.from}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`) : undefined,
    q.to ? lt(O.placedAt, sql`((${q.to}::date + 1)::timestamp) AT TIME ZONE 'America/Sao_Paulo'`) : undefined,
  )!;
}

const listColumns = {
  id: O.id,
  storeId: O.storeId,
  storeName: S.name,
  provider: S.provider,
  number: O.number,
  placedAt: O.placedAt,
  buyerName: O.buyerName,
  totalCents: O.totalCents,
  status: O.status,
  paymentStatus: O.paymentStatus,
  fulfillmentStatus: O.fulfillmentStatus,
};
type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] };

const toListItem = (r: ListRow): OrderListItem => ({
  ...r,
  provider: r.provider as Provider,
  placedAt: r.placedAt.toISOString(),
  status: r.status as OrderListItem['status'],
  paymentStatus: r.paymentStatus as OrderListItem['paymentStatus'],
  fulfillmentStatus: r.fulfillmentStatus as OrderListItem['fulfillmentStatus'],
});

/** The company's orders, newest first, 50 at a time by keyset (placed at, id); `total` stops at ORDER_COUNT_CAP + 1 and is given with the first page only. */
export async function listOrders(t: Tenant, q: OrderListQuery): Promise<OrderPage> {
  const where = listWhere(t, q);
  let after: SQL | undefined;
  if (q.cursor) {
    const [ms, id] = decodeCursor(q.cursor, M.cursor, 'BAD_CURSOR');
    const at = new Date(ms);
    after = or(lt(O.placedAt, at), and(eq(O.placedAt, at), lt(O.id, id)));
  }
  const [rows, counted] = await Promise.all([
    t.db
      .select(listColumns)
      .from(O)
      .innerJoin(S, eq(S.id, O.storeId))
      .where(and(where, after))
      .orderBy(desc(O.placedAt), desc(O.id))
      .limit(PAGE_SIZE + 1),
    // Counted up to one past the cap (decision 0711): a count of 200,000 rows is a scan of them all.
    // Only for the first page: the next ones are of the same list, whose count the page already has (decision 0751).
    q.cursor ? null : t.db.select({ n: count() }).from(t.db.select({ one: sql`1` }).from(O).where(where).limit(ORDER_COUNT_CAP + 1).as('capped')),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    orders: page.map(toListItem),
    nextCursor: rows.length > PAGE_SIZE && last ? encodeCursor(last.placedAt.getTime(), last.id) : null,
    total: counted ? counted[0]!.n : null,
  };
}

/** One order of the company with its items, buyer and receivable; another company's is a 404. */
export async function getOrder(t: Tenant, id: string): Promise<OrderDetail> {
  const { o, storeName, provider } = await foundOr404(id, M.orderNotFound, () =>
    t.db
      .select({ o: O, storeName: S.name, provider: S.provider })
      .from(O)
      .innerJoin(S, eq(S.id, O.storeId))
      .where(and(eq(O.companyId, t.companyId), eq(O.id, id))),
  );
  const items = await t.db.select().from(I).where(and(eq(I.companyId, t.companyId), eq(I.orderId, o.id))).orderBy(asc(I.position));
  let receivable: OrderDetail['receivable'] = null;
  if (o.receivableId) {
    const entry = await getEntry(t, o.receivableId).catch((e: unknown) => {
      if ((e as { status?: number }).status === 404) return null;
      throw e;
    });
    receivable = entry ? { id: entry.id, status: entry.status } : null;
  }
  return {
    ...toListItem({ ...o, storeName, provider }),
    currency: o.currency,
    subtotalCents: o.subtotalCents,
    discountCents: o.discountCents,
    shippingCents: o.shippingCents,
    feeCents: o.feeCents,
    buyer: { name: o.buyerName, email: o.buyerEmail, phone: o.buyerPhone, document: o.buyerDocument, personId: o.personId, organizationId: o.organizationId },
    shippingMethod: o.shippingMethod,
    shippingAddress: o.shippingAddress,
    paymentMethod: o.paymentMethod,
    paidAt: o.paidAt?.toISOString() ?? null,
    cancelledAt: o.cancelledAt?.toISOString() ?? null,
    receivable,
    items: items.map((i) => ({ id: i.id, sku: i.sku, name: i.name, quantity: i.quantity, unitPriceCents: i.unitPriceCents, totalCents: i.totalCents })),
  };
}

