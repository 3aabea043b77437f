import { inArray, type SQL, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { announce, announcedAfterCommit, deferAnnouncements } from '../../platform/live/announce.ts';
import { systemTenant, type SystemReason } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import type { IncomingOrder } from './incoming.ts';
import { intoSede, type StoreRef } from './into-sede.ts';
import { inTx, itemsHash, needsEffects, ORDER_ENTITY, orderItemRows, orderValues } from './orders.ts';

const { ecommerceOrders: O, ecommerceOrderItems: I } = schema;

/**
 * A page of orders applied as `applyOrder` applies one (decision 0681), in one transaction and a
 * few statements (decision 0687 for why): one multi-row upsert of the orders (in a fixed order,
 * so two batches lock rows alike), their items replaced in two statements, and what an order
 * becomes in the rest of Sede only for the orders that need it (paid without a receivable yet,
 * cancelled with one), still inside the transaction that holds their rows. One announcement.
 */
export async function applyOrders(s: Services, store: StoreRef, incoming: IncomingOrder[], reason: SystemReason): Promise<number> {
  const orders = [...new Map(incoming.map((o) => [o.externalId, o])).values()].sort((a, b) => (a.externalId < b.externalId ? -1 : 1));
  if (!orders.length) return 0;
  const tenant = systemTenant(s, store.companyId, reason);
  // Announced after the commit (decision 0765): webhooks applied side by side do not queue on the notify lock.
  return announcedAfterCommit(tenant.db, (later) =>
    tenant.db.transaction(async (db) => {
      deferAnnouncements(db, later);
      const rows = await db
        .insert(O)
        .values(orders.map((o) => ({ companyId: store.companyId, storeId: store.id, externalId: o.externalId, itemsHash: itemsHash(o), ...orderValues(o) })))
        .onConflictDoUpdate({
          target: [O.storeId, O.externalId],
          // every column `orderValues` sets, from the row that collided (`excluded`)
          set: Object.fromEntries(
            (Object.keys(orderValues(orders[0]!)) as (keyof ReturnType<typeof orderValues>)[])
              .map((key): [string, SQL] => [key, sql.raw(`excluded.${O[key].name}`)])
              .concat([
                ['itemsHash', sql.raw(`excluded.${O.itemsHash.name}`)],
                ['updatedAt', sql`now()`],
              ]),
          ),
        })
        .returning();
      const byExternal = new Map(rows.map((r) => [r.externalId, r]));
      await db.delete(I).where(inArray(I.orderId, rows.map((r) => r.id)));
      const items = orders.flatMap((o) => orderItemRows(store.companyId, byExternal.get(o.externalId)!.id, o));
      for (let i = 0; i < items.length; i += 1000) await db.insert(I).values(items.slice(i, i + 1000));
      await intoSede(s, inTx(db, tenant), store, rows.filter(needsEffects));
      await announce(db, { companyId: store.companyId, entity: ORDER_ENTITY, id: rows[0]!.id, action: 'updated' });
      return rows.length;
    }),
  );
}
