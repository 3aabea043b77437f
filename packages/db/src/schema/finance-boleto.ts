import { date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finAccounts, finEntries } from './finance.ts';
import { finCharges } from './finance-pix.ts';

/**
 * Boleto through a payment provider (decisions 0570–0573): the company's provider
 * settings (Asaas first), the provider's customers it made, and the boletos issued. A boleto's
 * charge is a `fin_charges` row (method 'boleto'), so it is settled by the one settlement and
 * kept once by that table's open-charge index.
 */
export const finPaymentProviders = pgTable(
  'fin_payment_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** 'asaas'. */
    provider: text('provider').notNull(),
    /** 'sandbox' | 'production'. */
    environment: text('environment').notNull(),
    /** The company's API key, encrypted (platform/secret-box.ts). */
    apiKeyEncrypted: text('api_key_encrypted').notNull(),
    /** Its last 4 characters, to recognise it. */
    apiKeyHint: text('api_key_hint').notNull(),
    /** SHA-256 (hex) of the token the provider sends in its webhook (`asaas-access-token`); the token itself is shown once. */
    webhookTokenHash: text('webhook_token_hash').notNull(),
    /** Sede's webhook registered at the provider (decision 0603): its id there, 'registered' | 'failed', the provider's words, when. */
    webhookExternalId: text('webhook_external_id'),
    webhookState: text('webhook_state'),
    webhookError: text('webhook_error'),
    webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
    /** The Financeiro account the provider's balance is (where a paid boleto lands). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'restrict' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_payment_providers_company_provider_idx').on(t.companyId, t.provider), uniqueIndex('fin_payment_providers_webhook_token_idx').on(t.webhookTokenHash)],
);

/** A customer made at the provider for a CPF/CNPJ, reused by the next boleto of that payer. */
export const finProviderCustomers = pgTable(
  'fin_provider_customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    provider: text('provider').notNull(),
    environment: text('environment').notNull(),
    /** Digits (CPF) or the CNPJ's characters. */
    taxId: text('tax_id').notNull(),
    externalId: text('external_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fin_provider_customers_company_tax_idx').on(t.companyId, t.provider, t.environment, t.taxId)],
);

export type BoletoStatusColumn = 'issuing' | 'open' | 'overdue' | 'paid' | 'cancelled';

/** A boleto of a receivable: its provider's payment id, linha digitável, barcode, PDF and the hybrid boleto's Pix. */
export const finBoletos = pgTable(
  'fin_boletos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** Null once its receivable was deleted: the row stays until the boleto is cancelled at the provider (decision 0602). */
    chargeId: uuid('charge_id').references(() => finCharges.id, { onDelete: 'set null' }),
    entryId: uuid('entry_id').references(() => finEntries.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    environment: text('environment').notNull(),
    /** The provider's payment id (Asaas: pay_…); null while it is being issued. */
    externalId: text('external_id'),
    customerExternalId: text('customer_external_id'),
    status: text('status').$type<BoletoStatusColumn>().notNull().default('issuing'),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    /** Linha digitável (47 digits), validated. */
    identificationField: text('identification_field'),
    /** Código de barras (44 digits). */
    barCode: text('bar_code'),
    nossoNumero: text('nosso_numero'),
    /** The boleto's PDF at the provider. */
    bankSlipUrl: text('bank_slip_url'),
    invoiceUrl: text('invoice_url'),
    /**
     * The automatic cancellation at the provider of an open boleto whose receivable was settled
     * another way, cancelled or deleted (decision 0602): why ('settled' | 'cancelled' | 'deleted'),
     * 'done' | 'failed', the provider's words when it failed.
     */
    autoCancelReason: text('auto_cancel_reason'),
    autoCancelState: text('auto_cancel_state'),
    autoCancelError: text('auto_cancel_error'),
    autoCancelAt: timestamp('auto_cancel_at', { withTimezone: true }),
    /** The description of the deleted receivable, for the settings' list of cancellations. */
    label: text('label'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_boletos_charge_idx').on(t.chargeId),
    uniqueIndex('fin_boletos_company_external_idx').on(t.companyId, t.provider, t.externalId),
    companyIndex('fin_boletos', t.entryId, t.createdAt)(t),
  ],
);
