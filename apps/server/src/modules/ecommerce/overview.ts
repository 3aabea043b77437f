import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { type Overview, type OverviewQuery, PRODUCT_MESSAGES as M } from '@sede/shared/ecommerce/products';
import type { Provider } from '@sede/shared/ecommerce/schemas';
import { addDays, isIsoDate, TIME_ZONE, todayInBrazil } from '@sede/shared/platform/calendar';
import { badRequest } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';

const { ecommerceOrders: O, ecommerceOrderItems: I, ecommerceStores: S } = schema;
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const TOP_PRODUCTS = 10;

/** Paid and not cancelled: a sale (decision 0689). */
const isSale = sql`(${O.paymentStatus} = 'paid' AND ${O.status} <> 'cancelled')`;
const isCancelled = sql`(${O.status} = 'cancelled')`;
const int = (expr: SQL) => sql<number>`(${expr})::int`.mapWith(Number);
// Sums of cents can pass int4 over a year: bigint, read back as a number.
const cents = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
const dayOf = sql<string>`to_char((${O.placedAt} AT TIME ZONE ${sql.raw(`'${TIME_ZONE}'`)})::date, 'YYYY-MM-DD')`;

function period(q: OverviewQuery): { from: string; to: string } {
  const to = q.to ?? todayInBrazil();
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (!isIsoDate(from) || !isIsoDate(to)) throw badRequest(M.period, 'BAD_PERIOD');
  if (from > to) throw badRequest(M.periodOrder, 'BAD_PERIOD');
  if (addDays(from, MAX_DAYS) <= to) throw badRequest(M.periodLong, 'BAD_PERIOD');
  return { from, to };
}

/**
 * The area's overview for a period of days in Brazil's time (decision 0689): orders, sales (paid,
 * not cancelled), average ticket, cancellations and fees; sales by day, by store, and the best
 * selling products. Aggregated in SQL over the company's orders (the (company, placed at) index).
 */
export async function getOverview(t: Tenant, q: OverviewQuery): Promise<Overview> {
  const { from, to } = period(q);
  const inPeriod = and(
    eq(O.companyId, t.companyId),
    gte(O.placedAt, sql`(${from}::date)::timestamp AT TIME ZONE ${sql.raw(`'${TIME_ZONE}'`)}`),
    lt(O.placedAt, sql`((${to}::date + 1)::timestamp) AT TIME ZONE ${sql.raw(`'${TIME_ZONE}'`)}`),
  );
  const [[totals], byDay, channels, top] = await Promise.all([
    t.db
      .select({
        orders: int(sql`count(*)`),
        paidOrders: int(sql`count(*) FILTER (WHERE ${isSale})`),
        revenueCents: cents(sql`sum(${O.totalCents}) FILTER (WHERE ${isSale})`),
        cancelledOrders: int(sql`count(*) FILTER (WHERE ${isCancelled})`),
        cancelledCents: cents(sql`sum(${O.totalCents}) FILTER (WHERE ${isCancelled})`),
        feeCents: cents(sql`sum(${O.feeCents}) FILTER (WHERE ${isSale})`),
      })
      .from(O)
      .where(inPeriod),
    t.db
      .select({ date: dayOf, orders: int(sql`count(*)`), revenueCents: cents(sql`sum(${O.totalCents})`) })
      .from(O)
      .where(and(inPeriod, isSale))
      .groupBy(dayOf),
    t.db
      .select({
        storeId: O.storeId,
        storeName: S.name,
        provider: S.provider,
        orders: int(sql`count(*) FILTER (WHERE ${isSale})`),
        revenueCents: cents(sql`sum(${O.totalCents}) FILTER (WHERE ${isSale})`),
        cancelledOrders: int(sql`count(*) FILTER (WHERE ${isCancelled})`),
        feeCents: cents(sql`sum(${O.feeCents}) FILTER (WHERE ${isSale})`),
      })
      .from(O)
      .innerJoin(S, eq(S.id, O.storeId))
      .where(inPeriod)
      .groupBy(O.storeId, S.name, S.provider)
      .orderBy(desc(sql`4`), S.name),
    t.db
      .select({
        sku: I.sku,
        name: sql<string>`min(${I.name})`,
        quantity: int(sql`sum(${I.quantity})`),
        revenueCents: cents(sql`sum(${I.totalCents})`),
      })
      .from(I)
      .innerJoin(O, eq(O.id, I.orderId))
      .where(and(inPeriod, isSale, eq(I.companyId, t.companyId)))
      // The same SKU is one product whatever its name in each order; without one, its name.
      .groupBy(I.sku, sql`CASE WHEN ${I.sku} IS NULL THEN ${I.name} END`)
      .orderBy(desc(sql`4`), desc(sql`3`))
      .limit(TOP_PRODUCTS),
  ]);
  const t0 = totals!;
  const sales = new Map(byDay.map((d) => [d.date, d]));
  const days: Overview['days'] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(sales.get(d) ?? { date: d, orders: 0, revenueCents: 0 });
  return {
    from,
    to,
    totals: { ...t0, averageTicketCents: t0.paidOrders ? Math.round(t0.revenueCents / t0.paidOrders) : 0 },
    days,
    channels: channels.map((c) => ({ ...c, provider: c.provider as Provider })),
    topProducts: top,
  };
}
