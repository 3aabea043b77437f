import { randomUUID } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { FINANCE_MESSAGES } from '@sede/shared/finance/registers';
import { conflict, notFound } from '../../http/errors.ts';
import { auditLine, auditRows } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { FIN_ENTRY } from './entries.ts';
import { categoryOf } from './registers.ts';

const { finEntries: E, finPayments: P, finAccounts: A, finCategories: C } = schema;

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
 * paid, with their payment on the account and the 'payment_recorded' line, inside the caller's
 * transaction, in one statement whatever their number (decision 0744: a paid order's webhook is on
 * the hot path). The account (this company's, not archived) and the categories (this company's)
 * are checked in the same statement; when one does not qualify nothing is written and a second
 * read says why. The parties are the caller's own (looked up in the same tenant). Answers the ids in order.
 */
export async function recordSettledEntries(tenant: Tenant, inputs: SettledEntryInput[]): Promise<string[]> {
  return (await recordSettledEntriesWith(tenant, inputs)).ids;
}

/**
 * `recordSettledEntries` with the caller's own write in the same statement (decision 0748): `also`,
 * given the entries' ids, is a data-modifying statement with RETURNING (an order linked to its
 * receivable); answers how many rows it returned, for the caller to judge (and roll back).
 */
export async function recordSettledEntriesWith(tenant: Tenant, inputs: SettledEntryInput[], also?: (ids: string[]) => SQL): Promise<{ ids: string[]; also: number }> {
  if (!inputs.length) return { ids: [], also: 0 };
  const accountIds = [...new Set(inputs.map((i) => i.accountId))];
  const categoryIds = [...new Set(inputs.map((i) => i.categoryId).filter((id): id is string => Boolean(id)))];
  const createdBy = tenant.actorId || null;
  const entries = inputs.map((i) => ({ ...i, id: randomUUID(), paymentId: randomUUID() }));
  const audit = auditRows(
    tenant,
    entries.map((e) => auditLine({ action: 'payment_recorded', entity: FIN_ENTRY, id: e.id, details: { paymentId: e.paymentId, amountCents: e.amountCents, interestCents: 0, fineCents: 0, discountCents: 0 } })),
  );
  const { rows } = await tenant.db.execute<{ written: number; also: number }>(sql`
    WITH ok AS (
      SELECT (SELECT count(*) FROM ${A} WHERE company_id = ${tenant.companyId} AND id = ANY(${sql.param(accountIds)}::uuid[]) AND archived_at IS NULL) = ${accountIds.length}
         AND (SELECT count(*) FROM ${C} WHERE company_id = ${tenant.companyId} AND id = ANY(${sql.param(categoryIds)}::uuid[])) = ${categoryIds.length} AS ok
    ), input AS (
      SELECT x.* FROM json_to_recordset(${JSON.stringify(entries)}::json)
        AS x(id uuid, "paymentId" uuid, kind text, description text, "amountCents" bigint, "paidDate" date, "competenceDate" date,
             "categoryId" uuid, "accountId" uuid, "personId" uuid, "organizationId" uuid, "documentNumber" text)
       WHERE (SELECT ok FROM ok)
    ), ent AS (
      INSERT INTO ${E} (id, company_id, kind, description, amount_cents, paid_cents, status, due_date, competence_date, settled_date,
                        category_id, account_id, person_id, organization_id, document_number, created_by)
      SELECT id, ${tenant.companyId}, kind, description, "amountCents", "amountCents", 'paid', "paidDate", "competenceDate", "paidDate",
             "categoryId", "accountId", "personId", "organizationId", "documentNumber", ${createdBy}
        FROM input
      RETURNING 1
    ), pay AS (
      INSERT INTO ${P} (id, company_id, entry_id, account_id, paid_date, amount_cents, created_by)
      SELECT "paymentId", ${tenant.companyId}, id, "accountId", "paidDate", "amountCents", ${createdBy} FROM input
    ), audit AS (
      INSERT INTO ${schema.activityLog} (company_id, user_id, api_key_id, action, details)
      SELECT a."companyId", a."userId", a."apiKeyId", a.action, a.details
        FROM json_to_recordset(${JSON.stringify(audit)}::json) AS a("companyId" uuid, "userId" text, "apiKeyId" uuid, action text, details jsonb)
       WHERE (SELECT ok FROM ok)
    )${also ? sql`, also AS (${also(entries.map((e) => e.id))})` : sql``}
    SELECT count(*)::int AS written, ${also ? sql`(SELECT count(*) FROM also)::int` : sql`0`} AS also FROM ent`);
  if (rows[0]?.written !== entries.length) await whyRefused(tenant, accountIds, categoryIds);
  await announce(tenant.db, { companyId: tenant.companyId, entity: FIN_ENTRY, id: entries[0]!.id, action: 'created' });
  return { ids: entries.map((e) => e.id), also: rows[0]!.also };
}

/** Why `recordSettledEntries` wrote nothing: an account missing (404) or archived (409), a category missing (404). */
async function whyRefused(tenant: Tenant, accountIds: string[], categoryIds: string[]): Promise<never> {
  const accounts = await tenant.db
    .select({ id: A.id, archivedAt: A.archivedAt })
    .from(A)
    .where(and(eq(A.companyId, tenant.companyId), inArray(A.id, accountIds)));
  if (accounts.length !== accountIds.length) throw notFound(FINANCE_MESSAGES.accountNotFound);
  if (accounts.some((a) => a.archivedAt)) throw conflict(FINANCE_MESSAGES.accountArchived, 'ACCOUNT_ARCHIVED');
  for (const categoryId of categoryIds) await categoryOf(tenant.db, tenant, categoryId);
  throw new Error('recordSettledEntries: nothing written, and no reason found');
}
