import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { schema } from '@sede/db/client';
import type { DbOrTx } from '@sede/db/client';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { computeQuoteTotals, QUOTE_MESSAGES, type Product, type productCreateSchema, type productListQuerySchema, type productUpdateSchema, type Quote, type quoteCreateSchema, type quoteListQuerySchema, type QuoteStatus } from '@sede/shared/crm/quotes';
import { AppError, badRequest, conflict, notFound, updatedRow } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { createdPages, type PageRequest } from '../../platform/cursor.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { isCompanyPerson, isLiveOrganization } from '../parties/public.ts';

const P = schema.crmProducts;
const Q = schema.crmQuotes;
const I = schema.crmQuoteItems;
const D = schema.deals;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const isUniqueViolation = (e: unknown, constraint: string) => {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const c = err.cause ?? err;
  return c.code === '23505' && c.constraint === constraint;
};

// ——— Products and services ———

type ProductRow = typeof P.$inferSelect;
const toProduct = (r: ProductRow): Product => ({
  id: r.id,
  name: r.name,
  description: r.description,
  code: r.code,
  unit: r.unit,
  priceCents: r.priceCents,
  active: r.active,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

function productFilters(t: Tenant, q: z.output<typeof productListQuerySchema>): SQL[] {
  const where: SQL[] = [eq(P.companyId, t.companyId)];
  if (q.active !== 'all') where.push(eq(P.active, q.active === 'true'));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    where.push(or(ilike(P.name, like), ilike(P.code, like)) as SQL);
  }
  return where;
}

export async function listProducts(t: Tenant, q: z.output<typeof productListQuerySchema>): Promise<{ items: Product[] }> {
  const rows = await t.db.select().from(P).where(and(...productFilters(t, q))).orderBy(asc(P.name), asc(P.id)).limit(1000);
  return { items: rows.map(toProduct) };
}

const productPages = createdPages(P.createdAt, P.id, P.updatedAt, 'asc');
/** The catalogue page by page, oldest first, with the same filters (the public API, decision 0645). */
export async function productsPage(t: Tenant, q: z.output<typeof productListQuerySchema> & PageRequest) {
  const rows = await t.db.select().from(P).where(and(...productFilters(t, q), productPages.where(q))).orderBy(...productPages.orderBy).limit(q.limit + 1);
  const found = productPages.page(rows, q, (r) => r);
  return { items: found.items.map(toProduct), nextCursor: found.nextCursor };
}

async function productRow(db: DbOrTx, companyId: string, id: string): Promise<ProductRow> {
  const [row] = await db.select().from(P).where(and(eq(P.companyId, companyId), eq(P.id, id)));
  if (!row) throw notFound(QUOTE_MESSAGES.productNotFound);
  return row;
}

export const getProduct = async (t: Tenant, id: string) => toProduct(await productRow(t.db, t.companyId, id));

export async function createProduct(t: Tenant, input: z.output<typeof productCreateSchema>): Promise<Product> {
  try {
    const [row] = await t.db
      .insert(P)
      .values({ companyId: t.companyId, ...input })
      .returning();
    return toProduct(row!);
  } catch (e) {
    if (isUniqueViolation(e, 'crm_products_company_code_key')) throw conflict(QUOTE_MESSAGES.productCodeTaken, 'PRODUCT_CODE_TAKEN');
    throw e;
  }
}

export async function updateProduct(t: Tenant, id: string, input: z.output<typeof productUpdateSchema>): Promise<Product> {
  await productRow(t.db, t.companyId, id);
  try {
    const rows = await t.db
      .update(P)
      .set({ ...input, updatedAt: new Date() })
      .where(and(eq(P.companyId, t.companyId), eq(P.id, id)))
      .returning();
    return toProduct(updatedRow(rows, QUOTE_MESSAGES.productNotFound));
  } catch (e) {
    if (isUniqueViolation(e, 'crm_products_company_code_key')) throw conflict(QUOTE_MESSAGES.productCodeTaken, 'PRODUCT_CODE_TAKEN');
    throw e;
  }
}

export async function deleteProduct(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await productRow(tx, t.companyId, id);
    // Quote items keep their own description and price; the link is set to null by the foreign key.
    await tx.delete(P).where(and(eq(P.companyId, t.companyId), eq(P.id, id)));
    await logAudit(tx, t, { action: 'product_deleted', entity: 'product', id, details: { label: row.name } });
  });
}

// ——— Quotes ———

/** A quote not answered whose validity passed reads as 'expirado' (decision 0161). */
export function effectiveStatus(status: QuoteStatus, validUntil: string, today = todayInBrazil()): QuoteStatus {
  return (status === 'rascunho' || status === 'enviado') && validUntil < today ? 'expirado' : status;
}

export async function dealRow(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db.select().from(D).where(and(eq(D.companyId, companyId), eq(D.id, id)));
  if (!row) throw notFound(QUOTE_MESSAGES.dealNotFound);
  return row;
}

export async function quoteRow(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db.select().from(Q).where(and(eq(Q.companyId, companyId), eq(Q.id, id)));
  if (!row) throw notFound(QUOTE_MESSAGES.quoteNotFound);
  return row;
}

async function toQuotes(db: DbOrTx, companyId: string, rows: Array<typeof Q.$inferSelect>): Promise<Quote[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select()
    .from(I)
    .where(and(eq(I.companyId, companyId), inArray(I.quoteId, ids)))
    .orderBy(asc(I.position));
  const dealIds = [...new Set(rows.map((r) => r.dealId))];
  const dealTitles = new Map(
    (await db.select({ id: D.id, title: D.title }).from(D).where(and(eq(D.companyId, companyId), inArray(D.id, dealIds)))).map((d) => [d.id, d.title]),
  );
  const personIds = [...new Set(rows.map((r) => r.personId).filter((v): v is string => Boolean(v)))];
  const names = new Map(
    personIds.length
      ? (
          await db
            .select({ id: schema.people.id, name: schema.people.name })
            .from(schema.people)
            .where(and(eq(schema.people.companyId, companyId), inArray(schema.people.id, personIds)))
        ).map((p) => [p.id, p.name])
      : [],
  );
  const orgIds = [...new Set(rows.map((r) => r.organizationId).filter((v): v is string => Boolean(v)))];
  const O = schema.organizations;
  const orgNames = new Map(
    orgIds.length
      ? (
          await db
            .select({ id: O.id, razaoSocial: O.razaoSocial, nomeFantasia: O.nomeFantasia })
            .from(O)
            .where(and(eq(O.companyId, companyId), inArray(O.id, orgIds)))
        ).map((o) => [o.id, o.nomeFantasia || o.razaoSocial])
      : [],
  );
  const today = todayInBrazil();
  return rows.map((r) => ({
    id: r.id,
    dealId: r.dealId,
    dealTitle: dealTitles.get(r.dealId) ?? '',
    number: r.number,
    status: effectiveStatus(r.status, r.validUntil, today),
    validUntil: r.validUntil,
    conditions: r.conditions,
    notes: r.notes,
    discountCents: r.discountCents,
    subtotalCents: r.subtotalCents,
    totalCents: r.totalCents,
    personId: r.personId,
    personName: r.personId ? (names.get(r.personId) ?? null) : null,
    organizationId: r.organizationId,
    organizationName: r.organizationId ? (orgNames.get(r.organizationId) ?? null) : null,
    sentTo: r.sentTo,
    sentAt: iso(r.sentAt),
    acceptedAt: iso(r.acceptedAt),
    refusedAt: iso(r.refusedAt),
    answeredBy: (r.answeredBy as 'team' | 'client' | null) ?? null,
    refusalReason: r.refusalReason,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    items: items
      .filter((i) => i.quoteId === r.id)
      .map((i) => ({
        id: i.id,
        position: i.position,
        productId: i.productId,
        description: i.description,
        unit: i.unit,
        quantityMilli: i.quantityMilli,
        unitPriceCents: i.unitPriceCents,
        discountCents: i.discountCents,
        totalCents: i.totalCents,
      })),
  }));
}

export async function getQuote(t: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<Quote> {
  const row = await quoteRow(t.db, t.companyId, id);
  return (await toQuotes(t.db, t.companyId, [row]))[0]!;
}

async function quoteFilters(t: Tenant, q: z.output<typeof quoteListQuerySchema>): Promise<SQL[]> {
  const where: SQL[] = [eq(Q.companyId, t.companyId)];
  if (q.dealId) {
    await dealRow(t.db, t.companyId, q.dealId);
    where.push(eq(Q.dealId, q.dealId));
  }
  const today = todayInBrazil();
  if (q.status === 'expirado') where.push(inArray(Q.status, ['rascunho', 'enviado']), lt(Q.validUntil, today));
  else if (q.status === 'rascunho' || q.status === 'enviado') where.push(eq(Q.status, q.status), sql`${Q.validUntil} >= ${today}`);
  else if (q.status) where.push(eq(Q.status, q.status));
  return where;
}

export async function listQuotes(t: Tenant, q: z.output<typeof quoteListQuerySchema>): Promise<{ items: Quote[] }> {
  const rows = await t.db
    .select()
    .from(Q)
    .where(and(...(await quoteFilters(t, q))))
    .orderBy(desc(Q.createdAt), desc(Q.id))
    .limit(500);
  return { items: await toQuotes(t.db, t.companyId, rows) };
}

const quotePages = createdPages(Q.createdAt, Q.id, Q.updatedAt, 'desc');
/** The quotes page by page, newest first, with the same filters (the public API, decision 0645). */
export async function quotesPage(t: Tenant, q: z.output<typeof quoteListQuerySchema> & PageRequest) {
  const rows = await t.db.select().from(Q).where(and(...(await quoteFilters(t, q)), quotePages.where(q))).orderBy(...quotePages.orderBy).limit(q.limit + 1);
  const found = quotePages.page(rows, q, (r) => r);
  return { items: await toQuotes(t.db, t.companyId, found.items), nextCursor: found.nextCursor };
}

type QuoteInput = z.output<typeof quoteCreateSchema>;

/** Checks products and the contact belong to the company and computes the totals (400 on bad math). */
async function prepare(db: DbOrTx, companyId: string, input: QuoteInput) {
  const totals = computeQuoteTotals(input);
  if (!totals.ok) throw badRequest(totals.error, 'QUOTE_INVALID');
  const productIds = [...new Set(input.items.map((i) => i.productId).filter((v): v is string => Boolean(v)))];
  if (productIds.length) {
    const found = await db
      .select({ id: P.id })
      .from(P)
      .where(and(eq(P.companyId, companyId), inArray(P.id, productIds)));
    if (found.length !== productIds.length) throw badRequest(QUOTE_MESSAGES.productNotFound, 'PRODUCT_NOT_FOUND');
  }
  if (input.personId && !(await isCompanyPerson(db, companyId, input.personId))) throw badRequest(QUOTE_MESSAGES.personNotFound, 'PERSON_NOT_FOUND');
  if (input.organizationId && !(await isLiveOrganization(db, companyId, input.organizationId))) throw badRequest(QUOTE_MESSAGES.organizationNotFound, 'ORGANIZATION_NOT_FOUND');
  if (input.validUntil < todayInBrazil()) throw badRequest(QUOTE_MESSAGES.validityPast, 'VALIDITY_PAST');
  return totals.totals;
}

const itemRows = (companyId: string, quoteId: string, input: QuoteInput, totals: { items: Array<{ totalCents: number }> }) =>
  input.items.map((item, position) => ({
    companyId,
    quoteId,
    position,
    productId: item.productId ?? null,
    description: item.description,
    unit: item.unit,
    quantityMilli: item.quantityMilli,
    unitPriceCents: item.unitPriceCents,
    discountCents: item.discountCents,
    totalCents: totals.items[position]!.totalCents,
  }));

/** The quote's own fields from the input; the person and organization default to `current`'s (the deal's, or the quote's as it was). */
const quoteFields = (input: QuoteInput, totals: { subtotalCents: number; totalCents: number }, current: { personId: string | null; organizationId: string | null }) => ({
  validUntil: input.validUntil,
  conditions: input.conditions,
  notes: input.notes,
  discountCents: input.discountCents,
  subtotalCents: totals.subtotalCents,
  totalCents: totals.totalCents,
  personId: input.personId === undefined ? current.personId : input.personId,
  organizationId: input.organizationId === undefined ? current.organizationId : input.organizationId,
});

/** A quote and its items in one transaction, numbered sequentially per company. */
export async function createQuote(t: Tenant, dealId: string, input: QuoteInput): Promise<Quote> {
  const id = await t.db.transaction(async (tx) => {
    const deal = await dealRow(tx, t.companyId, dealId);
    const totals = await prepare(tx, t.companyId, input);
    // One numbering per company: serialise the "max + 1" of concurrent creations.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`crm_quotes:${t.companyId}`}))`);
    const [{ next }] = (await tx
      .select({ next: sql<number>`COALESCE(MAX(${Q.number}), 0) + 1` })
      .from(Q)
      .where(eq(Q.companyId, t.companyId))) as [{ next: number }];
    const [row] = await tx
      .insert(Q)
      .values({
        companyId: t.companyId,
        dealId: deal.id,
        number: Number(next),
        ...quoteFields(input, totals, deal),
        createdBy: t.actorId,
      })
      .returning({ id: Q.id });
    await tx.insert(I).values(itemRows(t.companyId, row!.id, input, totals));
    await announce(tx, { companyId: t.companyId, entity: 'deal', id: deal.id, action: 'updated' });
    return row!.id;
  });
  return getQuote(t, id);
}

export async function updateQuote(t: Tenant, id: string, input: QuoteInput): Promise<Quote> {
  await t.db.transaction(async (tx) => {
    const row = await quoteRow(tx, t.companyId, id);
    await tx.execute(sql`SELECT 1 FROM crm_quotes WHERE id = ${id} FOR UPDATE`);
    if (row.status !== 'rascunho' && row.status !== 'enviado') throw conflict(QUOTE_MESSAGES.notEditable, 'QUOTE_NOT_EDITABLE');
    const totals = await prepare(tx, t.companyId, input);
    await tx
      .update(Q)
      .set({
        ...quoteFields(input, totals, row),
        updatedAt: new Date(),
      })
      .where(and(eq(Q.companyId, t.companyId), eq(Q.id, id)));
    await tx.delete(I).where(and(eq(I.companyId, t.companyId), eq(I.quoteId, id)));
    await tx.insert(I).values(itemRows(t.companyId, id, input, totals));
    await announce(tx, { companyId: t.companyId, entity: 'deal', id: row.dealId, action: 'updated' });
  });
  return getQuote(t, id);
}

export async function deleteQuote(t: Tenant, id: string): Promise<void> {
  await t.db.transaction(async (tx) => {
    const row = await quoteRow(tx, t.companyId, id);
    await tx.delete(Q).where(and(eq(Q.companyId, t.companyId), eq(Q.id, id)));
    await logAudit(tx, t, { action: 'quote_deleted', entity: 'quote', id, details: { label: `Orçamento nº ${row.number}` } });
    await announce(tx, { companyId: t.companyId, entity: 'deal', id: row.dealId, action: 'updated' });
  });
}

/**
 * Accepts or refuses a quote, by the team or by the client's link (decision 0161). Only a quote
 * not yet answered and still valid; accepting marks its deal won with the quote's total when the
 * deal is open. Answering twice is a 409.
 */
export async function answerQuote(
  t: { db: Tenant['db']; companyId: string; actorId: string | null },
  id: string,
  answer: 'aceito' | 'recusado',
  by: 'team' | 'client',
  reason?: string,
): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM crm_quotes WHERE id = ${id} AND company_id = ${t.companyId} FOR UPDATE`);
    const row = await quoteRow(tx, t.companyId, id);
    if (row.status === 'aceito' || row.status === 'recusado') throw conflict(QUOTE_MESSAGES.alreadyAnswered, 'QUOTE_ALREADY_ANSWERED');
    if (effectiveStatus(row.status, row.validUntil) === 'expirado') throw conflict(QUOTE_MESSAGES.expired, 'QUOTE_EXPIRED');
    const now = new Date();
    await tx
      .update(Q)
      .set(
        answer === 'aceito'
          ? { status: 'aceito', acceptedAt: now, answeredBy: by, updatedAt: now }
          : { status: 'recusado', refusedAt: now, answeredBy: by, refusalReason: reason || null, updatedAt: now },
      )
      .where(eq(Q.id, id));
    if (answer === 'aceito') {
      await tx
        .update(D)
        .set({ status: 'won', closedAt: now, valueCents: row.totalCents, wonReason: null, wonNote: `Orçamento nº ${row.number} aceito`, updatedAt: now })
        .where(and(eq(D.companyId, t.companyId), eq(D.id, row.dealId), eq(D.status, 'open')));
    }
    await announce(tx, { companyId: t.companyId, entity: 'deal', id: row.dealId, action: 'updated' });
  });
}

export async function markSent(db: DbOrTx, t: Tenant, id: string, to: string, personId: string | null) {
  const now = new Date();
  await db
    .update(Q)
    .set({ status: sql`CASE WHEN ${Q.status} = 'rascunho' THEN 'enviado' ELSE ${Q.status} END`, sentTo: to, sentAt: now, personId: personId ?? sql`${Q.personId}`, updatedAt: now })
    .where(and(eq(Q.companyId, t.companyId), eq(Q.id, id)));
}

export async function companyOf(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(schema.companies).where(eq(schema.companies.id, companyId));
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Empresa não encontrada');
  return row;
}

/** Deals to quote (the quote form's picker on /comercial): open ones first, by title, 20 at most. */
export async function searchDeals(t: Tenant, q: string | undefined): Promise<{ items: Array<{ id: string; title: string; valueCents: number; status: string }> }> {
  const where: SQL[] = [eq(D.companyId, t.companyId)];
  if (q) where.push(ilike(D.title, `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  const rows = await t.db
    .select({ id: D.id, title: D.title, valueCents: D.valueCents, status: D.status })
    .from(D)
    .where(and(...where))
    .orderBy(sql`${D.status} = 'open' DESC`, asc(D.title), asc(D.id))
    .limit(20);
  return { items: rows };
}
