import { z } from 'zod';

/** /suporte (issue 17, decision 0280): a person's tickets to the platform's support team. */
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

export type SupportMessageView = { id: string; body: string; fromSupport: boolean; authorName: string; createdAt: string };
export type SupportTicketView = {
  id: string;
  code: string;
  subject: string;
  category: SupportCategory;
  status: SupportStatus;
  createdAt: string;
  updatedAt: string;
  /** Whether the ticket was opened from a company (its files can be attached then). */
  hasCompany: boolean;
};
export type SupportTicketDetail = SupportTicketView & { messages: SupportMessageView[] };
export type SupportOperatorTicket = SupportTicketView & { requester: { name: string; email: string }; companyName: string | null };
export type SupportOperatorTicketDetail = SupportOperatorTicket & {
  messages: SupportMessageView[];
  attachments: { id: string; name: string; size: number }[];
};

/** A ticket's short code shown to people and in e-mails ('#A1B2C3D4'). */
export const ticketCode = (id: string) => `#${id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
