import { and, eq, inArray } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { FINANCE_MESSAGES } from '@sede/shared/finance/registers';
import { conflict, notFound } from '../../http/errors.ts';
import { logAudits } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { FIN_ENTRY } from './entries.ts';
import { categoryOf } from './registers.ts';

const { finEntries: E, finPayments: P, finAccounts: A } = schema;

/** An entry already paid in full when it is written: a sale a store was paid for, its fee. */
export type SettledEntryInput = {
  kind: 'receivable' | 'payable';
  description: string;
  amountCents: number;
  paidDate: string;
  competenceDate: string;
  categoryId: string | null;
  accountId: string;
  personId: string | null;
  organizationId: string | null;
  documentNumber: string | null;
};

/**
 * Many entries written as `createEntry` + `settleEntry` in full would leave them (decision 0750):
 * paid, with their payment on the account and the 'payment_recorded' line, in four statements
 * whatever their number, inside the caller's transaction. The account and categories are checked
 * once; the parties are the caller's own (looked up in the same tenant). Answers the ids in order.
 */
export async function recordSettledEntries(tenant: Tenant, inputs: SettledEntryInput[]): Promise<string[]> {
  if (!inputs.length) return [];
  const accountIds = [...new Set(inputs.map((i) => i.accountId))];
  const accounts = await tenant.db
    .select({ id: A.id, archivedAt: A.archivedAt })
    .from(A)
    .where(and(eq(A.companyId, tenant.companyId), inArray(A.id, accountIds)));
  if (accounts.length !== accountIds.length) throw notFound(FINANCE_MESSAGES.accountNotFound);
  if (accounts.some((a) => a.archivedAt)) throw conflict(FINANCE_MESSAGES.accountArchived, 'ACCOUNT_ARCHIVED');
  for (const categoryId of new Set(inputs.map((i) => i.categoryId))) if (categoryId) await categoryOf(tenant.db, tenant, categoryId);
  const createdBy = tenant.actorId || null;
  const entries = await tenant.db
    .insert(E)
    .values(
      inputs.map((i) => ({
        companyId: tenant.companyId,
        kind: i.kind,
        description: i.description,
        amountCents: i.amountCents,
        paidCents: i.amountCents,
        status: 'paid' as const,
        dueDate: i.paidDate,
        competenceDate: i.competenceDate,
        settledDate: i.paidDate,
        categoryId: i.categoryId,
        accountId: i.accountId,
        personId: i.personId,
        organizationId: i.organizationId,
        documentNumber: i.documentNumber,
        createdBy,
      })),
    )
    .returning({ id: E.id });
  const payments = await tenant.db
    .insert(P)
    .values(inputs.map((i, n) => ({ companyId: tenant.companyId, entryId: entries[n]!.id, accountId: i.accountId, paidDate: i.paidDate, amountCents: i.amountCents, createdBy })))
    .returning({ id: P.id });
  await logAudits(
    tenant.db,
    tenant,
    'payment_recorded',
    inputs.map((i, n) => ({ entity: FIN_ENTRY, id: entries[n]!.id, details: { paymentId: payments[n]!.id, amountCents: i.amountCents, interestCents: 0, fineCents: 0, discountCents: 0 } })),
  );
  await announce(tenant.db, { companyId: tenant.companyId, entity: FIN_ENTRY, id: entries[0]!.id, action: 'created' });
  return entries.map((e) => e.id);
}
