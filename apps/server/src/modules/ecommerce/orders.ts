import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { schema, type Database, type DbOrTx } from '@sede/db/client';
import { orderSearchText } from '@sede/db/schema/ecommerce';
import { foldSearch } from '@sede/db/search';
import { ECOMMERCE_MESSAGES as M, ORDER_COUNT_CAP, type OrderDetail, type OrderListItem, type OrderListQuery, type OrderPage, type Provider } from '@sede/shared/ecommerce/schemas';
import { decodeCursor, encodeCursor } from '../../platform/cursor.ts';
import { type Announcement, announceAll, deferAnnouncements } from '../../platform/live/announce.ts';
import { foundOr404, systemTenant, type SystemReason } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { getEntry } from '../finance/public.ts';
import type { IncomingOrder } from './incoming.ts';
import { ClaimLost, commitSetting, intoSede, salesCategorySql, type StoreRef } from './into-sede.ts';

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

/** What the order's `items_hash` keeps (decision 0748): the items as the store sent them, in its order. */
export const itemsHash = (o: IncomingOrder) =>
  createHash('sha256')
    .update(JSON.stringify(o.items.map((i) => [i.externalId, i.sku, i.name, i.quantity, i.unitPriceCents])))
    .digest('base64url');

const itemsInsert = (orderId: SQL, companyId: SQL, rows: ReturnType<typeof orderItemRows>) => sql`
    INSERT INTO ${I} (company_id, order_id, position, external_id, sku, name, quantity, unit_price_cents, total_cents)
    SELECT ${companyId}, ${orderId}, x.position, x."externalId", x.sku, x.name, x.quantity, x."unitPriceCents", x."totalCents"
      FROM json_to_recordset(${JSON.stringify(rows.map(({ companyId: _c, orderId: _o, ...item }) => item))}::json)
        AS x(position int, "externalId" text, sku text, name text, quantity int, "unitPriceCents" int, "totalCents" int)`;

type OrderRow = typeof O.$inferSelect;
const orderColumns = Object.entries(getTableColumns(O));
/** A row of `ecommerce_orders` as raw SQL answers it (column names, the driver's values) in Drizzle's shape. */
const toOrderRow = (r: Record<string, unknown>): OrderRow =>
  Object.fromEntries(orderColumns.map(([key, col]) => [key, r[col.name] === null ? null : col.mapFromDriverValue(r[col.name])])) as OrderRow;

/**
 * The order's row as the store has it, in one statement outside any transaction (decision 0748): inserted
 * with its items when new; updated only when a column differs (a repeated delivery writes nothing);
 * answered as it now is, with whether this statement wrote it. The items of an order already here are
 * never touched by this statement: its snapshot predates the row lock it may wait for (see `replaceItems`).
 * An order the store says is paid also reads, when its row has no receivable yet, the sales category its
 * receivable will take (decision 0775): one round trip fewer than asking it in the transaction.
 */
async function writeOrder(
  t: Tenant,
  store: StoreRef,
  o: IncomingOrder,
  hash: string,
  asyncCommit: boolean,
): Promise<{ row: OrderRow; created: boolean; written: boolean; salesCategoryId: string | null } | null> {
  const values = orderValues(o);
  const category = (alias: string) =>
    o.paymentStatus === 'paid' && o.status !== 'cancelled' ? sql`CASE WHEN ${sql.raw(alias)}.receivable_id IS NULL THEN ${salesCategorySql(t)} END` : sql`NULL::uuid`;
  const keys = Object.keys(values) as (keyof typeof values)[];
  const names = keys.map((k) => O[k].name);
  const list = (prefix: string) => sql.raw(names.map((n) => `${prefix}"${n}"`).join(', '));
  const { rows } = await t.db.execute<Record<string, unknown>>(sql`
    WITH async AS (SELECT ${commitSetting(asyncCommit)}),
    up AS (
      INSERT INTO ${O} (company_id, store_id, external_id, items_hash, ${list('')})
      VALUES (${store.companyId}, ${store.id}, ${o.externalId}, ${hash}, ${sql.join(
        keys.map((k) => sql`${values[k]}`),
        sql`, `,
      )})
      ON CONFLICT (store_id, external_id) DO UPDATE SET ${sql.raw(names.map((n) => `"${n}" = excluded."${n}"`).join(', '))}, updated_at = now()
        WHERE (${list('ecommerce_orders.')}) IS DISTINCT FROM (${list('excluded.')})
      RETURNING *, (xmax = 0) AS created
    ),
    items AS (${itemsInsert(sql`up.id`, sql`up.company_id`, orderItemRows(store.companyId, '', o))} CROSS JOIN up WHERE up.created)
    SELECT up.*, true AS written, ${category('up')} AS sales_category_id FROM up, async
    UNION ALL
    SELECT o.*, false, false, ${category('o')} FROM ${O} o, async WHERE o.store_id = ${store.id} AND o.external_id = ${o.externalId} AND NOT EXISTS (SELECT 1 FROM up)`);
  const r = rows[0];
  return r ? { row: toOrderRow(r), created: r.created === true, written: r.written === true, salesCategoryId: (r.sales_category_id as string | null) ?? null } : null;
}

/**
 * The order's items as the store has them now, the old ones gone and the hash kept (decision 0748), under
 * the order's row lock taken by the statement before: this statement's snapshot then sees the items of
 * every writer before it (a concurrent delivery of the same order never leaves two sets). Nothing when
 * another delivery has already written these items.
 */
async function replaceItems(db: DbOrTx, store: StoreRef, id: string, o: IncomingOrder, hash: string, asyncCommit: boolean): Promise<boolean> {
  const {
    rows: [locked],
  } = await db.execute<{ items_hash: string | null }>(sql`SELECT items_hash, ${commitSetting(asyncCommit)} FROM ${O} WHERE id = ${id} FOR UPDATE`);
  if (!locked || locked.items_hash === hash) return false;
  await db.execute(sql`
    WITH gone AS (DELETE FROM ${I} WHERE ${I.orderId} = ${id}),
    mark AS (UPDATE ${O} SET items_hash = ${hash} WHERE id = ${id})
    ${itemsInsert(sql`${id}::uuid`, sql`${store.companyId}::uuid`, orderItemRows(store.companyId, id, o))}`);
  return true;
}

/** Whether an order, as its row stands, still has to become something in the rest of Sede (a receivable, a reversal). */
export const needsEffects = (o: OrderRow) =>
  (o.paymentStatus === 'paid' && o.status !== 'cancelled' && !o.receivableId && o.totalCents > 0) ||
  ((o.status === 'cancelled' || o.paymentStatus === 'refunded' || o.paymentStatus === 'voided') && o.receivableId !== null);

/**
 * An order from its store, written once per (store, order id) and updated in place (decision 0681).
 * Decision 0748: the row (and a new order's items) in one statement without a transaction; a repeated
 * delivery stops there. The items of a known order are replaced only when their hash differs, under
 * the row's lock; what the order becomes in the rest of Sede (decision 0682) is written in a
 * transaction only when the row needs it, and claimed on the row at its end (`intoSede`), so two
 * deliveries of the same paid order never write two receivables (the second one's work is rolled back).
 */
export async function applyOrder(s: Services, store: StoreRef, o: IncomingOrder, reason: SystemReason): Promise<{ id: string; created: boolean }> {
  const tenant = systemTenant(s, store.companyId, reason);
  // A delivery (webhook, notification) commits without waiting for the disk (decision 0744): a crash
  // can forget its last few milliseconds, never past the store's durable sync mark, and the catch-up
  // reads again every order changed since that mark (less ten minutes); the import stays durable.
  const asyncCommit = reason === 'webhook';
  const hash = itemsHash(o);
  const written = (await writeOrder(tenant, store, o, hash, asyncCommit)) ?? { row: await readOrder(tenant, store, o.externalId), created: false, written: false, salesCategoryId: null };
  const { row, created, salesCategoryId } = written;
  let changed = written.written;
  const later: Announcement[] = [];
  const effects = needsEffects(row);
  if (row.itemsHash !== hash || effects) {
    // Drizzle's own transaction: finance's and parties' nested transactions become savepoints of it. Its
    // announcements (a new customer's, a settled receivable's) go after the commit (decisions 0765, 0740).
    const applied = await tenant.db
      .transaction(async (db) => {
        deferAnnouncements(db, later);
        const items = row.itemsHash !== hash && (await replaceItems(db, store, row.id, o, hash, asyncCommit));
        if (effects) await intoSede(s, inTx(db, tenant), store, [row], { asyncCommit, unlocked: true, salesCategoryId });
        return items || effects;
      })
      .catch((e: unknown) => {
        // Another delivery of the same order claimed it first: its work stands, this one's was rolled back.
        if (!(e instanceof ClaimLost)) throw e;
        later.length = 0;
        return false;
      });
    changed ||= applied;
  }
  if (changed) later.push({ companyId: store.companyId, entity: ORDER_ENTITY, id: row.id, action: created ? 'created' : 'updated' });
  if (later.length) {
    const sent = announceAll(tenant.db, later).catch((e: Error) => console.error('[live] announcement after commit failed:', e.message));
    // A delivery's answer does not wait for its announcement (decision 0775): what it acknowledges is committed
    // before, and a live page hears of it as soon; an import's page or a resync still waits for it.
    if (!asyncCommit) await sent;
  }
  return { id: row.id, created };
}

/** The order's row when `writeOrder` answered none: another delivery inserted it after that statement's snapshot, with the same values. */
async function readOrder(t: Tenant, store: StoreRef, externalId: string): Promise<OrderRow> {
  const [row] = await t.db.select().from(O).where(and(eq(O.companyId, t.companyId), eq(O.storeId, store.id), eq(O.externalId, externalId)));
  if (!row) throw new Error(`ecommerce: order ${externalId} of store ${store.id} neither written nor found`);
  return row;
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

