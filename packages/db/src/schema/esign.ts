import { bigserial, boolean, date, doublePrecision, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { files } from './files.ts';
import { jobRuns } from './jobs.ts';
import { contracts } from './legal.ts';

/**
 * An envelope to sign (decisions 0550–0555): one PDF (a platform file of entity
 * 'signature_envelope', copied from the upload or from the contract's file, so it never changes),
 * its signers and its evidence. The final, sealed PDF is a file of the envelope and, when it came
 * from Jurídico, of the contract too.
 */
export const signatureEnvelopes = pgTable(
  'signature_envelopes',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message'),
    /** rascunho | enviado | visualizado | parcialmente_assinado | finalizando | assinado | recusado | expirado | cancelado */
    status: text('status').notNull().default('rascunho'),
    /** sequencial | simultanea */
    signingOrder: text('signing_order').notNull().default('simultanea'),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** A reminder to whoever's turn it is every this many days (decision 0593); null: none (decision 0620). */
    remindEveryDays: integer('remind_every_days').default(3),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** Where the envelope came from besides Jurídico (decision 0591): e.g. 'crm_quote' and the quote's id; its module hears of the completion. */
    sourceEntity: text('source_entity'),
    sourceId: uuid('source_id'),
    /** What the source asked for on completion, e.g. { winDeal: true }. */
    sourceOptions: jsonb('source_options').$type<Record<string, unknown>>(),
    documentFileId: uuid('document_file_id').references(() => files.id, { onDelete: 'set null' }),
    documentSha256: text('document_sha256'),
    documentPages: integer('document_pages'),
    finalFileId: uuid('final_file_id').references(() => files.id, { onDelete: 'set null' }),
    finalSha256: text('final_sha256'),
    /** Printed on the certificate page, opens /verificar/:code; unique across companies. */
    verificationCode: text('verification_code').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The platform job that seals it once the last signer signed (decision 0623); its progress is the sender's to watch. */
    sealingRunId: uuid('sealing_run_id').references(() => jobRuns.id, { onDelete: 'set null' }),
    /** When the completion was told (sender, source, signers' e-mails): claimed once, so a job run twice never tells twice. */
    completionToldAt: timestamp('completion_told_at', { withTimezone: true }),
  },
  (t) => [companyIndex('signature_envelopes', t.createdAt, t.id)(t), uniqueIndex('signature_envelopes_code_uq').on(t.verificationCode), uniqueIndex('signature_envelopes_final_sha_uq').on(t.finalSha256)],
);

/** A signer of an envelope: the link's token and the one-time code are kept as SHA-256 only. */
export const signatureSigners = pgTable(
  'signature_signers',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => signatureEnvelopes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    cpf: text('cpf'),
    /** assinar | aprovar | testemunha | receber_copia */
    role: text('role').notNull(),
    /** pendente | enviado | visualizado | assinado | recusado */
    status: text('status').notNull().default('pendente'),
    tokenHash: text('token_hash'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    locked: boolean('locked').notNull().default(false),
    codeConfirmedAt: timestamp('code_confirmed_at', { withTimezone: true }),
    signatureText: text('signature_text'),
    signatureImage: text('signature_image'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    refusalReason: text('refusal_reason'),
  },
  (t) => [companyIndex('signature_signers', t.envelopeId, t.position)(t), uniqueIndex('signature_signers_token_uq').on(t.tokenHash), uniqueIndex('signature_signers_email_uq').on(t.envelopeId, t.email)],
);

/** The evidence: every event of an envelope with its time, address, browser and the document's SHA-256. Never updated. */
export const signatureEvents = pgTable(
  'signature_events',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order events were written in (several may share a millisecond). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => signatureEnvelopes.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signatureSigners.id, { onDelete: 'cascade' }),
    /** created | sent | viewed | code_sent | code_confirmed | signed | refused | completed | cancelled | expired | resent */
    kind: text('kind').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    documentSha256: text('document_sha256'),
  },
  (t) => [companyIndex('signature_events', t.envelopeId, t.seq)(t)],
);

/** The installation's own sealing certificate (decision 0553): one row, key and certificate encrypted with the server's secret. No company. */
export const sealingCertificates = pgTable('sealing_certificates', {
  id: text('id').primaryKey(),
  encrypted: text('encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A field placed on the document for one signer (decision 0590): where (page, and x/y/w/h as
 * fractions of the page from its top-left corner), what (assinatura, rubrica, nome, cpf, data,
 * texto, checkbox) and, once the signer signed, the value stamped on the final PDF. Placed while
 * the envelope is a draft; locked once sent.
 */
export const signatureFields = pgTable(
  'signature_fields',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    envelopeId: uuid('envelope_id')
      .notNull()
      .references(() => signatureEnvelopes.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signatureSigners.id, { onDelete: 'cascade' }),
    /** assinatura | rubrica | nome | cpf | data | texto | checkbox */
    type: text('type').notNull(),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    w: doublePrecision('w').notNull(),
    h: doublePrecision('h').notNull(),
    /** A rubrica stamped at the same place on every page. */
    allPages: boolean('all_pages').notNull().default(false),
    required: boolean('required').notNull().default(true),
    label: text('label'),
    /** What the signer filled (texto, cpf, checkbox 'true'/'false'); nome, data and the signatures come from the signing itself. */
    value: text('value'),
    position: integer('position').notNull().default(0),
  },
  (t) => [companyIndex('signature_fields', t.envelopeId, t.position)(t)],
);

/**
 * A template of an envelope the company sends often (decision 0620): its own copy of the PDF (a
 * platform file of entity 'signature_template'), the roles that sign ('Contratante', 'Testemunha
 * 1'…) in order, the settings, and the fields placed once per role. Slots and fields are small
 * lists validated on write and always read whole: jsonb. Deleting archives it.
 */
export const signatureTemplates = pgTable(
  'signature_templates',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The title an envelope made from it starts with. */
    title: text('title').notNull(),
    message: text('message'),
    signingOrder: text('signing_order').notNull().default('simultanea'),
    expiresInDays: integer('expires_in_days').notNull(),
    remindEveryDays: integer('remind_every_days'),
    documentFileId: uuid('document_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Null until the PDF of a template started from a PDF is sent. */
    documentPages: integer('document_pages'),
    /** [{ id, label, role }] in signing order. */
    slots: jsonb('slots').$type<{ id: string; label: string; role: string }[]>().notNull(),
    /** [{ id, signerId: the slot's id, type, page, x, y, w, h, allPages, required, label }]. */
    fields: jsonb('fields').$type<Record<string, unknown>[]>().notNull().default([]),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [companyIndex('signature_templates', t.name)(t)],
);
