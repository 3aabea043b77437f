import { z } from 'zod';

/** WhatsApp Business Cloud API settings and templates (decisions 0290–0294). */

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

export const whatsappSettingsSchema = z.object({
  configured: z.boolean(),
  phoneNumberId: z.string(),
  wabaId: z.string(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
  verifyToken: z.string(),
  /** The path Meta posts to (the web shows it with the site's origin). */
  webhookPath: z.string(),
});
export type WhatsappSettings = z.infer<typeof whatsappSettingsSchema>;

/** POST /api/whatsapp/settings/test: the number the Cloud API knows for the settings. */
export const whatsappTestResultSchema = z.object({
  ok: z.literal(true),
  displayPhoneNumber: z.string().nullable(),
  verifiedName: z.string().nullable(),
  qualityRating: z.string().nullable(),
});
export type WhatsappTestResult = z.infer<typeof whatsappTestResultSchema>;

/** GET /api/whatsapp/webhook/:key: Meta's verification of the webhook (`hub.*`). */
export const webhookVerifyQuerySchema = z.object({
  'hub.mode': z.string().optional(),
  'hub.verify_token': z.string().optional(),
  'hub.challenge': z.string().optional(),
});
export const webhookParamsSchema = z.object({ key: z.string() });
export const webhookAckSchema = z.object({ ok: z.literal(true) });

export const HEADER_FORMATS = ['text', 'image', 'video', 'document'] as const;
export type HeaderFormat = (typeof HEADER_FORMATS)[number];
export const HEADER_FORMAT_LABELS: Record<HeaderFormat, string> = { text: 'texto', image: 'imagem', video: 'vídeo', document: 'documento' };

export const whatsappTemplateSchema = z.object({
  name: z.string(),
  language: z.string(),
  body: z.string(),
  /** How many {{n}} the body has. */
  variables: z.number(),
  /** The header (decision 0302): a text (with at most one {{1}}) or a media whose link (or file) is given when sending; null without one. */
  header: z.object({ format: z.enum(HEADER_FORMATS), text: z.string(), variables: z.number() }).nullable(),
  /** The URL buttons whose URL ends in {{1}} (the suffix is given when sending), by their index among the template's buttons. */
  buttons: z.array(z.object({ index: z.number(), text: z.string(), url: z.string() })),
});
export type WhatsappTemplate = z.infer<typeof whatsappTemplateSchema>;
export const templatesQuerySchema = z.object({ refresh: z.string().optional() });
export const templateListSchema = z.object({ templates: z.array(whatsappTemplateSchema) });

/** The header's parameter: the text header's {{1}}, or the media's https link (a file of the conversation in the inbox). */
export const templateHeaderSchema = z.object({
  format: z.enum(HEADER_FORMATS, { error: 'Formato de cabeçalho inválido.' }),
  value: z.string().trim().max(2000, 'O cabeçalho pode ter no máximo 2.000 caracteres.').default(''),
  fileId: z.string().uuid('Arquivo inválido.').optional(),
});
/** A URL button's suffix ({{1}} at the end of its URL), by the button's index. */
export const templateButtonSchema = z.object({
  index: z.number().int().min(0).max(9),
  value: z.string().trim().min(1, 'Preencha a variável do botão.').max(2000),
});
export type TemplateHeaderParam = z.output<typeof templateHeaderSchema>;
export type TemplateButtonParam = z.output<typeof templateButtonSchema>;

export const templateMessageSchema = z.object({
  template: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
  variables: z.array(z.string().max(1000)).max(20).default([]),
  header: templateHeaderSchema.nullable().optional().transform((v) => v ?? null),
  buttons: z.array(templateButtonSchema).max(10).default([]),
});

/**
 * What is missing or wrong in a template's parameters (decision 0302), or null: one value per
 * body variable, the text header's {{1}}, a media header's https link (or, where `allowFile`, a
 * file), and the suffix of every URL button that has one. Values with merge fields count as given.
 */
export function templateParamsProblem(
  tpl: Pick<WhatsappTemplate, 'variables' | 'header' | 'buttons'>,
  p: { variables: string[]; header: { format: HeaderFormat; value: string; fileId?: string } | null; buttons: Array<{ index: number; value: string }> },
  opts: { allowFile?: boolean } = {},
): string | null {
  if (p.variables.filter((v) => v.trim()).length < tpl.variables) return `Este modelo pede ${tpl.variables} ${tpl.variables === 1 ? 'variável' : 'variáveis'} no corpo.`;
  const h = tpl.header;
  if (h && (h.format !== 'text' || h.variables > 0)) {
    if (!p.header || p.header.format !== h.format) return `Este modelo tem um cabeçalho de ${HEADER_FORMAT_LABELS[h.format]}: preencha-o.`;
    if (h.format === 'text' && !p.header.value) return 'Preencha a variável do cabeçalho.';
    if (h.format !== 'text' && !(opts.allowFile && p.header.fileId) && !/^https:\/\/\S+$/i.test(p.header.value)) {
      return opts.allowFile ? `Informe o link (https) ${h.format === 'image' ? 'da imagem' : h.format === 'video' ? 'do vídeo' : 'do documento'} do cabeçalho ou anexe o arquivo.` : `Informe o link (https) ${h.format === 'image' ? 'da imagem' : h.format === 'video' ? 'do vídeo' : 'do documento'} do cabeçalho.`;
    }
  }
  for (const b of tpl.buttons) if (!p.buttons.find((x) => x.index === b.index)?.value) return `Preencha a variável do botão "${b.text}".`;
  return null;
}
