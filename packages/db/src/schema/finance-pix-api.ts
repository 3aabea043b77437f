import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finAccounts } from './finance.ts';

/**
 * Dynamic Pix through the bank's standard API Pix (decisions 0560–0563): one row per
 * Financeiro account that charges through its PSP. The OAuth secret, the mTLS certificate (always
 * kept as a PFX; a PEM upload is converted) and its password are encrypted at rest
 * (platform/secret-box.ts); the facts people read (subject, expiry) are in clear. The webhook's
 * address carries a random secret of its own: its SHA-256 finds the row, the secret itself is
 * kept encrypted to register the address again.
 */
export const finPixApiSettings = pgTable(
  'fin_pix_api_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'cascade' }),
    /** The PSP's API Pix base URL (e.g. https://pix.banco.com.br/api/v2), without the trailing slash. */
    baseUrl: text('base_url').notNull(),
    /** The OAuth token endpoint; null: `<baseUrl>/oauth/token`. */
    tokenUrl: text('token_url'),
    clientId: text('client_id').notNull(),
    clientSecretEncrypted: text('client_secret_encrypted').notNull(),
    /** The Pix key (of this account) the charges and the webhook use. */
    pixKey: text('pix_key').notNull(),
    /** cobv: fine after the due date (basis points of the amount) and interest per month (basis points); 0 = none. */
    fineBps: integer('fine_bps').notNull().default(0),
    interestBps: integer('interest_bps').notNull().default(0),
    certPfxEncrypted: text('cert_pfx_encrypted'),
    certPasswordEncrypted: text('cert_password_encrypted'),
    certSubject: text('cert_subject'),
    certNotBefore: timestamp('cert_not_before', { withTimezone: true }),
    certNotAfter: timestamp('cert_not_after', { withTimezone: true }),
    /** When the 30-day expiry alert went out for this certificate (a new upload clears it). */
    certExpiryNotifiedAt: timestamp('cert_expiry_notified_at', { withTimezone: true }),
    webhookSecretHash: text('webhook_secret_hash').notNull(),
    webhookSecretEncrypted: text('webhook_secret_encrypted').notNull(),
    webhookRegisteredAt: timestamp('webhook_registered_at', { withTimezone: true }),
    /** Why the last registration failed (pt-BR), null when it did not. */
    webhookError: text('webhook_error'),
    /** The end of the last window `GET /pix` reconciled. */
    reconciledUntil: timestamp('reconciled_until', { withTimezone: true }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_pix_api_settings_account_idx').on(t.companyId, t.accountId),
    uniqueIndex('fin_pix_api_settings_webhook_idx').on(t.webhookSecretHash),
    uniqueIndex('fin_pix_api_settings_key_idx').on(t.companyId, t.pixKey),
    companyIndex('fin_pix_api_settings', t.createdAt)(t),
  ],
);
