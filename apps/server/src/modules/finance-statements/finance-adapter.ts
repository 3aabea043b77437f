import type { Database, DbOrTx } from '@sede/db/client';
import type { Tenant } from '../../services.ts';
import { createEntry as createFinanceEntry, settleEntry as settleFinanceEntry, type SettleInput } from '../finance/public.ts';

/**
 * Reconciliation writes through the finance module's own rules (validation, status, audit),
 * inside the caller's transaction: the finance functions open theirs on the tenant's db, which
 * here is the caller's transaction, so they run as a savepoint and commit with the line's update.
 */
const inTx = (tx: DbOrTx, tenant: Tenant): Tenant => ({ ...tenant, db: tx as unknown as Database });

export type { SettleInput };

/** Records a payment of an entry (whole or partial). Returns the payment's id. */
export async function settleEntry(tx: DbOrTx, tenant: Tenant, input: SettleInput): Promise<{ paymentId: string }> {
  const { payment } = await settleFinanceEntry(inTx(tx, tenant), input);
  return { paymentId: payment.id };
}

export type CreateEntryInput = {
  kind: 'payable' | 'receivable';
  description: string;
  amountCents: number;
  dueDate: string;
  competenceDate: string;
  categoryId: string | null;
  accountId: string | null;
};

/** Creates one open payable or receivable (à vista). Returns its id. */
export async function createEntry(tx: DbOrTx, tenant: Tenant, input: CreateEntryInput): Promise<{ entryId: string }> {
  const [entry] = await createFinanceEntry(inTx(tx, tenant), input);
  return { entryId: entry!.id };
}
