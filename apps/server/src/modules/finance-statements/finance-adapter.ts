import { and, eq, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import type { Tenant } from '../../services.ts';

/**
 * The finance module's writes this module needs, in one place: at merge the lead swaps these
 * bodies for `settleEntry` / `createEntry` from `modules/finance/public.ts` (engineer E). Until
 * then, a minimal implementation on the tables. Both run inside the caller's transaction.
 */

export type SettleInput = { entryId: string; accountId: string; paidDate: string; amountCents: number; interestCents?: number; fineCents?: number; discountCents?: number };

/** Records a payment of an entry and updates its paid amount, status and settled date. Returns the payment's id. */
export async function settleEntry(tx: DbOrTx, tenant: Tenant, input: SettleInput): Promise<{ paymentId: string }> {
  const { finEntries: e, finPayments: p } = schema;
  const [payment] = await tx
    .insert(p)
    .values({
      companyId: tenant.companyId,
      entryId: input.entryId,
      accountId: input.accountId,
      paidDate: input.paidDate,
      amountCents: input.amountCents,
      interestCents: input.interestCents ?? 0,
      fineCents: input.fineCents ?? 0,
      discountCents: input.discountCents ?? 0,
      createdBy: tenant.actorId,
    })
    .returning({ id: p.id });
  await tx
    .update(e)
    .set({
      paidCents: sql`${e.paidCents} + ${input.amountCents}`,
      status: sql`case when ${e.paidCents} + ${input.amountCents} >= ${e.amountCents} then 'paid' else ${e.status} end`,
      settledDate: sql`case when ${e.paidCents} + ${input.amountCents} >= ${e.amountCents} then ${input.paidDate}::date else ${e.settledDate} end`,
      updatedAt: new Date(),
    })
    .where(and(eq(e.id, input.entryId), eq(e.companyId, tenant.companyId)));
  return { paymentId: payment!.id };
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

/** Creates an open payable or receivable. Returns its id. */
export async function createEntry(tx: DbOrTx, tenant: Tenant, input: CreateEntryInput): Promise<{ entryId: string }> {
  const [row] = await tx
    .insert(schema.finEntries)
    .values({ companyId: tenant.companyId, ...input, createdBy: tenant.actorId })
    .returning({ id: schema.finEntries.id });
  return { entryId: row!.id };
}
