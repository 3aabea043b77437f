import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { emailSchema } from '../email.ts';
import { uuidSchema } from '../platform/api.ts';
import { JOB_STATUSES } from '../platform/jobs.ts';
import { safeText } from '../text.ts';
import { fieldValuesSchema, fieldViewSchema } from './fields.ts';
import { SIGNER_ROLES, type SignerRole } from './labels.ts';

/** Electronic signature (decisions 0550–0556): envelopes, their signers and evidence. */

export const ENVELOPE_STATUSES = ['rascunho', 'enviado', 'visualizado', 'parcialmente_assinado', 'finalizando', 'assinado', 'recusado', 'expirado', 'cancelado'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];
export const ENVELOPE_STATUS_LABELS: Record<EnvelopeStatus, string> = {
  rascunho: 'Rascunho',
  enviado: 'Enviado',
  visualizado: 'Visualizado',
  parcialmente_assinado: 'Parcialmente assinado',
  finalizando: 'Finalizando',
  assinado: 'Assinado',
  recusado: 'Recusado',
  expirado: 'Expirado',
  cancelado: 'Cancelado',
};
/**
 * Nothing changes in an envelope in these states: a signed document never changes. 'finalizando'
 * (every signer signed, the seal being made by a job; decision 0623) takes no more action either.
 */
export const FINISHED_STATUSES: readonly EnvelopeStatus[] = ['finalizando', 'assinado', 'recusado', 'expirado', 'cancelado'];

export { SIGNER_ROLE_LABELS, SIGNER_ROLES, type SignerRole } from './labels.ts';
/** Who must act for the envelope to be complete (a copy's recipient only receives the signed PDF). */
export const actsOnEnvelope = (role: SignerRole) => role !== 'receber_copia';

export const SIGNER_STATUSES = ['pendente', 'enviado', 'visualizado', 'assinado', 'recusado'] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];
export const SIGNER_STATUS_LABELS: Record<SignerStatus, string> = {
  pendente: 'Aguardando a vez',
  enviado: 'Link enviado',
  visualizado: 'Visualizou',
  assinado: 'Assinou',
  recusado: 'Recusou',
};

export const SIGNING_ORDERS = ['simultanea', 'sequencial'] as const;
export type SigningOrder = (typeof SIGNING_ORDERS)[number];
export const SIGNING_ORDER_LABELS: Record<SigningOrder, string> = { simultanea: 'Todos ao mesmo tempo', sequencial: 'Na ordem da lista' };

export const EVENT_KINDS = ['created', 'sent', 'viewed', 'code_sent', 'code_confirmed', 'signed', 'refused', 'completed', 'cancelled', 'expired', 'resent', 'reminded'] as const;
export type EnvelopeEventKind = (typeof EVENT_KINDS)[number];
export const EVENT_LABELS: Record<EnvelopeEventKind, string> = {
  created: 'Envelope criado',
  sent: 'Link de assinatura enviado',
  viewed: 'Documento visualizado',
  code_sent: 'Código de confirmação enviado',
  code_confirmed: 'Identidade confirmada por código',
  signed: 'Assinou',
  refused: 'Recusou',
  completed: 'Todas as assinaturas concluídas',
  cancelled: 'Envelope cancelado',
  expired: 'Envelope expirado',
  resent: 'Link reenviado',
  reminded: 'Lembrete enviado',
};

export const ESIGN_LIMITS = {
  signers: 20,
  codeDigits: 6,
  codeMinutes: 10,
  codeAttempts: 5,
  /** A drawn signature: a PNG as a data URL. */
  signatureImageBytes: 200_000,
  maxDays: 365,
  /** Reminders every 1 to 30 days (decision 0620); 3 by default (decision 0593). */
  remindMaxDays: 30,
  remindDefaultDays: 3,
} as const;

export const ESIGN_MESSAGES = {
  envelopeNotFound: 'Envelope não encontrado.',
  signerNotFound: 'Signatário não encontrado.',
  title: 'Informe o título do envelope.',
  titleTooLong: 'O título pode ter no máximo 160 caracteres.',
  message: 'A mensagem pode ter no máximo 2.000 caracteres.',
  name: 'Informe o nome do signatário.',
  nameTooLong: 'O nome pode ter no máximo 120 caracteres.',
  email: 'Informe o e-mail do signatário.',
  emailInvalid: 'E-mail do signatário inválido.',
  cpf: 'CPF inválido: confira os dígitos.',
  role: 'Papel do signatário inválido.',
  order: 'Ordem de assinatura inválida.',
  expiresOn: 'Informe uma data de expiração entre amanhã e daqui a um ano.',
  remindEveryDays: 'Lembretes: escolha de 1 a 30 dias, ou nenhum lembrete.',
  signersRequired: 'Adicione pelo menos uma pessoa que assine.',
  signersTooMany: 'Um envelope pode ter no máximo 20 signatários.',
  signerTwice: 'O mesmo e-mail aparece duas vezes entre os signatários.',
  contractFile: 'Escolha um arquivo do contrato.',
  fileNotFound: 'Arquivo não encontrado neste envelope.',
  notPdf: 'Envie o documento em PDF.',
  docx: 'Documentos do Word (DOCX) ainda não podem ser assinados aqui: salve-o como PDF (no Word, Arquivo › Salvar como › PDF) e envie o PDF.',
  pdfEncrypted: 'Este PDF está protegido por senha ou criptografado. Remova a proteção e envie de novo.',
  pdfBroken: 'Não foi possível ler este PDF: o arquivo parece corrompido.',
  noDocument: 'Envie o documento em PDF antes de enviar o envelope.',
  notDraft: 'Só um envelope em rascunho pode ser alterado ou enviado.',
  finished: 'Este envelope já foi concluído, recusado, expirado ou cancelado.',
  signerDone: 'Este signatário já assinou ou recusou.',
  notYourTurn: 'Este signatário ainda aguarda a vez: o link vai quando os anteriores assinarem.',
  linkInvalid: 'Link de assinatura inválido.',
  linkUsed: 'Você já respondeu a este envelope: o link não pode ser usado de novo.',
  linkLocked: 'Link bloqueado após muitas tentativas de código. Peça ao remetente que reenvie o link.',
  envelopeExpired: 'Este envelope expirou e não pode mais ser assinado.',
  envelopeCancelled: 'Este envelope foi cancelado pelo remetente.',
  envelopeRefused: 'Este envelope foi recusado por um dos signatários.',
  codeFirst: 'Confirme sua identidade com o código enviado ao seu e-mail.',
  codeInvalid: 'Código incorreto.',
  codeExpired: 'Este código expirou. Peça um novo.',
  codeFormat: 'Digite os 6 números do código.',
  accept: 'Para assinar, confirme que leu e concorda com o documento.',
  signatureText: 'Digite seu nome como assinatura.',
  signatureImage: 'Desenhe sua assinatura de novo: a imagem não é válida ou passa de 200 KB.',
  reason: 'Conte o motivo da recusa (até 1.000 caracteres).',
  verifyNotFound: 'Nenhum documento assinado no Sede corresponde a este código ou arquivo.',
  sealingNotFailed: 'Só a finalização de um envelope que falhou pode ser tentada de novo.',
} as const;
const M = ESIGN_MESSAGES;

// ---------- requests ----------
export const envelopeIdParams = z.object({ id: uuidSchema(M.envelopeNotFound) });

const cpfField = z
  .string({ error: M.cpf })
  .nullish()
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || (!/[^\d.\-\s]/.test(v) && isValidCpf(v)), { message: M.cpf })
  .transform((v) => v?.replace(/\D/g, '') ?? null);

/** Every how many days the signers whose turn it is hear again; null: never (decisions 0593, 0620). */
export const remindEveryDaysSchema = z
  .number({ error: M.remindEveryDays })
  .int(M.remindEveryDays)
  .min(1, M.remindEveryDays)
  .max(ESIGN_LIMITS.remindMaxDays, M.remindEveryDays)
  .nullable()
  .default(ESIGN_LIMITS.remindDefaultDays);

export const signerInputSchema = z.object({
  name: safeText({ error: M.name })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.name).max(120, M.nameTooLong)),
  email: emailSchema(M.email, M.emailInvalid),
  cpf: cpfField,
  role: z.enum(SIGNER_ROLES, { error: M.role }),
});
export type SignerInput = z.input<typeof signerInputSchema>;

export const envelopeCreateSchema = z
  .object({
    title: safeText({ error: M.title })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, M.title).max(160, M.titleTooLong)),
    message: safeText({ multiline: true, error: M.message })
      .max(2000, M.message)
      .nullish()
      .transform((v) => v?.trim() || null),
    signingOrder: z.enum(SIGNING_ORDERS, { error: M.order }).default('simultanea'),
    expiresOn: z.string({ error: M.expiresOn }).regex(/^\d{4}-\d{2}-\d{2}$/, M.expiresOn),
    remindEveryDays: remindEveryDaysSchema,
    signers: z.array(signerInputSchema, { error: M.signersRequired }).max(ESIGN_LIMITS.signers, M.signersTooMany),
    /** From Jurídico: a file of the contract, copied into the envelope. */
    contract: z.object({ contractId: uuidSchema(M.contractFile), fileId: uuidSchema(M.contractFile) }, { error: M.contractFile }).nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.signers.some((s) => actsOnEnvelope(s.role))) ctx.addIssue({ code: 'custom', message: M.signersRequired, path: ['signers'] });
    const emails = v.signers.map((s) => s.email);
    if (new Set(emails).size !== emails.length) ctx.addIssue({ code: 'custom', message: M.signerTwice, path: ['signers'] });
  });
export type EnvelopeCreateInput = z.input<typeof envelopeCreateSchema>;

export const envelopeListQuerySchema = z.object({ q: safeText().max(160).optional(), status: z.enum(ENVELOPE_STATUSES).optional(), contractId: uuidSchema(M.envelopeNotFound).optional() });
export const attachDocumentSchema = z.object({ fileId: uuidSchema(M.fileNotFound) });
export const signerParams = z.object({ id: uuidSchema(M.envelopeNotFound), signerId: uuidSchema(M.signerNotFound) });

// ---------- responses ----------
export const envelopeEventSchema = z.object({
  id: z.string(),
  kind: z.enum(EVENT_KINDS),
  at: z.string(),
  signerName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  documentSha256: z.string().nullable(),
});
export type EnvelopeEvent = z.infer<typeof envelopeEventSchema>;

export const signerViewSchema = z.object({
  id: z.string(),
  position: z.number(),
  name: z.string(),
  email: z.string(),
  cpf: z.string().nullable(),
  role: z.enum(SIGNER_ROLES),
  status: z.enum(SIGNER_STATUSES),
  signedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
});
export type SignerView = z.infer<typeof signerViewSchema>;

export const envelopeSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(ENVELOPE_STATUSES),
  /** 'finalizando' whose sealing job failed (decision 0754): the list says so, and the envelope's page offers 'Tentar novamente'. */
  sealingFailed: z.boolean(),
  signingOrder: z.enum(SIGNING_ORDERS),
  expiresOn: z.string(),
  contractId: z.string().nullable(),
  signersDone: z.number(),
  signersTotal: z.number(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type EnvelopeSummary = z.infer<typeof envelopeSummarySchema>;
export const envelopeListSchema = z.object({ envelopes: z.array(envelopeSummarySchema) });
export type EnvelopeList = z.infer<typeof envelopeListSchema>;

export const envelopeViewSchema = envelopeSummarySchema.extend({
  message: z.string().nullable(),
  remindEveryDays: z.number().nullable(),
  documentFileId: z.string().nullable(),
  documentName: z.string().nullable(),
  documentSha256: z.string().nullable(),
  documentPages: z.number().nullable(),
  finalFileId: z.string().nullable(),
  finalSha256: z.string().nullable(),
  verificationCode: z.string().nullable(),
  signers: z.array(signerViewSchema),
  events: z.array(envelopeEventSchema),
  /** The fields placed on the document (decision 0590). */
  fields: z.array(fieldViewSchema),
  /** Where it came from besides Jurídico (decision 0591), e.g. { entity: 'crm_quote', id }. */
  source: z.object({ entity: z.string(), id: z.string() }).nullable(),
  /** The sealing job once every signer signed (decision 0623): its progress while 'finalizando'. */
  sealing: z
    .object({ jobId: z.string(), status: z.enum(JOB_STATUSES), stage: z.string().nullable(), done: z.number(), total: z.number().nullable(), message: z.string().nullable(), error: z.string().nullable() })
    .nullable(),
});
export type EnvelopeView = z.infer<typeof envelopeViewSchema>;

// ---------- the public signing page ----------
export const signingTokenParams = z.object({ token: z.string().max(200) });

export const publicSigningViewSchema = z.object({
  envelopeTitle: z.string(),
  companyName: z.string(),
  senderName: z.string().nullable(),
  message: z.string().nullable(),
  expiresOn: z.string(),
  documentPages: z.number(),
  documentSha256: z.string(),
  signer: z.object({ name: z.string(), email: z.string(), role: z.enum(SIGNER_ROLES), status: z.enum(SIGNER_STATUSES) }),
  /** What the page offers: confirm the code, sign, or only a message. */
  state: z.enum(['confirmar_codigo', 'assinar', 'assinado', 'recusado', 'bloqueado', 'encerrado']),
  stateMessage: z.string().nullable(),
  verificationCode: z.string().nullable(),
  /** Every signer signed and the sealed PDF is being made (decision 0623). */
  finalizing: z.boolean(),
  /** This signer's fields only (decision 0590); their values are what they filled, once signed. */
  fields: z.array(fieldViewSchema),
});
export type PublicSigningView = z.infer<typeof publicSigningViewSchema>;

export const codeSentSchema = z.object({ sentTo: z.string(), expiresAt: z.string() });
export const confirmCodeSchema = z.object({ code: z.string({ error: M.codeFormat }).regex(/^\d{6}$/, M.codeFormat) });

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+=*$/;
export const signSchema = z.object({
  accept: z.literal(true, { error: M.accept }),
  signature: z.discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('typed'),
        text: safeText({ error: M.signatureText })
          .transform((v) => v.trim())
          .pipe(z.string().min(2, M.signatureText).max(120, M.signatureText)),
      }),
      z.object({
        kind: z.literal('drawn'),
        image: z
          .string({ error: M.signatureImage })
          .max(Math.ceil((ESIGN_LIMITS.signatureImageBytes * 4) / 3) + 32, M.signatureImage)
          .regex(PNG_DATA_URL, M.signatureImage),
      }),
    ],
    { error: M.signatureText },
  ),
  /** The values of this signer's fillable fields (cpf, texto, checkbox; decision 0590). */
  fields: fieldValuesSchema,
});
export type SignInput = z.input<typeof signSchema>;
export const refuseSchema = z.object({
  reason: safeText({ multiline: true, error: M.reason })
    .transform((v) => v.trim())
    .pipe(z.string().min(3, M.reason).max(1000, M.reason)),
});

// ---------- the public verification page ----------
export const verificationCodeParams = z.object({ code: z.string().max(40) });
export const verificationHashParams = z.object({ sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, M.verifyNotFound) });
export const signedAnswerSchema = z.object({ done: z.literal(true) });
export const codeConfirmedSchema = z.object({ confirmed: z.literal(true) });
export const verificationViewSchema = z.object({
  intact: z.boolean(),
  title: z.string(),
  companyName: z.string(),
  completedAt: z.string(),
  sha256: z.string(),
  code: z.string(),
  signers: z.array(z.object({ name: z.string(), role: z.enum(SIGNER_ROLES), signedAt: z.string() })),
});
export type VerificationView = z.infer<typeof verificationViewSchema>;
