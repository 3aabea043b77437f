import { z } from 'zod';
import { changesSomething, NOTHING_TO_CHANGE_MESSAGE } from '../patch.ts';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';
import { fieldViewSchema } from './fields.ts';
import { actsOnEnvelope, ESIGN_LIMITS, ESIGN_MESSAGES, remindEveryDaysSchema, SIGNER_ROLES, SIGNING_ORDERS, signerInputSchema } from './schemas.ts';

/** Templates of envelopes the company sends often (decision 0620): the PDF, the roles that sign and the fields placed once. */

export const TEMPLATE_LIMITS = { nameChars: 120, slotLabelChars: 60, maxDays: ESIGN_LIMITS.maxDays } as const;

export const TEMPLATE_MESSAGES = {
  notFound: 'Modelo não encontrado.',
  name: 'Dê um nome ao modelo.',
  nameTooLong: 'O nome do modelo pode ter no máximo 120 caracteres.',
  slotLabel: 'Dê um nome a cada papel (ex.: Contratante, Testemunha 1).',
  slotLabelTooLong: 'O nome de um papel pode ter no máximo 60 caracteres.',
  slotTwice: 'Dois papéis têm o mesmo nome: diferencie-os (ex.: Testemunha 1 e Testemunha 2).',
  slotsCount: 'Dê um nome a cada signatário do envelope, na ordem em que aparecem.',
  slotsChanged: 'Os papéis do modelo não podem ser acrescentados nem removidos aqui: mude só o nome, o papel ou a ordem.',
  slotWithFields: 'Este papel tem campos no documento: remova-os antes de deixá-lo só para receber cópia.',
  expiresInDays: 'O prazo para assinar deve ser de 1 a 365 dias.',
  noDocument: 'Envie o PDF ao envelope antes de salvá-lo como modelo.',
  templateNoDocument: 'Envie o PDF do modelo antes de posicionar campos ou usá-lo.',
  slotMissing: 'Preencha nome e e-mail de cada papel do modelo.',
} as const;
const M = TEMPLATE_MESSAGES;

const name = safeText({ error: M.name })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, M.name).max(TEMPLATE_LIMITS.nameChars, M.nameTooLong));
const slotLabel = safeText({ error: M.slotLabel })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, M.slotLabel).max(TEMPLATE_LIMITS.slotLabelChars, M.slotLabelTooLong));
const expiresInDays = z.number({ error: M.expiresInDays }).int(M.expiresInDays).min(1, M.expiresInDays).max(TEMPLATE_LIMITS.maxDays, M.expiresInDays);
const distinctLabels = (labels: string[]) => new Set(labels.map((l) => l.toLocaleLowerCase('pt-BR'))).size === labels.length;

export const templateIdParams = z.object({ id: uuidSchema(M.notFound) });

/** 'Salvar como modelo' of an envelope: a name for the template and one for each of its signers, in order. */
export const templateCreateSchema = z
  .object({
    envelopeId: uuidSchema(ESIGN_MESSAGES.envelopeNotFound),
    name,
    slots: z.array(slotLabel, { error: M.slotsCount }).min(1, M.slotsCount).max(ESIGN_LIMITS.signers, M.slotsCount),
    /** Default: the days between the envelope's creation and its expiry. */
    expiresInDays: expiresInDays.optional(),
  })
  .refine((v) => distinctLabels(v.slots), { message: M.slotTwice, path: ['slots'] });
export type TemplateCreateInput = z.input<typeof templateCreateSchema>;

export const templateSlotSchema = z.object({ id: uuidSchema(M.slotsChanged), label: slotLabel, role: z.enum(SIGNER_ROLES, { error: ESIGN_MESSAGES.role }) });

const titleSchema = safeText({ error: ESIGN_MESSAGES.title })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, ESIGN_MESSAGES.title).max(160, ESIGN_MESSAGES.titleTooLong));
const messageSchema = safeText({ multiline: true, error: ESIGN_MESSAGES.message })
  .max(2000, ESIGN_MESSAGES.message)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v?.trim() || null));

/** 'Novo modelo' from a PDF: the roles named with what each does, in order; the PDF goes up next, the fields are placed on the template's page. */
export const templateBlankSchema = z
  .object({
    name,
    title: titleSchema,
    message: messageSchema,
    signingOrder: z.enum(SIGNING_ORDERS, { error: ESIGN_MESSAGES.order }).default('simultanea'),
    expiresInDays: expiresInDays.default(30),
    remindEveryDays: remindEveryDaysSchema,
    slots: z
      .array(z.object({ label: slotLabel, role: z.enum(SIGNER_ROLES, { error: ESIGN_MESSAGES.role }) }), { error: M.slotsCount })
      .min(1, ESIGN_MESSAGES.signersRequired)
      .max(ESIGN_LIMITS.signers, ESIGN_MESSAGES.signersTooMany),
  })
  .superRefine((v, ctx) => {
    if (!v.slots.some((s) => actsOnEnvelope(s.role))) ctx.addIssue({ code: 'custom', message: ESIGN_MESSAGES.signersRequired, path: ['slots'] });
    if (!distinctLabels(v.slots.map((s) => s.label))) ctx.addIssue({ code: 'custom', message: M.slotTwice, path: ['slots'] });
  });
export type TemplateBlankInput = z.input<typeof templateBlankSchema>;

/** Editing a template's settings and its roles (the same roles: renamed, re-roled or reordered). */
export const templateUpdateSchema = z
  .object({
    name: name.optional(),
    title: titleSchema.optional(),
    message: messageSchema,
    signingOrder: z.enum(SIGNING_ORDERS, { error: ESIGN_MESSAGES.order }).optional(),
    expiresInDays: expiresInDays.optional(),
    remindEveryDays: remindEveryDaysSchema.unwrap().optional(), // without the default: a PATCH never resets it (decision 0361)
    slots: z.array(templateSlotSchema, { error: M.slotsChanged }).max(ESIGN_LIMITS.signers, M.slotsChanged).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.slots) return;
    if (!v.slots.some((s) => actsOnEnvelope(s.role))) ctx.addIssue({ code: 'custom', message: ESIGN_MESSAGES.signersRequired, path: ['slots'] });
    if (!distinctLabels(v.slots.map((s) => s.label))) ctx.addIssue({ code: 'custom', message: M.slotTwice, path: ['slots'] });
  })
  // An empty PATCH is a 400 before the template is looked up (decision 0361).
  .refine(changesSomething, { message: NOTHING_TO_CHANGE_MESSAGE });
export type TemplateUpdateInput = z.input<typeof templateUpdateSchema>;

/** 'Usar modelo': who fills each role; the title, message and expiry may change for this envelope. */
export const templateUseSchema = z.object({
  title: titleSchema.optional(),
  message: messageSchema,
  expiresOn: z.string({ error: ESIGN_MESSAGES.expiresOn }).regex(/^\d{4}-\d{2}-\d{2}$/, ESIGN_MESSAGES.expiresOn).optional(),
  signers: z.array(signerInputSchema.omit({ role: true }).extend({ slotId: uuidSchema(M.slotMissing) }), { error: M.slotMissing }).max(ESIGN_LIMITS.signers, M.slotMissing),
});
export type TemplateUseInput = z.input<typeof templateUseSchema>;

export const templateSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  slots: z.array(z.object({ id: z.string(), label: z.string(), role: z.enum(SIGNER_ROLES) })),
  fieldsCount: z.number(),
  /** Null until its PDF is sent (a template started from a PDF). */
  documentPages: z.number().nullable(),
  updatedAt: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;
export const templateListSchema = z.object({ templates: z.array(templateSummarySchema) });

export const templateViewSchema = templateSummarySchema.extend({
  message: z.string().nullable(),
  signingOrder: z.enum(SIGNING_ORDERS),
  expiresInDays: z.number(),
  remindEveryDays: z.number().nullable(),
  documentFileId: z.string().nullable(),
  documentName: z.string().nullable(),
  /** The fields placed per role: `signerId` is the role's (slot's) id. */
  fields: z.array(fieldViewSchema),
});
export type TemplateView = z.infer<typeof templateViewSchema>;
export const templateArchivedSchema = z.object({ archived: z.literal(true) });
