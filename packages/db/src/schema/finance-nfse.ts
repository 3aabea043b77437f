import { sql } from 'drizzle-orm';
import { integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { finEntries } from './finance.ts';
import { companyId, companyIndex } from '../tenant.ts';

/** One service the company invoices: a code of the national list (cTribNac) and its ISS rate. */
export type NfseServiceCode = { code: string; description: string; issRate: string; municipalCode?: string | null };

/** NFS-e Nacional settings of a company (decision 0541): one row per company. */
export const nfseSettings = pgTable(
  'nfse_settings',
  {
    companyId: companyId().primaryKey(),
    /** 'restricted' (produção restrita, tpAmb 2) | 'production' (tpAmb 1). */
    environment: text('environment').notNull().default('restricted'),
    /** IBGE code of the municipality where the service is rendered and the company is registered (7 digits). */
    municipalityCode: text('municipality_code').notNull(),
    municipalRegistration: text('municipal_registration'),
    /** 'simples' | 'mei' | 'presumido' | 'real'. */
    regime: text('regime').notNull(),
    serie: text('serie').notNull().default('1'),
    services: jsonb('services').$type<NfseServiceCode[]>().notNull().default([]),
    /** IBS/CBS of the tax reform (LC 214/2025): the classification of the operation and the rates in percent. */
    ibsCbsCst: text('ibs_cbs_cst'),
    ibsCbsClassification: text('ibs_cbs_classification'),
    ibsRate: numeric('ibs_rate', { precision: 7, scale: 4 }),
    cbsRate: numeric('cbs_rate', { precision: 7, scale: 4 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** The next DPS number per company and serie, locked by the issuing transaction (decision 0542). */
export const nfseCounters = pgTable(
  'nfse_counters',
  {
    companyId: companyId(),
    serie: text('serie').notNull(),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.serie] })],
);

/** An NFS-e issued from a receivable: only authorised ones are stored (a rejection leaves no row). */
export const nfseInvoices = pgTable(
  'nfse_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => finEntries.id, { onDelete: 'cascade' }),
    /** 'authorized' | 'cancelled'. */
    status: text('status').notNull().default('authorized'),
    environment: text('environment').notNull(),
    serie: text('serie').notNull(),
    number: integer('number').notNull(),
    dpsId: text('dps_id').notNull(),
    accessKey: text('access_key').notNull(),
    serviceCode: text('service_code').notNull(),
    amountCents: integer('amount_cents').notNull(),
    xmlFileId: uuid('xml_file_id'),
    pdfFileId: uuid('pdf_file_id'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    issuedBy: text('issued_by').references(() => user.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('nfse_invoices_number_key').on(t.companyId, t.serie, t.number),
    uniqueIndex('nfse_invoices_access_key').on(t.accessKey),
    // One live note per receivable: a second 'Emitir nota' is a 409; after a cancellation it may be issued again.
    uniqueIndex('nfse_invoices_live_entry_key').on(t.entryId).where(sql`status = 'authorized'`),
    companyIndex('nfse_invoices', t.entryId)(t),
  ],
);

/**
 * Each sending of an authorised note to the customer (decision 0545): the DANFSe and the XML by
 * e-mail, automatic after authorisation (`sentBy` null) or a member's 'Reenviar'; a failed one
 * is kept with its reason so the page can say so and offer to send again.
 */
export const nfseDeliveries = pgTable(
  'nfse_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => nfseInvoices.id, { onDelete: 'cascade' }),
    /** The address it went to; null when there was none to send to. */
    sentTo: text('sent_to'),
    /** 'sent' | 'failed'. */
    status: text('status').notNull(),
    error: text('error'),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('nfse_deliveries', t.invoiceId, t.createdAt)(t)],
);

/**
 * The receivable billed from a CRM quote or a won deal (decision 0546): one per quote or deal,
 * so 'Cobrar' twice never bills twice.
 */
export const finEntryOrigins = pgTable(
  'fin_entry_origins',
  {
    companyId: companyId(),
    /** 'quote' | 'deal'. */
    originType: text('origin_type').notNull(),
    originId: uuid('origin_id').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => finEntries.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.originType, t.originId] }), uniqueIndex('fin_entry_origins_entry_key').on(t.entryId)],
);
