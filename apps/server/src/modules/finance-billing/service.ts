import { and, eq, inArray } from 'drizzle-orm';
import { schema, type Database, type DbOrTx } from '@sede/db/client';
import { BILLING_MESSAGES as M, type BilledEntry, type BillingOrigin, type BillingState } from '@sede/shared/finance/billing';
import type { NfseInvoice } from '@sede/shared/finance/nfse';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { findDeal } from '../crm-deals/public.ts';
import { effectiveStatus, getQuote } from '../crm-quotes/public.ts';
import { createEntry, getEntry } from '../finance/public.ts';
import { deliverAfterIssue, issueInvoice, latestInvoiceRow } from '../finance-nfse/public.ts';

const O = schema.finEntryOrigins;
const E = schema.finEntries;
const Q = schema.crmQuotes;

/** Days from today to the due date of a receivable billed from the CRM when none is given (decision 0546). */
export const DEFAULT_DUE_DAYS = 7;

type Billable = { description: string; amountCents: number; organizationId: string | null; personId: string | null; dealId: string };

/** What a quote or deal bills, checked: an accepted quote or a won deal, with a value and a customer (404/409 in Portuguese). */
async function billable(tenant: Tenant, type: BillingOrigin, id: string): Promise<Billable> {
  if (type === 'quote') {
    const quote = await getQuote(tenant, id).catch((e: unknown) => {
      throw e instanceof AppError && e.status === 404 ? notFound(M.quoteNotFound) : e;
    });
    if (effectiveStatus(quote.status, quote.validUntil) !== 'aceito') throw conflict(M.quoteNotAccepted, 'QUOTE_NOT_ACCEPTED');
    return { description: `Orçamento nº ${quote.number} — ${quote.dealTitle}`.slice(0, 200), amountCents: quote.totalCents, organizationId: quote.organizationId, personId: quote.personId, dealId: quote.dealId };
  }
  const deal = await findDeal(tenant, id);
  if (!deal) throw notFound(M.dealNotFound);
  if (deal.status !== 'won') throw conflict(M.dealNotWon, 'DEAL_NOT_WON');
  return { description: deal.title.slice(0, 200), amountCents: deal.valueCents, organizationId: deal.organizationId, personId: deal.personId, dealId: deal.id };
}

async function originEntryId(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, type: BillingOrigin, id: string): Promise<string | null> {
  const [row] = await db.select({ entryId: O.entryId }).from(O).where(and(eq(O.companyId, tenant.companyId), eq(O.originType, type), eq(O.originId, id)));
  return row?.entryId ?? null;
}

/** The other side of the same sale: a deal's quotes billed, or a quote's deal billed (one sale, one receivable). */
async function relatedBilled(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, type: BillingOrigin, dealId: string): Promise<string | null> {
  if (type === 'quote') return originEntryId(db, tenant, 'deal', dealId);
  const quotes = await db.select({ id: Q.id }).from(Q).where(and(eq(Q.companyId, tenant.companyId), eq(Q.dealId, dealId)));
  if (!quotes.length) return null;
  const [row] = await db
    .select({ entryId: O.entryId })
    .from(O)
    .where(and(eq(O.companyId, tenant.companyId), eq(O.originType, 'quote'), inArray(O.originId, quotes.map((q) => q.id))))
    .limit(1);
  return row?.entryId ?? null;
}

const toBilled = (e: { id: string; description: string; amountCents: number; paidCents: number; status: string; dueDate: string }): BilledEntry => ({
  id: e.id,
  description: e.description,
  amountCents: e.amountCents,
  paidCents: e.paidCents,
  status: e.status,
  dueDate: e.dueDate,
});

/** 404 unless the quote or deal is the company's (the check of every endpoint here). */
async function checkVisible(tenant: Tenant, type: BillingOrigin, id: string) {
  if (type === 'quote') {
    const [row] = await tenant.db.select({ id: Q.id, dealId: Q.dealId }).from(Q).where(and(eq(Q.companyId, tenant.companyId), eq(Q.id, id)));
    if (!row) throw notFound(M.quoteNotFound);
    return row.dealId;
  }
  if (!(await findDeal(tenant, id))) throw notFound(M.dealNotFound);
  return id;
}

/** What the quote or deal has in Financeiro: its receivable (its own, or the same sale's) and that receivable's note. */
export async function billingState(tenant: Tenant, type: BillingOrigin, id: string): Promise<BillingState> {
  const dealId = await checkVisible(tenant, type, id);
  const entryId = (await originEntryId(tenant.db, tenant, type, id)) ?? (await relatedBilled(tenant.db, tenant, type, dealId));
  if (!entryId) return { entry: null, invoice: null };
  const [entry] = await tenant.db.select().from(E).where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId)));
  if (!entry) return { entry: null, invoice: null };
  const invoice = await latestInvoiceRow(tenant.db, tenant, entryId);
  return { entry: toBilled(entry), invoice: invoice ? { status: invoice.status as NfseInvoice['status'], number: invoice.number } : null };
}

/**
 * 'Cobrar' (decision 0546): the receivable of an accepted quote or a won deal, created once in
 * Financeiro (customer, value, due in DEFAULT_DUE_DAYS days unless given) and linked to it. The
 * link's key (company, type, id) makes a second — even a concurrent one — a 409 naming the
 * existing receivable (`entryId`), and a sale billed by its quote is not billed again by its deal.
 */
export async function billOrigin(tenant: Tenant, type: BillingOrigin, id: string, input: { dueDate?: string }): Promise<BilledEntry> {
  const b = await billable(tenant, type, id);
  if (b.amountCents <= 0) throw conflict(M.zeroAmount, 'BILLING_ZERO');
  if (!b.organizationId && !b.personId) throw conflict(M.noCustomer, 'BILLING_NO_CUSTOMER');
  const today = todayInBrazil();
  return tenantTransaction(tenant, async ({ db }) => {
    const existing = await originEntryId(db, tenant, type, id);
    if (existing) throw new AppError(409, 'ALREADY_BILLED', M.alreadyBilled, { entryId: existing });
    const related = await relatedBilled(db, tenant, type, b.dealId);
    if (related) throw new AppError(409, 'ALREADY_BILLED', type === 'deal' ? M.quoteOfDealBilled : M.dealOfQuoteBilled, { entryId: related });
    const inTx: Tenant = { ...tenant, db: db as unknown as Database };
    const [entry] = await createEntry(inTx, {
      kind: 'receivable',
      description: b.description,
      amountCents: b.amountCents,
      dueDate: input.dueDate ?? addDays(today, DEFAULT_DUE_DAYS),
      competenceDate: today,
      organizationId: b.organizationId,
      personId: b.organizationId ? null : b.personId,
    });
    const [linked] = await db.insert(O).values({ companyId: tenant.companyId, originType: type, originId: id, entryId: entry!.id, createdBy: tenant.actorId || null }).onConflictDoNothing().returning();
    // A concurrent 'Cobrar' won the key: this one's receivable rolls back with the transaction.
    if (!linked) throw new AppError(409, 'ALREADY_BILLED', M.alreadyBilled, { entryId: (await originEntryId(tenant.db, tenant, type, id)) ?? undefined });
    await logAudit(db, tenant, { action: 'entry_billed_from_crm', entity: 'fin_entry', id: entry!.id, details: { originType: type, originId: id } });
    return toBilled(entry!);
  });
}

/**
 * 'Emitir nota' (decision 0546): the NFS-e of the quote's or deal's receivable (created first when
 * there is none), then sent to the customer like any note.
 */
export async function invoiceOrigin(s: Services, tenant: Tenant, type: BillingOrigin, id: string) {
  const dealId = await checkVisible(tenant, type, id);
  let entryId = (await originEntryId(tenant.db, tenant, type, id)) ?? (await relatedBilled(tenant.db, tenant, type, dealId));
  entryId ??= await billOrigin(tenant, type, id, {}).then(
    (entry) => entry.id,
    // A 'Cobrar' or 'Emitir nota' a moment before created it: invoice that one.
    (e: unknown) => {
      if (e instanceof AppError && e.code === 'ALREADY_BILLED' && typeof e.details?.entryId === 'string') return e.details.entryId;
      throw e;
    },
  );
  await getEntry(tenant, entryId);
  const invoice = await issueInvoice(s, tenant, entryId, {});
  await deliverAfterIssue(s, tenant, invoice.id);
  return invoice;
}
