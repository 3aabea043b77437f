import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { safeText } from '../text.ts';

/**
 * The customer-service inbox (/atendimento; decisions 0260–0269): requests and answers
 * of the agents' API (/api/inbox/…) and of the website widget's public API (/api/inbox/public/:key/…).
 */

/** A message's limit (decision 0262): 5,000 characters; more is a clear 400, nothing stored. */
export const MESSAGE_MAX_CHARS = 5000;
export const CHANNELS = ['chat', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];
export const STATUSES = ['open', 'pending', 'resolved'] as const;
export type ConversationStatus = (typeof STATUSES)[number];
export const STATUS_LABELS: Record<ConversationStatus, string> = { open: 'Aberta', pending: 'Pendente', resolved: 'Resolvida' };
export const SCOPES = ['mine', 'unassigned', 'all'] as const;
export type Scope = (typeof SCOPES)[number];
export const SCOPE_LABELS: Record<Scope, string> = { mine: 'Minhas', unassigned: 'Sem responsável', all: 'Todas' };
/**
 * visitor: from the customer; agent: a member's reply; note: internal, never shown to the visitor; auto: the system's (greeting, out of hours, CSAT);
 * event: a line for the agents about the conversation itself ('Conversa reaberta'), never shown to the visitor.
 */
export const MESSAGE_KINDS = ['visitor', 'agent', 'note', 'auto', 'event'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A resolved conversation is reopened by the customer's next message up to this long after it was resolved; later, a new one starts (decision 0303). */
export const REOPEN_WINDOW_MS = 7 * 24 * 3_600_000;

export const INBOX_MESSAGES = {
  tooLong: `A mensagem pode ter no máximo ${MESSAGE_MAX_CHARS.toLocaleString('pt-BR')} caracteres.`,
  empty: 'Escreva uma mensagem.',
  conversationNotFound: 'Conversa não encontrada.',
  cannedNotFound: 'Resposta pronta não encontrada.',
  shortcutTaken: 'Já existe uma resposta pronta com este atalho.',
  originNotAllowed: 'Este site não está autorizado a usar o chat desta empresa.',
  blockedSiteNotFound: 'Aviso não encontrado.',
  tooManySites: 'No máximo 20 sites: remova um em "Configurar chat" antes de autorizar outro.',
  csatRange: 'Dê uma nota de 1 a 5.',
  outOfHours: 'Olá! No momento estamos fora do horário de atendimento. Deixe sua mensagem que responderemos assim que possível.',
  csatQuestion: 'Seu atendimento foi concluído. De 1 a 5, como você avalia o atendimento?',
  reopened: 'Conversa reaberta',
  assigneeNotMember: 'O responsável precisa ser um membro da empresa.',
  hoursInvalid: 'Horário inválido: use HH:MM e um fim depois do início.',
} as const;

const messageBody = safeText({ multiline: true, error: INBOX_MESSAGES.empty })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, INBOX_MESSAGES.empty).max(MESSAGE_MAX_CHARS, INBOX_MESSAGES.tooLong));

const uuid = (message = 'Identificador inválido.') => z.string().uuid(message);

/** An agent's reply or internal note; a message may carry an uploaded file of the conversation instead of text. */
export const agentMessageSchema = z
  .object({
    body: z.union([messageBody, z.literal('')]).optional(),
    fileId: uuid('Arquivo inválido.').optional(),
    note: z.boolean().optional(),
  })
  .refine((v) => Boolean(v.body) || Boolean(v.fileId), { message: INBOX_MESSAGES.empty });

export const conversationListQuerySchema = z.object({
  status: z.enum(STATUSES, { error: 'Situação inválida.' }).optional(),
  scope: z.enum(SCOPES, { error: 'Filtro inválido.' }).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const conversationUpdateSchema = patchBody(
  z.object({
    status: z.enum(STATUSES, { error: 'Situação inválida.' }).optional(),
    assigneeId: z.string().min(1).max(100).nullable().optional(),
    personId: uuid('Pessoa inválida.').nullable().optional(),
  }),
);

const shortcut = safeText({ error: 'Informe o atalho.' })
  .transform((v) => v.trim().replace(/^\/+/, '').toLowerCase())
  .pipe(z.string().min(1, 'Informe o atalho.').max(40, 'O atalho pode ter no máximo 40 caracteres.').regex(/^[a-z0-9_-]+$/, 'Use no atalho apenas letras sem acento, números, - e _.'));

export const cannedReplySchema = z.object({ shortcut, body: messageBody });

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, INBOX_MESSAGES.hoursInvalid);
export const businessHoursSchema = z
  .array(z.object({ weekday: z.number().int().min(0).max(6), start: hhmm, end: hhmm }).refine((r) => r.start < r.end, { message: INBOX_MESSAGES.hoursInvalid }))
  .max(21);
export type BusinessHours = z.infer<typeof businessHoursSchema>;

const origin = z
  .string()
  .trim()
  .transform((v, ctx) => {
    try {
      const u = new URL(v);
      if ((u.protocol === 'https:' || u.protocol === 'http:') && u.origin !== 'null') return u.origin;
    } catch {}
    ctx.addIssue({ code: 'custom', message: `Endereço de site inválido: ${v.slice(0, 80)} (use https://seusite.com.br).` });
    return z.NEVER;
  });

export const inboxSettingsUpdateSchema = z.object({
  allowedOrigins: z.array(origin).max(20, 'No máximo 20 sites.').optional(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Cor inválida: use #RRGGBB.').optional(),
  title: safeText().transform((v) => v.trim()).pipe(z.string().min(1, 'Informe o título do chat.').max(60, 'O título pode ter no máximo 60 caracteres.')).optional(),
  greeting: safeText({ multiline: true }).transform((v) => v.trim()).pipe(z.string().max(500, 'A saudação pode ter no máximo 500 caracteres.')).optional(),
  awayMessage: safeText({ multiline: true }).transform((v) => v.trim()).pipe(z.string().max(500, 'A mensagem fora do horário pode ter no máximo 500 caracteres.')).optional(),
  businessHours: businessHoursSchema.optional(),
  csatEnabled: z.boolean().optional(),
});

// ——— answers of the agents' API (the routes' contracts; the types are derived from them) ———

const nullableText = z.string().nullable();
const fileInfoSchema = z.object({ id: z.string(), name: z.string(), mime: z.string(), size: z.number().int() });

export const inboxSettingsSchema = z.object({
  publicKey: z.string(),
  allowedOrigins: z.array(z.string()),
  color: z.string(),
  title: z.string(),
  greeting: z.string(),
  awayMessage: z.string(),
  businessHours: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  csatEnabled: z.boolean(),
});
export type InboxSettings = z.infer<typeof inboxSettingsSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  channel: z.enum(CHANNELS),
  status: z.enum(STATUSES),
  visitorName: nullableText,
  visitorEmail: nullableText,
  visitorPhone: nullableText,
  personId: nullableText,
  assigneeId: nullableText,
  assigneeName: nullableText,
  lastMessageAt: z.string(),
  lastMessagePreview: z.string(),
  unread: z.number().int(),
  createdAt: z.string(),
  firstResponseMs: z.number().int().nullable(),
  resolutionMs: z.number().int().nullable(),
  csatScore: z.number().int().nullable(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const inboxMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  body: z.string(),
  authorId: nullableText,
  authorName: nullableText,
  file: fileInfoSchema.nullable(),
  createdAt: z.string(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  counts: z.object({ mine: z.number().int(), unassigned: z.number().int(), all: z.number().int(), unread: z.number().int() }),
});
export type ConversationList = z.infer<typeof conversationListSchema>;
export const conversationDetailSchema = z.object({ conversation: conversationSummarySchema, messages: z.array(inboxMessageSchema) });
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

export const cannedReplyViewSchema = z.object({ id: z.string(), shortcut: z.string(), body: z.string() });
export type CannedReply = z.infer<typeof cannedReplyViewSchema>;
export const cannedReplyListSchema = z.object({ replies: z.array(cannedReplyViewSchema) });

/** A site outside 'Sites autorizados' that tried to load the widget: one per site, shown in /atendimento. */
export const blockedSiteSchema = z.object({ id: z.string(), origin: z.string(), firstSeenAt: z.string(), lastSeenAt: z.string() });
export type BlockedSite = z.infer<typeof blockedSiteSchema>;
export const blockedSiteListSchema = z.object({ sites: z.array(blockedSiteSchema) });

export const suggestedReplyResultSchema = z.object({ reply: z.string(), charged: z.number(), balance: z.number() });
/** What an action without a body of its own answers in the inbox and the widget. */
export const inboxOkSchema = z.object({ ok: z.literal(true) });

// ——— the widget's public API ———

export const visitorStartSchema = z.object({
  name: safeText().transform((v) => v.trim()).pipe(z.string().max(120, 'O nome pode ter no máximo 120 caracteres.')).optional(),
  email: safeText().transform((v) => v.trim().toLowerCase()).pipe(z.union([z.literal(''), z.string().email('E-mail inválido.').max(254)])).optional(),
  body: messageBody,
});
export const visitorMessageSchema = z.object({ body: messageBody });
export const csatSchema = z.object({ score: z.number({ error: INBOX_MESSAGES.csatRange }).int(INBOX_MESSAGES.csatRange).min(1, INBOX_MESSAGES.csatRange).max(5, INBOX_MESSAGES.csatRange) });

/**
 * What the widget shows (decision 0401): `available` false on a site outside 'Sites autorizados',
 * which then offers the company's e-mail instead of a chat that cannot send.
 */
export const widgetConfigSchema = z.object({ title: z.string(), color: z.string(), greeting: z.string(), online: z.boolean(), available: z.boolean(), contactEmail: nullableText });
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

/** What a visitor sees: never notes, never agents' ids. */
export const visitorMessageViewSchema = z.object({
  id: z.string(),
  kind: z.enum(['visitor', 'agent', 'auto']),
  body: z.string(),
  authorName: nullableText,
  file: fileInfoSchema.nullable(),
  createdAt: z.string(),
});
export type VisitorMessage = z.infer<typeof visitorMessageViewSchema>;
export const visitorConversationSchema = z.object({ status: z.enum(STATUSES), csatAsked: z.boolean(), csatScore: z.number().int().nullable(), messages: z.array(visitorMessageViewSchema) });
export type VisitorConversation = z.infer<typeof visitorConversationSchema>;
/** The visitor's first message: the conversation and the token that reads it from now on. */
export const visitorStartedSchema = z.object({ token: z.string(), conversation: visitorConversationSchema });
/** A visitor's message; `token` when it started a new conversation (decision 0303). */
export const visitorSentSchema = z.object({ id: z.string(), token: z.string().optional() });
export const visitorFileSentSchema = z.object({ id: z.string(), file: fileInfoSchema });

export const aiReplyRequestSchema = z.object({ requestId: z.string().regex(/^[\w-]{8,64}$/, 'Requisição inválida.') });
export const aiSuggestedReplySchema = z.object({ reply: z.string().min(1).max(MESSAGE_MAX_CHARS) });
