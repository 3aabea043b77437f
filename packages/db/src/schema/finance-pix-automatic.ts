import { sql } from 'drizzle-orm';
import { bigint, date, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { finAccounts } from './finance.ts';
import { finCharges } from './finance-pix.ts';

/**
 * Pix Automático (decisions 0610–0612): a recurring receivable series (`fin_entries.recurrence_id`)
 * with its recurrence at the PSP (`/rec`, `idRec`) and the authorisation asked of the payer
 * (`/solicrec`). Its cobranças recorrentes are `fin_charges` rows of method 'pix_cobr' (provider
 * reference = idRec), settled by the one settlement. A series has at most one live recurrence
 * (created or approved); a rejected, expired or cancelled one stays as history.
 */
export const finPixRecurrences = pgTable(
  'fin_pix_recurrences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** The Financeiro series (fin_entries.recurrence_id). */
    recurrenceId: uuid('recurrence_id').notNull(),
    /** The account whose API Pix holds the recurrence (and receives the money). */
    accountId: uuid('account_id')
      .notNull()
      .references(() => finAccounts.id, { onDelete: 'restrict' }),
    /** The PSP's id of the recurrence (RecId, 29 characters). */
    idRec: text('id_rec').notNull(),
    /** BCB's RecStatus: 'CRIADA' | 'APROVADA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA'. */
    status: text('status').notNull().default('CRIADA'),
    /** The authorisation request (SolicRec) and its status ('CRIADA' | 'ENVIADA' | 'RECEBIDA' | 'ACEITA' | 'REJEITADA' | 'EXPIRADA' | 'CANCELADA'). */
    idSolicRec: text('id_solic_rec'),
    solicStatus: text('solic_status'),
    /** 'MENSAL' | 'ANUAL' … as asked of the payer. */
    periodicity: text('periodicity').notNull(),
    /** The fixed amount authorised (null: variable). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    /** The payer as sent: CPF or CNPJ digits and name. */
    debtorDocument: text('debtor_document').notNull(),
    debtorName: text('debtor_name').notNull(),
    /** Why it ended (the PSP's rejection or cancellation code and words), or the last refusal of the request. */
    reason: text('reason'),
    /** Jornada 2: the recurrence's QR (its Pix copia e cola from the PSP's `dadosQR`, and the image), which the customer reads to authorise. */
    qrCode: text('qr_code'),
    qrSvg: text('qr_svg'),
    /**
     * How the payer is asked to authorise (BCB's tipoJornada): 'JORNADA_1' (a request to their bank,
     * `/solicrec`), 'JORNADA_2' (the recurrence's QR), 'JORNADA_3'/'JORNADA_4' (one QR that pays the
     * first occurrence — by a cob or a cobv — and authorises the rest; decision 0756). Null: not asked yet.
     */
    journey: text('journey'),
    /** Jornadas 3 and 4: the charge of the first occurrence that the QR pays (its cob or cobv). */
    firstChargeId: uuid('first_charge_id').references(() => finCharges.id, { onDelete: 'set null' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fin_pix_recurrences_id_rec_idx').on(t.companyId, t.idRec),
    // One live recurrence per series: the index, not a prior read, enforces it.
    uniqueIndex('fin_pix_recurrences_live_idx').on(t.companyId, t.recurrenceId).where(sql`${t.status} in ('CRIADA', 'APROVADA')`),
    companyIndex('fin_pix_recurrences', t.recurrenceId, t.createdAt)(t),
  ],
);
