import { bigint, date, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finAccounts, finCategories, finEntries, finPayments } from './finance.ts';

/** 'ofx' | 'csv'. */
export type FinStatementFormat = 'ofx' | 'csv';
/** A line's reconciliation state. */
export type FinStatementLineStatus = 'pending' | 'matched' | 'created' | 'ignored';

/** One bank statement file imported into an account (extratos e conciliação; decision 0175). */
export const finStatementImports = pgTable(
  'fin_statement_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'cascade' }),
    format: text('format').$type<FinStatementFormat>().notNull(),
    fileName: text('file_name').notNull(),
    /** BANKID / ACCTID as the file states them (OFX), for the record. */
    bankId: text('bank_id'),
    acctId: text('acct_id'),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    /** The balance the bank states in the file (OFX LEDGERBAL, a CSV's last balance line) and its day (decision 0373). */
    ledgerBalanceCents: bigint('ledger_balance_cents', { mode: 'number' }),
    ledgerBalanceDate: date('ledger_balance_date', { mode: 'string' }),
    /** Lines in the file, and how many were new (the rest were already imported). */
    totalLines: integer('total_lines').notNull().default(0),
    importedLines: integer('imported_lines').notNull().default(0),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('fin_statement_imports', t.createdAt, t.id)(t)],
);

/** One transaction of a statement: what the bank says moved, and what it was reconciled with. */
export const finStatementLines = pgTable(
  'fin_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    importId: uuid('import_id')
      .notNull()
      .references(() => finStatementImports.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'cascade' }),
    postedDate: date('posted_date', { mode: 'string' }).notNull(),
    /** Signed: credits > 0, debits < 0. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    fitId: text('fit_id'),
    memo: text('memo').notNull().default(''),
    payee: text('payee'),
    /** De-duplication key, unique per account (decision 0176). */
    dedupKey: text('dedup_key').notNull(),
    status: text('status').$type<FinStatementLineStatus>().notNull().default('pending'),
    matchedPaymentId: uuid('matched_payment_id').references(() => finPayments.id, { onDelete: 'set null' }),
    matchedEntryId: uuid('matched_entry_id').references(() => finEntries.id, { onDelete: 'set null' }),
    /** The category the AI suggested (not applied until the person creates the entry). */
    suggestedCategoryId: uuid('suggested_category_id').references(() => finCategories.id, { onDelete: 'set null' }),
    reconciledBy: text('reconciled_by').references(() => user.id, { onDelete: 'set null' }),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_statement_lines_account_dedup_uq').on(t.accountId, t.dedupKey),
    companyIndex('fin_statement_lines', t.accountId, t.status, t.postedDate)(t),
    companyIndex('fin_statement_lines', t.importId)(t),
  ],
);
