import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { PROVIDER_LABELS, type Provider } from '@sede/shared/ecommerce/schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import type { Services, Tenant } from '../../services.ts';
import { createAccount, createEntry, defaultCategoryId, reverseEntry, settleEntry } from '../finance/public.ts';
import { findOrCreateCustomer } from '../parties/public.ts';

const { ecommerceOrders: O, ecommerceStores: S } = schema;
type OrderRow = typeof O.$inferSelect;
export type StoreRef = { id: string; companyId: string; provider: string; name: string; accountId: string | null };

const isPaid = (o: OrderRow) => o.paymentStatus === 'paid' && o.status !== 'cancelled';
const isReversed = (o: OrderRow) => o.status === 'cancelled' || o.paymentStatus === 'refunded' || o.paymentStatus === 'voided';

/** The store's own account in Financeiro (decision 0682): created the first time a paid order needs it. */
async function storeAccount(t: Tenant, store: StoreRef): Promise<string> {
  if (store.accountId) return store.accountId;
  const label = PROVIDER_LABELS[store.provider as Provider] ?? store.provider;
  const account = await createAccount(t, { name: `${label} — ${store.name}`.slice(0, 80), kind: 'checking', openingDate: todayInBrazil() });
  await t.db.update(S).set({ accountId: account.id, updatedAt: new Date() }).where(eq(S.id, store.id));
  store.accountId = account.id;
  return account.id;
}

/**
 * What an order becomes in the rest of Sede (decisions 0681, 0682), inside the transaction that
 * holds the order's row: once paid, its buyer as a person or organization and a receivable settled
 * on the store's account (the marketplace's fee, when the provider says one, a settled payable);
 * once cancelled, refunded or voided, both reversed. `receivableId` is written in the same
 * transaction, so a second delivery of the same order never writes a second receivable.
 */
export async function intoSede(s: Services, t: Tenant, store: StoreRef, order: OrderRow): Promise<void> {
  if (isPaid(order) && !order.receivableId && order.totalCents > 0) {
    const label = PROVIDER_LABELS[store.provider as Provider] ?? store.provider;
    const party =
      order.personId || order.organizationId
        ? { personId: order.personId, organizationId: order.organizationId }
        : await findOrCreateCustomer(s, t, { name: order.buyerName, email: order.buyerEmail, phone: order.buyerPhone, document: order.buyerDocument, source: `Pedido #${order.number} da ${label}` });
    const accountId = await storeAccount(t, store);
    const paidDate = todayInBrazil(order.paidAt ?? new Date());
    const [receivable] = await createEntry(t, {
      kind: 'receivable',
      description: `Pedido #${order.number} — ${store.name}`.slice(0, 200),
      amountCents: order.totalCents,
      dueDate: paidDate,
      competenceDate: todayInBrazil(order.placedAt),
      categoryId: await defaultCategoryId(t, 'income', 'Venda de produtos'),
      accountId,
      personId: party.personId,
      organizationId: party.organizationId,
      documentNumber: order.number.slice(0, 60),
    });
    await settleEntry(t, { entryId: receivable!.id, accountId, paidDate, amountCents: order.totalCents });
    let feePayableId: string | null = null;
    if (order.feeCents > 0) {
      const [fee] = await createEntry(t, {
        kind: 'payable',
        description: `Tarifa da ${label} — pedido #${order.number}`.slice(0, 200),
        amountCents: order.feeCents,
        dueDate: paidDate,
        competenceDate: todayInBrazil(order.placedAt),
        categoryId: await defaultCategoryId(t, 'expense', 'Taxas de cartão e maquininha'),
        accountId,
        documentNumber: order.number.slice(0, 60),
      });
      await settleEntry(t, { entryId: fee!.id, accountId, paidDate, amountCents: order.feeCents });
      feePayableId = fee!.id;
    }
    await t.db.update(O).set({ receivableId: receivable!.id, feePayableId, personId: party.personId, organizationId: party.organizationId }).where(eq(O.id, order.id));
    return;
  }
  if (isReversed(order) && order.receivableId) {
    await reverseEntry(t, order.receivableId);
    if (order.feePayableId) await reverseEntry(t, order.feePayableId);
  }
}
