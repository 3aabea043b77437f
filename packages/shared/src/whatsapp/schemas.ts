import { z } from 'zod';

/** WhatsApp Business Cloud API settings and templates (issue 15; decisions 0290–0294). */

export const WHATSAPP_MESSAGES = {
  notConfigured: 'O WhatsApp não está configurado: um administrador o configura em Atendimento › WhatsApp.',
  windowClosed: 'A janela de 24 horas do WhatsApp está fechada: o cliente não escreve há mais de 24 horas. Envie um modelo aprovado.',
  forgedSignature: 'Assinatura do webhook inválida.',
  missingSignature: 'Assinatura do webhook ausente.',
  webhookNotFound: 'Webhook não encontrado.',
  verifyFailed: 'Token de verificação inválido.',
  graphFailed: (detail: string) => `O WhatsApp recusou a chamada: ${detail}`,
  templateNotFound: 'Modelo não encontrado entre os aprovados.',
} as const;

const id = z.string().trim().regex(/^\d{5,30}$/, 'Informe o identificador numérico que a Meta mostra.');

/** PUT /api/whatsapp/settings: a secret left out (or empty) keeps the stored one. */
export const whatsappSettingsUpdateSchema = z.object({
  phoneNumberId: id,
  wabaId: id,
  accessToken: z.string().trim().max(1000).optional(),
  appSecret: z.string().trim().max(200).optional(),
});

export type WhatsappSettings = {
  configured: boolean;
  phoneNumberId: string;
  wabaId: string;
  hasAccessToken: boolean;
  hasAppSecret: boolean;
  verifyToken: string;
  /** The path Meta posts to (the web shows it with the site's origin). */
  webhookPath: string;
};

export type WhatsappTemplate = { name: string; language: string; body: string; variables: number };

export const templateMessageSchema = z.object({
  template: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  variables: z.array(z.string().max(1000)).max(20).default([]),
});
