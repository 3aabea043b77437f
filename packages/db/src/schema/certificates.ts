import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { companyId } from '../tenant.ts';

/**
 * The company's ICP-Brasil A1 certificate (decision 0540): one per company, the PFX and its
 * password encrypted at rest (platform/secret-box.ts), the facts shown to people in clear.
 * NFS-e signs and sends with it; electronic signature seals PDFs with it.
 */
export const companyCertificates = pgTable(
  'company_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** encryptSecret(base64 of the PFX bytes). */
    pfxEncrypted: text('pfx_encrypted').notNull(),
    passwordEncrypted: text('password_encrypted').notNull(),
    subject: text('subject').notNull(),
    /** The 14 digits of the e-CNPJ (ICP-Brasil otherName 2.16.76.1.3.3, else the CN's suffix). */
    cnpj: text('cnpj').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    /** When the 30-day expiry alert went out for this certificate (a new upload clears it). */
    expiryNotifiedAt: timestamp('expiry_notified_at', { withTimezone: true }),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_certificates_company_key').on(t.companyId)],
);
