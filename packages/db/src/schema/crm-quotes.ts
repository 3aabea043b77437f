import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { deals } from './crm.ts';
import { organizations, people } from './parties.ts';

/**
 * The CRM's catalogue and quotes (decisions 0160–0161): products and services
 * with a price, quotes (orçamentos) on a deal with their line items, and the AI insights stored
 * per deal (item 7, decision 0162). Money in integer cents; quantities in thousandths.
 */
export const crmProducts = pgTable(
  'crm_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** SKU or internal code (optional, unique per company when given). */
    code: text('code'),
    /** 'un', 'h', 'kg', 'mês'… */
    unit: text('unit').notNull().default('un'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('crm_products', t.name, t.id)(t), uniqueIndex('crm_products_company_code_key').on(t.companyId, t.code)],
);

export type QuoteStatus = 'rascunho' | 'enviado' | 'aceito' | 'recusado' | 'expirado';

export const crmQuotes = pgTable(
  'crm_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    /** Sequential per company (1, 2, 3…), shown as "Orçamento nº 12". */
    number: integer('number').notNull(),
    status: text('status').$type<QuoteStatus>().notNull().default('rascunho'),
    /** Last day the quote may be accepted (YYYY-MM-DD, America/Sao_Paulo). */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** Payment terms and conditions. */
    conditions: text('conditions').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /** Discount on the whole quote, in cents (after the items' own discounts). */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** Computed on the server: sum of the items' totals. */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** The client organization (decision 0404), from the deal when the quote is made. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The contact it is (or was) sent to. */
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    sentTo: text('sent_to'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    /** 'team' | 'client': who answered. */
    answeredBy: text('answered_by'),
    refusalReason: text('refusal_reason'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crm_quotes_company_number_key').on(t.companyId, t.number),
    companyIndex('crm_quotes', t.dealId, t.createdAt)(t),
    companyIndex('crm_quotes', t.status, t.createdAt)(t),
    companyIndex('crm_quotes', t.createdAt, t.id)(t),
  ],
);

export const crmQuoteItems = pgTable(
  'crm_quote_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => crmQuotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    productId: uuid('product_id').references(() => crmProducts.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    unit: text('unit').notNull().default('un'),
    /** Thousandths: 1500 = 1,5. */
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
  },
  (t) => [companyIndex('crm_quote_items', t.quoteId, t.position)(t)],
);

export type CrmInsightKind = 'summary' | 'next_step' | 'lead_score';

/** The AI's answers about a deal, kept so they show without paying again; re-running adds a row. */
export const crmAiInsights = pgTable(
  'crm_ai_insights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CrmInsightKind>().notNull(),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    /** The prompt's versioned id ('deal-summary.v1'). */
    version: text('version').notNull(),
    model: text('model'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('crm_ai_insights', t.dealId, t.kind, t.createdAt)(t), index('crm_ai_insights_deal_idx').on(t.dealId)],
);
