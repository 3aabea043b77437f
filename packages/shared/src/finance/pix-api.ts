import { z } from 'zod';
import { safeText } from '../text.ts';

/**
 * Dynamic Pix through the bank's standard API Pix (decisions 0560–0563): per Financeiro
 * account, the PSP's address, OAuth client and mTLS certificate. Requests, answers and their words.
 */

/** A PSP's client certificate (PFX or PEM): a few KB; 64 KB is generous. */
export const PIX_API_CERT_MAX_BYTES = 64 * 1024;
/** Days before the certificate's expiry when the members who keep the money are alerted. */
export const PIX_API_CERT_ALERT_DAYS = 30;

export const PIX_API_MESSAGES = {
  accountNotFound: 'Conta não encontrada.',
  baseUrl: 'Informe o endereço da API Pix do banco (https://…).',
  tokenUrl: 'Endereço de autenticação inválido (https://…).',
  privateUrl: 'Este endereço aponta para a rede interna e não pode ser usado. Use o endereço público da API Pix do banco.',
  clientId: 'Informe o Client ID fornecido pelo banco.',
  clientSecret: 'Informe o Client Secret fornecido pelo banco.',
  pixKey: 'Escolha a chave Pix desta conta usada nas cobranças.',
  keyNotOfAccount: 'Esta chave Pix não é desta conta. Cadastre-a na conta em Financeiro › Cadastros.',
  percent: 'Use um percentual entre 0 e 100, com até duas casas decimais.',
  notConfigured: 'Esta conta ainda não tem a API Pix configurada.',
  settingsFirst: 'Salve primeiro o endereço e as credenciais da API Pix desta conta; depois envie o certificado.',
  certFile: 'Envie o certificado do banco (.pfx, .p12 ou .pem).',
  certTooLarge: 'O arquivo é grande demais para um certificado (máximo de 64 KB).',
  certWrongPassword: 'Senha do certificado incorreta. Confira a senha e tente de novo.',
  certUnreadable: 'Não foi possível ler o arquivo como certificado. Envie o .pfx/.p12 com a chave privada, ou um .pem com o certificado e a chave privada.',
  certNoKey: 'O arquivo não contém a chave privada do certificado. Envie o certificado com a chave privada.',
  certExpired: (date: string) => `Este certificado venceu em ${date}. Gere um novo certificado no portal do banco e envie-o.`,
  certNotYetValid: (date: string) => `Este certificado só vale a partir de ${date}.`,
  certMissing: 'Envie o certificado da API Pix do banco (mTLS) nas configurações da conta para cobrar por Pix dinâmico.',
  oauthRefused: 'O banco recusou as credenciais da API Pix (Client ID, Client Secret ou certificado). Confira-as nas configurações da conta.',
  timeout: 'O banco não respondeu a tempo. Tente novamente em instantes.',
  unavailable: 'Não foi possível falar com a API Pix do banco agora. Tente novamente em instantes.',
  refused: (detail: string) => `O banco recusou a cobrança: ${detail}`,
  badAnswer: 'O banco respondeu à cobrança num formato inesperado. Tente novamente ou fale com o banco.',
  webhookNotFound: 'Webhook não encontrado.',
  webhookBody: 'Notificação Pix em formato inválido.',
} as const;

const url = (message: string) =>
  safeText({ error: message })
    .trim()
    .max(500, message)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), { message })
    .transform((v) => v.replace(/\/+$/, ''));

const percent = z
  .number({ error: PIX_API_MESSAGES.percent })
  .min(0, PIX_API_MESSAGES.percent)
  .max(100, PIX_API_MESSAGES.percent)
  .refine((v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: PIX_API_MESSAGES.percent })
  .default(0);

export const pixApiSettingsInputSchema = z.object({
  baseUrl: url(PIX_API_MESSAGES.baseUrl),
  tokenUrl: z
    .union([z.literal(''), url(PIX_API_MESSAGES.tokenUrl)])
    .nullish()
    .transform((v) => v || null),
  clientId: safeText({ error: PIX_API_MESSAGES.clientId }).trim().min(1, PIX_API_MESSAGES.clientId).max(300, PIX_API_MESSAGES.clientId),
  /** Empty or absent on an update: the stored one is kept. */
  clientSecret: safeText({ error: PIX_API_MESSAGES.clientSecret })
    .max(1000, PIX_API_MESSAGES.clientSecret)
    .nullish()
    .transform((v) => v || null),
  pixKey: safeText({ error: PIX_API_MESSAGES.pixKey }).trim().min(1, PIX_API_MESSAGES.pixKey).max(120, PIX_API_MESSAGES.pixKey),
  /** cobv (charges with a due date): the fine after it, % of the amount, and the interest, % per month. */
  finePercent: percent,
  interestPercent: percent,
});
export type PixApiSettingsInput = z.input<typeof pixApiSettingsInputSchema>;

export const pixApiCertificateSchema = z.object({
  subject: z.string(),
  notBefore: z.string(),
  notAfter: z.string(),
  /** Whole days until expiry (negative once expired). */
  daysLeft: z.number().int(),
});
export type PixApiCertificate = z.infer<typeof pixApiCertificateSchema>;

export const pixApiSettingsSchema = z.object({
  accountId: z.string(),
  baseUrl: z.string(),
  tokenUrl: z.string().nullable(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  pixKey: z.string(),
  finePercent: z.number(),
  interestPercent: z.number(),
  certificate: pixApiCertificateSchema.nullable(),
  webhook: z.object({ registeredAt: z.string().nullable(), error: z.string().nullable() }),
  reconciledUntil: z.string().nullable(),
  updatedAt: z.string(),
});
export type PixApiSettings = z.infer<typeof pixApiSettingsSchema>;
export const pixApiSettingsAnswerSchema = z.object({ settings: pixApiSettingsSchema.nullable() });
export type PixApiSettingsAnswer = z.infer<typeof pixApiSettingsAnswerSchema>;

/** The webhook's address: a 43-character base64url secret, then `/pix` (the PSP appends it, BCB's spec). */
export const PIX_WEBHOOK_SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;
export const pixWebhookParamsSchema = z.object({ secret: z.string() });
export const pixWebhookAckSchema = z.object({ received: z.number().int(), settled: z.number().int() });
