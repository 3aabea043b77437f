import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * What a company did with the Receita Federal data (decisions
 * 0205–0209): the leads it paid to reveal and its saved searches. The `rf_*` reference tables
 * may live on another database (`PROSPECT_DATABASE_URL`), so nothing here references them.
 */
export const prospectReveals = pgTable(
  'prospect_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** The establishment's 14-character CNPJ (numeric or alphanumeric), as in rf_estabelecimentos. */
    cnpj: text('cnpj').notNull(),
    /** 'pending' while its charge runs (claimed by one request), 'revealed' once paid. */
    status: text('status').notNull().default('pending'),
    /** The claim of the request that pays for it (the paid action's reference). */
    claim: uuid('claim').notNull(),
    revealedBy: text('revealed_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prospect_reveals_company_cnpj_key').on(t.companyId, t.cnpj),
    companyIndex('prospect_reveals', t.createdAt, t.id)(t),
    // The paid work turns one claim's rows `revealed` (or a failure deletes them).
    index('prospect_reveals_claim_idx').on(t.claim),
  ],
);

/** A named set of /extrair-leads-cnpj filters, shared by the company's members. */
export const prospectSavedSearches = pgTable(
  'prospect_saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** The search's query parameters as the page writes them to the URL. */
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('prospect_saved_searches', t.createdAt, t.id)(t)],
);
