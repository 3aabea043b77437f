/**
 * /campanhas-massa (decisions 0250–0258): request schemas, response types and pt-BR messages shared by the
 * server and the page. Browser-safe.
 */
import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { looksLikeEmail, normalizeEmail } from '../email.ts';
import { safeText } from '../text.ts';
import { HEADER_FORMATS } from '../whatsapp/schemas.ts';

export const CAMPAIGN_MESSAGES = {
  notFound: 'Campanha não encontrada.',
  recipientNotFound: 'Destinatário não encontrado.',
  nameRequired: 'Informe o nome da campanha.',
  nameTooLong: 'O nome pode ter no máximo 120 caracteres.',
  subjectTooLong: 'O assunto pode ter no máximo 200 caracteres.',
  subjectRequired: 'Informe o assunto do e-mail.',
  bodyRequired: 'Escreva o conteúdo do e-mail.',
  bodyTooLong: 'O conteúdo pode ter no máximo 200.000 caracteres.',
  audienceRequired: 'Escolha uma lista ou um segmento do CRM.',
  audienceOne: 'Escolha uma lista ou um segmento, não os dois.',
  audienceEmpty: 'Nenhum contato da lista ou do segmento pode receber esta campanha.',
  notEditable: 'Esta campanha já foi enviada ou está em envio: não pode mais ser alterada.',
  notSendable: 'Esta campanha não pode ser enviada no estado atual.',
  notPausable: 'Só uma campanha em envio pode ser pausada.',
  notResumable: 'Só uma campanha pausada pode ser retomada.',
  notCancelable: 'Esta campanha não pode mais ser cancelada.',
  scheduleInvalid: 'Informe data e hora no formato AAAA-MM-DDTHH:MM.',
  schedulePast: 'Escolha uma data e hora no futuro.',
  fromNameRequired: 'Informe o nome do remetente.',
  emailInvalid: 'E-mail inválido.',
  hostInvalid: 'Servidor SMTP inválido.',
  portInvalid: 'Porta inválida (1 a 65535).',
  rateInvalid: 'A taxa deve ficar entre 1 e 500 mensagens por segundo.',
  smtpIncomplete: 'Informe o servidor e a porta do SMTP próprio.',
  smtpFailed: (reason: string) => `Não foi possível conectar ao SMTP: ${reason}`,
  fromEmailRequired: 'Informe o e-mail do remetente (o endereço "De"), de um domínio da empresa autorizado nesse SMTP.',
  senderRefused: (from: string, reason: string) => `O SMTP recusou o remetente ${from}: ${reason}. Use um endereço que esse servidor aceite enviar (o do usuário ou um domínio autorizado nele).`,
  testSentFrom: (from: string) => `Mensagem de teste enviada de ${from}. Confira na sua caixa de entrada se ela chegou sem aviso de remetente suspeito.`,
  testSent: 'Mensagem de teste enviada.',
  noPersonEmail: 'Este contato não tem e-mail.',
  deleteSending: 'Pause ou cancele a campanha antes de excluí-la.',
  tokenInvalid: 'Link inválido ou expirado.',
  channelInvalid: 'Canal inválido: use email ou whatsapp.',
  templateRequired: 'Escolha o modelo aprovado do WhatsApp da campanha.',
} as const;

/** Channels (decision 0250): e-mail now; WhatsApp is the next value. */
export const CAMPAIGN_CHANNELS = ['email', 'whatsapp'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

export const CAMPAIGN_STATUS_LABELS = {
  draft: 'Rascunho',
  scheduled: 'Agendada',
  sending: 'Enviando',
  paused: 'Pausada',
  sent: 'Enviada',
  canceled: 'Cancelada',
} as const;
export type CampaignStatus = keyof typeof CAMPAIGN_STATUS_LABELS;
const CAMPAIGN_STATUSES = Object.keys(CAMPAIGN_STATUS_LABELS) as [CampaignStatus, ...CampaignStatus[]];

/** Per-recipient status as shown (the words), the most advanced event first. */
export const RECIPIENT_STATUS_LABELS = {
  queued: 'na fila',
  sending: 'enviando',
  sent: 'enviado',
  failed: 'falhou',
  bounced: 'devolvido',
  opened: 'aberto',
  clicked: 'clicado',
  replied: 'respondeu',
  unsubscribed: 'descadastrado',
  uncertain: 'incerto',
  skipped: 'excluído',
  canceled: 'cancelado',
} as const;
export type RecipientDisplayStatus = keyof typeof RECIPIENT_STATUS_LABELS;
const RECIPIENT_DISPLAY_STATUSES = Object.keys(RECIPIENT_STATUS_LABELS) as [RecipientDisplayStatus, ...RecipientDisplayStatus[]];

/** Why a contact of the audience is not sent to. */
export const EXCLUSION_LABELS = {
  noEmail: 'sem e-mail',
  noPhone: 'sem telefone',
  noLegalBasis: 'sem base legal (LGPD)',
  optedOut: 'descadastrados',
  bounced: 'e-mail devolvido antes',
  suppressed: 'na lista de supressão',
} as const;
export type ExclusionReason = keyof typeof EXCLUSION_LABELS;
const EXCLUSION_REASONS = Object.keys(EXCLUSION_LABELS) as [ExclusionReason, ...ExclusionReason[]];

export const DEFAULT_RATE_PER_SECOND = 20;
export const MAX_RATE_PER_SECOND = 500;

const M = CAMPAIGN_MESSAGES;
const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { message: 'Identificador inválido.' });
const optionalEmail = safeText()
  .transform((v) => normalizeEmail(v))
  .refine((v) => v === '' || looksLikeEmail(v), { message: M.emailInvalid })
  .transform((v) => v || null);

export const senderSchema = z.object({
  fromName: safeText({ error: M.fromNameRequired }).trim().min(1, { message: M.fromNameRequired }).max(120, { message: M.nameTooLong }),
  replyTo: optionalEmail.nullable().optional().transform((v) => v ?? null),
  ratePerSecond: z.coerce.number({ error: M.rateInvalid }).int({ message: M.rateInvalid }).min(1, { message: M.rateInvalid }).max(MAX_RATE_PER_SECOND, { message: M.rateInvalid }).default(DEFAULT_RATE_PER_SECOND),
  smtp: z
    .object({
      host: safeText({ error: M.hostInvalid }).trim().min(1, { message: M.smtpIncomplete }).max(253).regex(/^[a-z0-9.-]+$/i, { message: M.hostInvalid }),
      port: z.coerce.number({ error: M.portInvalid }).int({ message: M.portInvalid }).min(1, { message: M.portInvalid }).max(65535, { message: M.portInvalid }),
      secure: z.boolean().default(false),
      user: safeText().trim().max(200).optional().transform((v) => v || null),
      /** The From address through this SMTP (decision 0402); left out: the user when it is an address. */
      fromEmail: optionalEmail.nullable().optional().transform((v) => v ?? null),
      /** Absent: keep the stored password; '' clears it. */
      password: safeText().max(500).optional(),
    })
    .nullable()
    .default(null),
});
export type SenderInput = z.input<typeof senderSchema>;

export const senderViewSchema = z.object({
  fromName: z.string(),
  replyTo: z.string().nullable(),
  ratePerSecond: z.number(),
  smtp: z.object({ host: z.string(), port: z.number(), secure: z.boolean(), user: z.string().nullable(), fromEmail: z.string().nullable(), hasPassword: z.boolean() }).nullable(),
  /** Where bounces come back (null when the inbound SMTP is off). */
  bounceDomain: z.string().nullable(),
  configured: z.boolean(),
});
export type SenderView = z.infer<typeof senderViewSchema>;

const name = safeText({ error: M.nameRequired }).trim().min(1, { message: M.nameRequired }).max(120, { message: M.nameTooLong });
const subject = safeText().trim().max(200, { message: M.subjectTooLong });
const html = safeText({ multiline: true }).max(200_000, { message: M.bodyTooLong });
const text = safeText({ multiline: true }).max(200_000, { message: M.bodyTooLong });
/**
 * A WhatsApp campaign's approved template (decision 0294): its name, language and one value per
 * {{n}} of its body, each a text with merge fields ('{{primeiro_nome}}').
 */
export const whatsappTemplateSchema = z.object({
  name: safeText().trim().min(1, { message: M.templateRequired }).max(512),
  language: safeText().trim().min(2).max(15),
  variables: z.array(safeText().max(1000)).max(20).default([]),
  /** The header's parameter (decision 0302): a text header's {{1}} (merge fields allowed) or a media header's https link. */
  header: z
    .object({ format: z.enum(HEADER_FORMATS, { error: 'Formato de cabeçalho inválido.' }), value: safeText().trim().max(2000).default('') })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  /** URL buttons' suffixes by button index (merge fields allowed). */
  buttons: z
    .array(z.object({ index: z.number().int().min(0).max(9), value: safeText().trim().max(2000) }))
    .max(10)
    .default([]),
});
export type CampaignWhatsappTemplate = z.output<typeof whatsappTemplateSchema>;

export const campaignCreateSchema = z
  .object({
    name,
    channel: z.enum(CAMPAIGN_CHANNELS, { error: M.channelInvalid }).default('email'),
    listId: uuid.nullable().optional().transform((v) => v ?? null),
    segmentId: uuid.nullable().optional().transform((v) => v ?? null),
    subject: subject.default(''),
    html: html.default(''),
    text: text.nullable().optional().transform((v) => v ?? null),
    whatsappTemplate: whatsappTemplateSchema.nullable().optional().transform((v) => v ?? null),
  })
  .refine((v) => !(v.listId && v.segmentId), { message: M.audienceOne, path: ['segmentId'] });

export const campaignUpdateSchema = patchBody(z
  .object({
    name: name.optional(),
    listId: uuid.nullable().optional(),
    segmentId: uuid.nullable().optional(),
    subject: subject.optional(),
    html: html.optional(),
    text: text.nullable().optional(),
    whatsappTemplate: whatsappTemplateSchema.nullable().optional(),
  })
  .refine((v) => !(v.listId && v.segmentId), { message: M.audienceOne, path: ['segmentId'] }));

/** Send now (no `scheduledAt`) or at a date and time in America/Sao_Paulo ('2026-12-01T09:30'). */
export const sendSchema = z.object({
  scheduledAt: safeText()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { message: M.scheduleInvalid })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

export const testSendSchema = z.object({ personId: uuid.nullable().optional().transform((v) => v ?? null) });
export const previewQuerySchema = z.object({ personId: uuid.optional() });

export const recipientsQuerySchema = z.object({
  status: z.enum(['queued', 'sending', 'sent', 'failed', 'bounced', 'uncertain', 'skipped', 'canceled', 'opened', 'clicked', 'replied', 'unsubscribed']).optional(),
  after: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const count = z.number();
export const campaignCountsSchema = z.object({
  total: count,
  queued: count,
  sending: count,
  sent: count,
  failed: count,
  bounced: count,
  uncertain: count,
  skipped: count,
  canceled: count,
  opened: count,
  clicked: count,
  /** Recipients who replied (decision 0300). */
  replied: count,
  unsubscribed: count,
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(CAMPAIGN_CHANNELS),
  listId: z.string().nullable(),
  segmentId: z.string().nullable(),
  audienceName: z.string().nullable(),
  subject: z.string(),
  html: z.string(),
  text: z.string().nullable(),
  /** WhatsApp campaigns: the approved template and its variables. */
  whatsappTemplate: whatsappTemplateSchema.nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  counts: campaignCountsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CampaignView = z.infer<typeof campaignViewSchema>;
export const campaignListSchema = z.object({ items: z.array(campaignViewSchema) });

export const audiencePreviewSchema = z.object({
  total: z.number(),
  eligible: z.number(),
  excluded: z.record(z.enum(EXCLUSION_REASONS), z.number()),
  sample: z.array(z.object({ personId: z.string(), name: z.string(), email: z.string().nullable() })),
});
export type AudiencePreview = z.infer<typeof audiencePreviewSchema>;

export const messagePreviewSchema = z.object({ personId: z.string().nullable(), to: z.string().nullable(), subject: z.string(), html: z.string(), text: z.string() });
export type MessagePreview = z.infer<typeof messagePreviewSchema>;

export const recipientViewSchema = z.object({
  id: z.string(),
  personId: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string(),
  status: z.enum(RECIPIENT_DISPLAY_STATUSES),
  error: z.string().nullable(),
  sentAt: z.string().nullable(),
  openedAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type RecipientView = z.infer<typeof recipientViewSchema>;
export const recipientPageSchema = z.object({ items: z.array(recipientViewSchema), next: z.string().nullable() });
export type RecipientPage = z.infer<typeof recipientPageSchema>;

export const campaignReportSchema = z.object({
  counts: campaignCountsSchema,
  /** Per hour (ISO start of the hour): sent, opened, clicked, replied. */
  series: z.array(z.object({ at: z.string(), sent: z.number(), opened: z.number(), clicked: z.number(), replied: z.number() })),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

/** What 'Testar' (the sender, a campaign) answers: the sentence to show. */
export const testMessageSchema = z.object({ message: z.string() });

/** The unsubscribe page (public, by the recipient's signed token): who sent, to which address (masked). */
export const unsubscribeInfoSchema = z.object({ company: z.string(), email: z.string(), unsubscribed: z.boolean() });
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
export const unsubscribedSchema = z.object({ company: z.string(), unsubscribed: z.literal(true) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;
export const recipientTokenParamsSchema = z.object({ token: z.string() });

export const displayStatus = (r: { status: string; openedAt: unknown; clickedAt: unknown; repliedAt?: unknown; unsubscribedAt: unknown }): RecipientDisplayStatus => {
  if (r.unsubscribedAt) return 'unsubscribed';
  if (r.status === 'bounced') return 'bounced';
  if (r.repliedAt) return 'replied';
  if (r.clickedAt) return 'clicked';
  if (r.openedAt) return 'opened';
  return r.status as RecipientDisplayStatus;
};
