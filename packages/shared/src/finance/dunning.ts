import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';

/**
 * The collection rule (régua de cobrança; decisions 0580–0583): per company, reminders
 * before the due date, on the day and after it, by e-mail and WhatsApp, each with the payment
 * page's link; pausing per customer; what was sent, per receivable; the overdue list.
 */

/** At most this many reminders before the due date, and after it. */
export const DUNNING_MAX_BEFORE = 3;
export const DUNNING_MAX_AFTER = 6;
export const DUNNING_MAX_DAYS_BEFORE = 30;
export const DUNNING_MAX_DAYS_AFTER = 90;

export const DUNNING_MESSAGES = {
  days: 'Os dias dos lembretes devem ser números inteiros.',
  negative: 'Os dias dos lembretes não podem ser negativos nem zero: use "no dia do vencimento" para o próprio dia.',
  tooFarBefore: `Lembretes antes do vencimento: no máximo ${DUNNING_MAX_DAYS_BEFORE} dias antes.`,
  tooFarAfter: `Lembretes depois do vencimento: no máximo ${DUNNING_MAX_DAYS_AFTER} dias depois.`,
  tooManyBefore: `No máximo ${DUNNING_MAX_BEFORE} lembretes antes do vencimento.`,
  tooManyAfter: `No máximo ${DUNNING_MAX_AFTER} lembretes depois do vencimento.`,
  repeated: 'Há dias repetidos nos lembretes.',
  noChannel: 'Escolha ao menos um canal (e-mail ou WhatsApp) para a régua ativa.',
  templateMissing: 'Escolha o modelo aprovado de WhatsApp para enviar lembretes por WhatsApp.',
  templateUnknown: 'Este modelo de WhatsApp não está entre os aprovados da empresa.',
  templateMedia: 'Escolha um modelo sem imagem, vídeo ou documento no cabeçalho.',
  templateVariables: 'Escolha um modelo com no máximo 5 variáveis: cliente, descrição, valor, vencimento e link.',
  whatsappNotConnected: 'Conecte o WhatsApp da empresa em Atendimento para lembrar por WhatsApp.',
  partyType: 'Escolha o tipo do cliente (empresa ou pessoa).',
  partyNotFound: 'Cliente não encontrado.',
  pauseNotFound: 'Esta pausa não existe mais.',
  entryNotFound: 'Lançamento não encontrado.',
  notReceivable: 'Só contas a receber têm régua de cobrança.',
} as const;

const dayList = (max: number, maxDays: number, tooMany: string, tooFar: string) =>
  z
    .array(z.number({ error: DUNNING_MESSAGES.days }).int(DUNNING_MESSAGES.days).min(1, DUNNING_MESSAGES.negative).max(maxDays, tooFar), { error: DUNNING_MESSAGES.days })
    .max(max, tooMany)
    .refine((d) => new Set(d).size === d.length, DUNNING_MESSAGES.repeated)
    .transform((d) => [...d].sort((a, b) => a - b));

export const dunningTemplateSchema = z.object({
  name: safeText().trim().min(1, DUNNING_MESSAGES.templateMissing).max(512),
  language: safeText().trim().min(1, DUNNING_MESSAGES.templateMissing).max(15),
});

export const dunningSettingsUpdateSchema = z
  .object({
    enabled: z.boolean(),
    daysBefore: dayList(DUNNING_MAX_BEFORE, DUNNING_MAX_DAYS_BEFORE, DUNNING_MESSAGES.tooManyBefore, DUNNING_MESSAGES.tooFarBefore),
    onDueDate: z.boolean(),
    daysAfter: dayList(DUNNING_MAX_AFTER, DUNNING_MAX_DAYS_AFTER, DUNNING_MESSAGES.tooManyAfter, DUNNING_MESSAGES.tooFarAfter),
    email: z.boolean(),
    whatsapp: z.boolean(),
    whatsappTemplate: dunningTemplateSchema.nullable(),
  })
  .refine((v) => !v.enabled || v.email || v.whatsapp, { message: DUNNING_MESSAGES.noChannel, path: ['email'] })
  .refine((v) => !v.whatsapp || v.whatsappTemplate, { message: DUNNING_MESSAGES.templateMissing, path: ['whatsappTemplate'] });
export type DunningSettingsInput = z.input<typeof dunningSettingsUpdateSchema>;

export const dunningSettingsSchema = z.object({
  enabled: z.boolean(),
  daysBefore: z.array(z.number().int()),
  onDueDate: z.boolean(),
  daysAfter: z.array(z.number().int()),
  email: z.boolean(),
  whatsapp: z.boolean(),
  whatsappTemplate: z.object({ name: z.string(), language: z.string() }).nullable(),
  /** Whether the company never saved its own (the defaults apply). */
  isDefault: z.boolean(),
  /** What the rule needs that is missing: a default Pix key (no link without it), WhatsApp connected. */
  hasPixKey: z.boolean(),
  whatsappConnected: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type DunningSettings = z.infer<typeof dunningSettingsSchema>;

/**
 * The defaults (decision 0580): on, 3 days before, on the day, and 1, 3, 7 and 15 days after;
 * by e-mail; WhatsApp once the company picks an approved template.
 */
export const DUNNING_DEFAULTS = { enabled: true, daysBefore: [3], onDueDate: true, daysAfter: [1, 3, 7, 15], email: true, whatsapp: false, whatsappTemplate: null } as const;

/** A step is its offset in days from the due date: −3 (3 days before), 0 (on the day), 7 (7 days after). */
export function stepLabel(step: number): string {
  if (step === 0) return 'No dia do vencimento';
  const n = Math.abs(step);
  return `${n} ${n === 1 ? 'dia' : 'dias'} ${step < 0 ? 'antes' : 'depois'}`;
}

export const DUNNING_CHANNELS = ['email', 'whatsapp'] as const;
export type DunningChannel = (typeof DUNNING_CHANNELS)[number];
export const DUNNING_CHANNEL_LABELS: Record<DunningChannel, string> = { email: 'E-mail', whatsapp: 'WhatsApp' };

/** 'sending' (claimed, on its way), 'sent', 'failed' (with why), 'skipped' (not sent: no address, opted out, paid meanwhile). */
export const DUNNING_STATUSES = ['sending', 'sent', 'failed', 'skipped'] as const;
export type DunningStatus = (typeof DUNNING_STATUSES)[number];
export const DUNNING_STATUS_LABELS: Record<DunningStatus, string> = { sending: 'Enviando', sent: 'Enviado', failed: 'Falhou', skipped: 'Não enviado' };

export const dunningMessageSchema = z.object({
  id: z.string(),
  step: z.number().int(),
  channel: z.enum(DUNNING_CHANNELS),
  status: z.enum(DUNNING_STATUSES),
  reason: z.string().nullable(),
  to: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type DunningMessage = z.infer<typeof dunningMessageSchema>;
export const dunningHistorySchema = z.object({ items: z.array(dunningMessageSchema), paused: z.boolean() });
export type DunningHistory = z.infer<typeof dunningHistorySchema>;

export const PARTY_TYPES = ['organization', 'person'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

export const dunningPauseCreateSchema = z.object({
  partyType: z.enum(PARTY_TYPES, { error: DUNNING_MESSAGES.partyType }),
  partyId: uuidSchema(DUNNING_MESSAGES.partyNotFound),
});
export type DunningPauseInput = z.input<typeof dunningPauseCreateSchema>;

export const dunningPauseSchema = z.object({
  id: z.string(),
  partyType: z.enum(PARTY_TYPES),
  partyId: z.string(),
  name: z.string(),
  createdAt: z.string(),
});
export type DunningPause = z.infer<typeof dunningPauseSchema>;
export const dunningPauseListSchema = z.object({ items: z.array(dunningPauseSchema) });

export const overdueItemSchema = z.object({
  entryId: z.string(),
  description: z.string(),
  dueDate: z.string(),
  daysLate: z.number().int(),
  openCents: z.number().int(),
  customer: z.object({ type: z.enum(PARTY_TYPES), id: z.string(), name: z.string() }).nullable(),
  /** The customer's pause, when their reminders are paused. */
  pauseId: z.string().nullable(),
  lastReminderAt: z.string().nullable(),
});
export type OverdueItem = z.infer<typeof overdueItemSchema>;
/** The overdue list: the oldest first, at most `OVERDUE_LIMIT` rows; `count` and `totalCents` are of all of them. */
export const overdueListSchema = z.object({ items: z.array(overdueItemSchema), count: z.number().int(), totalCents: z.number().int() });
export type OverdueList = z.infer<typeof overdueListSchema>;
export const OVERDUE_LIMIT = 500;
