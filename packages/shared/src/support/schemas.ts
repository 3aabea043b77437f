import { z } from 'zod';

/** /suporte (decision 0280): a person's tickets to the platform's support team. */
export const SUPPORT_CATEGORIES = ['duvida', 'problema', 'cobranca', 'sugestao', 'outro'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  duvida: 'Dúvida',
  problema: 'Problema ou erro',
  cobranca: 'Cobrança, planos e moedas',
  sugestao: 'Sugestão',
  outro: 'Outro assunto',
};

/** aberto: waiting for support; respondido: support answered, waiting for the person; resolvido: closed. */
export const SUPPORT_STATUSES = ['aberto', 'respondido', 'resolvido'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  aberto: 'Aguardando o suporte',
  respondido: 'Respondido',
  resolvido: 'Resolvido',
};

export const SUPPORT_LIMITS = { subject: 150, message: 5000 } as const;

export const SUPPORT_MESSAGES = {
  notFound: 'Chamado não encontrado.',
  subjectRequired: 'Informe o assunto.',
  subjectTooLong: `O assunto pode ter até ${SUPPORT_LIMITS.subject} caracteres.`,
  messageRequired: 'Descreva o que aconteceu ou o que você precisa.',
  messageTooLong: `A mensagem pode ter até ${SUPPORT_LIMITS.message.toLocaleString('pt-BR')} caracteres.`,
  category: 'Escolha uma categoria.',
  status: 'Situação inválida.',
  resolved: 'Este chamado está resolvido. Escreva uma nova mensagem para reabri-lo.',
} as const;

const message = z
  .string({ error: SUPPORT_MESSAGES.messageRequired })
  .trim()
  .min(1, SUPPORT_MESSAGES.messageRequired)
  .max(SUPPORT_LIMITS.message, SUPPORT_MESSAGES.messageTooLong);

export const supportTicketCreateSchema = z.object({
  subject: z.string({ error: SUPPORT_MESSAGES.subjectRequired }).trim().min(1, SUPPORT_MESSAGES.subjectRequired).max(SUPPORT_LIMITS.subject, SUPPORT_MESSAGES.subjectTooLong),
  category: z.enum(SUPPORT_CATEGORIES, { error: SUPPORT_MESSAGES.category }),
  message,
});
export type SupportTicketCreate = z.infer<typeof supportTicketCreateSchema>;

export const supportMessageSchema = z.object({ message });
export const supportStatusSchema = z.object({ status: z.enum(SUPPORT_STATUSES, { error: SUPPORT_MESSAGES.status }) });
export const supportOperatorListSchema = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: SUPPORT_MESSAGES.status }).optional(),
  q: z.string().trim().max(100).optional(),
});

// ——— answers (the routes' contracts; the types are derived from them) ———

export const supportMessageViewSchema = z.object({ id: z.string(), body: z.string(), fromSupport: z.boolean(), authorName: z.string(), createdAt: z.string() });
export type SupportMessageView = z.infer<typeof supportMessageViewSchema>;
export const supportTicketViewSchema = z.object({
  id: z.string(),
  code: z.string(),
  subject: z.string(),
  category: z.enum(SUPPORT_CATEGORIES),
  status: z.enum(SUPPORT_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the ticket was opened from a company (its files can be attached then). */
  hasCompany: z.boolean(),
});
export type SupportTicketView = z.infer<typeof supportTicketViewSchema>;
export const supportTicketListSchema = z.object({ tickets: z.array(supportTicketViewSchema) });
export const supportTicketDetailSchema = supportTicketViewSchema.extend({ messages: z.array(supportMessageViewSchema) });
export type SupportTicketDetail = z.infer<typeof supportTicketDetailSchema>;
export const supportOperatorTicketSchema = supportTicketViewSchema.extend({ requester: z.object({ name: z.string(), email: z.string() }), companyName: z.string().nullable() });
export type SupportOperatorTicket = z.infer<typeof supportOperatorTicketSchema>;
export const supportOperatorTicketListSchema = z.object({ tickets: z.array(supportOperatorTicketSchema) });
export const supportOperatorTicketDetailSchema = supportOperatorTicketSchema.extend({
  messages: z.array(supportMessageViewSchema),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), size: z.number() })),
});
export type SupportOperatorTicketDetail = z.infer<typeof supportOperatorTicketDetailSchema>;
/** Who the signed-in person is to support: an operator or not, and the support's e-mail. */
export const supportMeSchema = z.object({ operator: z.boolean(), supportEmail: z.string().nullable() });

/** A ticket's short code shown to people and in e-mails ('#A1B2C3D4'). */
export const ticketCode = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
