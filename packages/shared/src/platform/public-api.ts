import { z } from 'zod';
import { onlyDigits } from '../cpf.ts';
import { looksLikeEmail, normalizeEmail } from '../email.ts';
import { isValidPhone } from '../phone.ts';
import { safeText } from '../text.ts';
import { uuidSchema } from './api.ts';

/** The public API's one error shape (decision 0641). */
export const publicErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('Código estável do erro (VALIDATION_ERROR, NOT_FOUND, RATE_LIMITED…).'),
    message: z.string().describe('O que aconteceu, em português, para mostrar a uma pessoa.'),
    fields: z.record(z.string(), z.string()).describe('A mensagem de cada campo inválido, pelo caminho do campo.'),
  }),
});
export type PublicError = z.infer<typeof publicErrorSchema>;

export const LEAD_MESSAGES = {
  nameRequired: 'Informe o nome.',
  nameTooLong: 'O nome pode ter até 200 caracteres.',
  emailInvalid: 'E-mail inválido.',
  phoneInvalid: 'Telefone inválido: informe DDD e número (10 ou 11 dígitos).',
  contactRequired: 'Informe um e-mail ou um telefone.',
  messageTooLong: 'A mensagem pode ter até 2.000 caracteres.',
  textTooLong: 'Texto longo demais.',
  listNotFound: 'Lista não encontrada.',
  pipelineNotFound: 'Funil não encontrado.',
  stageNotFound: 'Etapa não encontrada.',
  valueInvalid: 'Valor inválido: informe centavos (número inteiro, sem vírgula).',
} as const;

const shortText = (max: number) =>
  safeText()
    .transform((v) => v.trim())
    .pipe(z.string().max(max, LEAD_MESSAGES.textTooLong));

/**
 * POST /api/v1/leads: a site's form sends one contact (decision 0644). The person is found by
 * e-mail or phone, else created with the consent of the form as the legal basis; then put on a
 * list (`listId`) and/or a new deal in a pipeline (`pipelineId`, its first stage unless `stageId`).
 */
export const leadCaptureSchema = z
  .strictObject({
    name: safeText({ error: LEAD_MESSAGES.nameRequired })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, LEAD_MESSAGES.nameRequired).max(200, LEAD_MESSAGES.nameTooLong)),
    email: safeText({ error: LEAD_MESSAGES.emailInvalid })
      .max(320, LEAD_MESSAGES.emailInvalid)
      .transform(normalizeEmail)
      .refine((v) => v === '' || looksLikeEmail(v), LEAD_MESSAGES.emailInvalid)
      .optional(),
    phone: safeText({ error: LEAD_MESSAGES.phoneInvalid })
      .refine((v) => v.trim() === '' || isValidPhone(v), LEAD_MESSAGES.phoneInvalid)
      .transform(onlyDigits)
      .optional(),
    message: safeText({ multiline: true })
      .transform((v) => v.trim())
      .pipe(z.string().max(2000, LEAD_MESSAGES.messageTooLong))
      .optional()
      .describe('O que a pessoa escreveu no formulário (fica nas observações da pessoa).'),
    listId: uuidSchema(LEAD_MESSAGES.listNotFound).optional().describe('A lista de contatos onde a pessoa entra.'),
    pipelineId: uuidSchema(LEAD_MESSAGES.pipelineNotFound).optional().describe('O funil onde um negócio é aberto para ela.'),
    stageId: uuidSchema(LEAD_MESSAGES.stageNotFound).optional().describe('A etapa do negócio (padrão: a primeira do funil).'),
    dealTitle: shortText(200).optional().describe('O título do negócio (padrão: "Lead do site: <nome>").'),
    valueCents: z.number({ error: LEAD_MESSAGES.valueInvalid }).int(LEAD_MESSAGES.valueInvalid).min(0, LEAD_MESSAGES.valueInvalid).max(1e13, LEAD_MESSAGES.valueInvalid).optional(),
    source: shortText(80).optional().describe('De onde veio (padrão: "Formulário do site").'),
  })
  .refine((v) => Boolean(v.email || v.phone), { message: LEAD_MESSAGES.contactRequired, path: ['email'] });
export type LeadCapture = z.input<typeof leadCaptureSchema>;

/** What the form gets back: received (a form key learns no ids; a secret key gets them). */
export const leadCapturedSchema = z.object({
  received: z.literal(true),
  personId: z.string().nullable().optional().describe('A pessoa (só para chaves secretas; null se o contato pediu para não ser contatado).'),
  dealId: z.string().nullable().optional().describe('O negócio aberto (só para chaves secretas).'),
});
export type LeadCaptured = z.infer<typeof leadCapturedSchema>;
