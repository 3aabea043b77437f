import { eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { PROVIDER_LABELS, type Provider } from '@sede/shared/ecommerce/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import type { Services, Tenant } from '../../services.ts';
import { createAccount, defaultCategoryId, defaultCategorySql, recordSettledEntriesWith, reverseEntry, type SettledEntryInput } from '../finance/public.ts';
import { findOrCreateCustomers } from '../parties/public.ts';

const { ecommerceOrders: O, ecommerceStores: S } = schema;
type OrderRow = typeof O.$inferSelect;
export type StoreRef = { id: string; companyId: string; provider: string; name: string; accountId: string | null };

/** The income category of a store's sales (the default chart's). */
const SALES_CATEGORY = 'Venda de produtos';
/** The sales category's read for a statement the caller sends anyway (decision 0775); null there: `defaultCategoryId` makes the chart. */
export const salesCategorySql = (t: Tenant) => defaultCategorySql(t, 'income', SALES_CATEGORY);

const isPaid = (o: OrderRow) => o.paymentStatus === 'paid' && o.status !== 'cancelled';
const isReversed = (o: Pick<OrderRow, 'status' | 'paymentStatus'>) => o.status === 'cancelled' || o.paymentStatus === 'refunded' || o.paymentStatus === 'voided';

/** The store's own account in Financeiro (decision 0682): created the first time a paid order needs it. */
async function storeAccount(t: Tenant, store: StoreRef): Promise<string> {
  if (store.accountId) return store.accountId;
  const label = PROVIDER_LABELS[store.provider as Provider] ?? store.provider;
  const account = await createAccount(t, { name: `${label} — ${store.name}`.slice(0, 80), kind: 'checking', openingDate: todayInBrazil() });
  await t.db.update(S).set({ accountId: account.id, updatedAt: new Date() }).where(eq(S.id, store.id));
  store.accountId = account.id;
  return account.id;
}

/** `synchronous_commit` for the statement's transaction: off for a delivery (decision 0744), else the server's own. */
export const commitSetting = (asyncCommit: boolean) =>
  sql`set_config('synchronous_commit', CASE WHEN ${asyncCommit}::boolean THEN 'off' ELSE current_setting('synchronous_commit') END, true)`;

/** Another delivery of the same order wrote its receivable (or cancelled it) first: this transaction's work is to be rolled back. */
export class ClaimLost extends Error {
  constructor() {
    super('ecommerce: the order was claimed by another delivery');
  }
}

/**
 * What orders become in the rest of Sede (decisions 0681, 0682, 0750), inside the caller's
 * transaction: once paid, the buyer as a person or organization and a receivable settled on
 * the store's account (the marketplace's fee, when the provider says one, a settled payable);
 * once cancelled, refunded or voided, both reversed. `receivable_id` is written in the same
 * transaction, and only on a row still paid without one (decision 0748: the claim), so a second
 * delivery of the same order never writes a second receivable: it throws `ClaimLost` instead. The
 * paid ones of a page are written together: a few statements for the page, not twenty per order.
 * `unlocked`: the caller does not hold the orders' rows (a single delivery, decision 0748): a reversal
 * takes the row's lock first and reads it again. `asyncCommit`: the transaction commits without waiting
 * for the disk (decision 0744). `salesCategoryId`: the sales category as the caller's own statement read
 * it (`salesCategorySql`, decision 0775), when it found it.
 */
export async function intoSede(
  s: Services,
  t: Tenant,
  store: StoreRef,
  orders: OrderRow[],
  o: { asyncCommit?: boolean; unlocked?: boolean; salesCategoryId?: string | null } = {},
): Promise<void> {
  const paid = orders.filter((x) => isPaid(x) && !x.receivableId && x.totalCents > 0);
  if (paid.length) await recordSales(s, t, store, paid, o.asyncCommit ?? false, o.salesCategoryId ?? null);
  for (const order of orders) {
    if (!isReversed(order) || !order.receivableId) continue;
    let current: Pick<OrderRow, 'status' | 'paymentStatus' | 'receivableId' | 'feePayableId'> = order;
    if (o.unlocked) {
      const { rows } = await t.db.execute<{ status: string; payment_status: string; receivable_id: string | null; fee_payable_id: string | null }>(
        sql`SELECT status, payment_status, receivable_id, fee_payable_id, ${commitSetting(o.asyncCommit ?? false)} FROM ${O} WHERE id = ${order.id} AND company_id = ${t.companyId} FOR UPDATE`,
      );
      const r = rows[0];
      if (!r) continue;
      current = { status: r.status, paymentStatus: r.payment_status, receivableId: r.receivable_id, feePayableId: r.fee_payable_id };
      if (!isReversed(current) || !current.receivableId) continue;
    }
    await reverseEntry(t, current.receivableId!);
    if (current.feePayableId) await reverseEntry(t, current.feePayableId);
  }
}

async function recordSales(s: Services, t: Tenant, store: StoreRef, orders: OrderRow[], asyncCommit: boolean, salesCategoryId: string | null): Promise<void> {
  const label = PROVIDER_LABELS[store.provider as Provider] ?? store.provider;
  const unlinked = orders.filter((o) => !o.personId && !o.organizationId);
  const found = await findOrCreateCustomers(
    s,
    t,
    unlinked.map((o) => ({ name: o.buyerName, email: o.buyerEmail, phone: o.buyerPhone, document: o.buyerDocument, source: `Pedido #${o.number} da ${label}` })),
  );
  const partyOf = new Map(unlinked.map((o, i) => [o.id, found[i]!]));
  const accountId = await storeAccount(t, store);
  const income = salesCategoryId ?? (await defaultCategoryId(t, 'income', SALES_CATEGORY));
  const expense = orders.some((o) => o.feeCents > 0) ? await defaultCategoryId(t, 'expense', 'Taxas de cartão e maquininha') : null;
  const sales = orders.map((o) => {
    const party = partyOf.get(o.id) ?? { personId: o.personId, organizationId: o.organizationId };
    const paidDate = todayInBrazil(o.paidAt ?? new Date());
    const common = { paidDate, competenceDate: todayInBrazil(o.placedAt), accountId, documentNumber: o.number.slice(0, 60) };
    const receivable: SettledEntryInput = {
      ...common,
      kind: 'receivable',
      description: `Pedido #${o.number} — ${store.name}`.slice(0, 200),
      amountCents: o.totalCents,
      categoryId: income,
      personId: party.personId,
      organizationId: party.organizationId,
    };
    const fee: SettledEntryInput | null =
      o.feeCents > 0
        ? { ...common, kind: 'payable', description: `Tarifa da ${label} — pedido #${o.number}`.slice(0, 200), amountCents: o.feeCents, categoryId: expense, personId: null, organizationId: null }
        : null;
    return { order: o, party, receivable, fee };
  });
  const fees = sales.filter((x) => x.fee);
  const entries = [...sales.map((x) => x.receivable), ...fees.map((x) => x.fee!)];
  // The orders linked to their entries in the entries' statement (decision 0748), and only a row still paid, not
  // cancelled, of the same total and without a receivable (read again after any lock wait): the claim. Else
  // another delivery got there first, and this transaction is rolled back.
  const { also: claimed } = await recordSettledEntriesWith(t, entries, (ids) => {
    const feeIds = new Map(fees.map((x, i) => [x.order.id, ids[sales.length + i]!]));
    const links = sales.map((x, i) => ({
      id: x.order.id,
      receivable_id: ids[i],
      fee_payable_id: feeIds.get(x.order.id) ?? null,
      person_id: x.party.personId,
      organization_id: x.party.organizationId,
      total_cents: x.order.totalCents,
    }));
    return sql`
      UPDATE ${O} SET receivable_id = v.receivable_id, fee_payable_id = v.fee_payable_id, person_id = v.person_id, organization_id = v.organization_id
        FROM jsonb_to_recordset(${JSON.stringify(links)}::jsonb) AS v(id uuid, receivable_id uuid, fee_payable_id uuid, person_id uuid, organization_id uuid, total_cents int)
       WHERE ${O.id} = v.id AND ${O.companyId} = ${t.companyId} AND ${O.receivableId} IS NULL AND ${O.paymentStatus} = 'paid' AND ${O.status} <> 'cancelled' AND ${O.totalCents} = v.total_cents
      RETURNING ${commitSetting(asyncCommit)}`;
  });
  if (claimed !== sales.length) throw new ClaimLost();
}
