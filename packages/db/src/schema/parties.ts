import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { searchText } from '../search.ts';
import { user } from './auth.ts';

/**
 * Parties (decision 0126): the product's one model of organizations and people.
 * Areas extend them (CRM owners and deals, finance's clientes/fornecedores, jurídico's partes,
 * the inbox's conversations) through their own tables pointing here; never copies.
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    razaoSocial: text('razao_social').notNull(),
    nomeFantasia: text('nome_fantasia'),
    /** Unmasked, upper-case, check digits valid (numeric or alphanumeric); null for a foreign or informal organization. */
    cnpj: text('cnpj'),
    email: text('email'),
    /** Digits only (DDD + number). */
    phone: text('phone'),
    website: text('website'),
    logradouro: text('logradouro'),
    numero: text('numero'),
    complemento: text('complemento'),
    bairro: text('bairro'),
    municipio: text('municipio'),
    uf: text('uf'),
    /** 8 digits. */
    cep: text('cep'),
    /** The CRM's owner. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Values of the admin-defined custom fields (crm_custom_fields), by key. */
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // The list: by name, then id (the cursor).
    index('organizations_company_name_idx').on(t.companyId, sql`lower(${t.razaoSocial})`, t.id),
    companyIndex('organizations', t.createdAt, t.id)(t),
    // One live organization per CNPJ in a company; the index, not a prior check, enforces it.
    companyIndex('organizations', t.ownerId)(t),
    index('organizations_tags_idx').using('gin', t.tags),
    // The contact search (decision 0155): words of the names by prefix, e-mail / phone / CNPJ by prefix.
    index('organizations_search_idx').using('gin', sql`to_tsvector('simple', ${searchText(sql`${t.razaoSocial} || ' ' || coalesce(${t.nomeFantasia}, '')`)})`),
    index('organizations_company_email_prefix_idx').on(t.companyId, sql`lower(${t.email}) text_pattern_ops`),
    index('organizations_company_phone_prefix_idx').on(t.companyId, sql`${t.phone} text_pattern_ops`),
    index('organizations_company_cnpj_prefix_idx').on(t.companyId, sql`${t.cnpj} text_pattern_ops`),
    uniqueIndex('organizations_company_cnpj_key').on(t.companyId, t.cnpj).where(sql`${t.cnpj} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);

/** LGPD art. 7 legal bases a person's data is processed under. */
export const people = pgTable(
  'people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** Normalized (trimmed, lower-case), the first is the main one. */
    emails: text('emails').array().notNull().default(sql`'{}'::text[]`),
    /** Digits only (DDD + number, 10 or 11 digits), the first is the main one. */
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    /** 11 digits, check digits valid; optional. */
    cpf: text('cpf'),
    position: text('position'),
    /** Where the person is (decision 0405): the city and its state (UF), e.g. from an import's 'Cidade' column. */
    municipio: text('municipio'),
    uf: text('uf'),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    /** The CRM's owner. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Values of the admin-defined custom fields (crm_custom_fields), by key. */
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    notes: text('notes'),
    // LGPD (decision 0126).
    legalBasis: text('legal_basis'),
    legalBasisSource: text('legal_basis_source'),
    legalBasisAt: date('legal_basis_at', { mode: 'string' }),
    emailOptOut: boolean('email_opt_out').notNull().default(false),
    whatsappOptOut: boolean('whatsapp_opt_out').notNull().default(false),
    emailBounced: boolean('email_bounced').notNull().default(false),
    suppressed: boolean('suppressed').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('people_company_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    companyIndex('people', t.createdAt, t.id)(t),
    index('people_company_organization_idx').on(t.companyId, t.organizationId),
    index('people_emails_idx').using('gin', t.emails),
    companyIndex('people', t.ownerId)(t),
    index('people_tags_idx').using('gin', t.tags),
    // The contact search (decision 0155): words of the name by prefix, the main e-mail and phone by prefix (with or without DDD).
    index('people_search_idx').using('gin', sql`to_tsvector('simple', ${searchText(sql`${t.name}`)})`),
    index('people_company_email_prefix_idx').on(t.companyId, sql`(lower(${t.emails}[1])) text_pattern_ops`),
    index('people_company_phone_prefix_idx').on(t.companyId, sql`(${t.phones}[1]) text_pattern_ops`),
    index('people_company_local_phone_prefix_idx').on(t.companyId, sql`(substr(${t.phones}[1], 3)) text_pattern_ops`),
    uniqueIndex('people_company_cpf_key').on(t.companyId, t.cpf).where(sql`${t.cpf} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);

/**
 * Who must never be contacted again (an erased person, an opt-out kept after deletion): an
 * HMAC-SHA256 of the normalized e-mail or phone, keyed by a server secret and the company, so
 * the list holds no personal data and a leaked table cannot be reversed by hashing guesses.
 */
export const suppressionList = pgTable(
  'suppression_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** 'email' | 'phone'. */
    kind: text('kind').notNull(),
    hash: text('hash').notNull(),
    /** 'erasure' | 'opt_out' | 'bounce'. */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suppression_list_company_hash_key').on(t.companyId, t.hash)],
);
