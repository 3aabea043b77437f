import { formatBoleto, isValidBoleto } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';

/**
 * Boleto through a payment provider (decisions 0570–0573): the company's provider
 * settings (Asaas first), a receivable's boleto (linha digitável, barcode, PDF, the hybrid
 * boleto's Pix) and their Portuguese words.
 */

export const PAYMENT_PROVIDERS = ['asaas'] as const;
export type PaymentProviderKey = (typeof PAYMENT_PROVIDERS)[number];
export const PROVIDER_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type ProviderEnvironment = (typeof PROVIDER_ENVIRONMENTS)[number];
export const PROVIDER_ENVIRONMENT_LABELS: Record<ProviderEnvironment, string> = { sandbox: 'Sandbox (testes)', production: 'Produção' };

export const BOLETO_MESSAGES = {
  environment: 'Escolha o ambiente: sandbox ou produção.',
  apiKey: 'Informe a chave de API do Asaas.',
  apiKeyRefused: 'O Asaas recusou a chave de API: confira a chave e o ambiente (sandbox ou produção).',
  accountNotFound: 'Conta não encontrada.',
  accountArchived: 'Esta conta está arquivada: reative-a em Cadastros ou escolha outra.',
  notConfigured: 'Configure o Asaas em Financeiro › Cadastros para emitir boletos.',
  settingsNotFound: 'O Asaas não está configurado nesta empresa.',
  timeout: 'O Asaas não respondeu a tempo. Nada foi emitido; tente novamente em instantes.',
  unavailable: 'O Asaas está indisponível agora. Nada foi emitido; tente novamente em instantes.',
  refused: 'O Asaas recusou o pedido',
  alreadyIssued: 'Esta conta a receber já tem um boleto em aberto: cancele-o para emitir outro.',
  noCustomer: 'Informe o cliente da conta a receber (empresa ou pessoa) para emitir boleto.',
  noTaxId: 'Cadastre o CPF ou o CNPJ do cliente para emitir boleto.',
  invalidTaxId: 'O CPF ou CNPJ do cliente é inválido: corrija o cadastro para emitir boleto.',
  badLine: 'O Asaas devolveu uma linha digitável inválida. Nada foi emitido; tente novamente.',
  noBoleto: 'Esta conta a receber não tem boleto em aberto.',
  webhookToken: 'Token do webhook inválido.',
  paymentNotFound: 'Cobrança não encontrada.',
  webhookBody: 'Notificação do Asaas em formato inesperado.',
} as const;

/** Whether a linha digitável (47 digits, cobrança bancária) has valid check digits. */
export const isValidBoletoLine = (line: string) => /^\d{47}$/.test(line) && isValidBoleto(line);
/** The linha digitável as printed: 00190.00009 01149.718601 68524.522114 6 75860000102656. */
export const formatBoletoLine = (line: string) => formatBoleto(line);

export const providerSettingsSaveSchema = z.object({
  environment: z.enum(PROVIDER_ENVIRONMENTS, { error: BOLETO_MESSAGES.environment }),
  /** Omitted on an update that keeps the stored key. */
  apiKey: safeText({ error: BOLETO_MESSAGES.apiKey })
    .transform((v) => v.trim())
    .pipe(z.string().min(8, BOLETO_MESSAGES.apiKey).max(400, BOLETO_MESSAGES.apiKey))
    .optional(),
  accountId: uuidSchema(BOLETO_MESSAGES.accountNotFound),
});
export type ProviderSettingsSaveInput = z.input<typeof providerSettingsSaveSchema>;

export const providerSettingsSchema = z.object({
  configured: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS),
  environment: z.enum(PROVIDER_ENVIRONMENTS).nullable(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  apiKeyHint: z.string().nullable(),
  /** The address to give the provider as its webhook. */
  webhookUrl: z.string(),
  /** Sede's webhook at Asaas (decision 0603): registered by Sede, or why Asaas refused it. */
  webhookState: z.enum(['registered', 'failed']).nullable(),
  webhookError: z.string().nullable(),
  webhookRegisteredAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Only when Sede could not register it at the provider: the token to paste there by hand, answered once. */
  webhookToken: z.string().optional(),
});
export type ProviderSettings = z.infer<typeof providerSettingsSchema>;

export const BOLETO_STATUSES = ['issuing', 'open', 'overdue', 'paid', 'cancelled'] as const;
export type BoletoStatus = (typeof BOLETO_STATUSES)[number];
export const BOLETO_STATUS_LABELS: Record<BoletoStatus, string> = { issuing: 'Emitindo', open: 'Aguardando pagamento', overdue: 'Vencido', paid: 'Pago', cancelled: 'Cancelado' };

/** Why Sede cancelled a boleto at the provider by itself (decision 0602). */
export const AUTO_CANCEL_REASONS = ['settled', 'cancelled', 'deleted'] as const;
export type AutoCancelReason = (typeof AUTO_CANCEL_REASONS)[number];
export const AUTO_CANCEL_REASON_LABELS: Record<AutoCancelReason, string> = {
  settled: 'a conta foi recebida de outra forma',
  cancelled: 'a conta foi cancelada',
  deleted: 'a conta foi excluída',
};
export const autoCancelSchema = z.object({ reason: z.enum(AUTO_CANCEL_REASONS), state: z.enum(['done', 'failed']), error: z.string().nullable(), at: z.string().nullable() });
export type AutoCancel = z.infer<typeof autoCancelSchema>;
/** A boleto Sede cancelled at the provider by itself, or failed to (its receivable may be gone). */
export const autoCancellationSchema = autoCancelSchema.extend({ id: z.string(), entryId: z.string().nullable(), label: z.string(), externalId: z.string().nullable() });
export type AutoCancellation = z.infer<typeof autoCancellationSchema>;
export const autoCancellationListSchema = z.object({ cancellations: z.array(autoCancellationSchema) });

export const boletoSchema = z.object({
  id: z.string(),
  chargeId: z.string(),
  entryId: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  environment: z.enum(PROVIDER_ENVIRONMENTS),
  externalId: z.string().nullable(),
  status: z.enum(BOLETO_STATUSES),
  amountCents: z.number(),
  dueDate: z.string(),
  identificationField: z.string().nullable(),
  barCode: z.string().nullable(),
  bankSlipUrl: z.string().nullable(),
  /** The hybrid boleto's Pix copia e cola. */
  pixPayload: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** Sede's own cancellation at the provider, once tried (decision 0602). */
  autoCancel: autoCancelSchema.nullable(),
});
export type Boleto = z.infer<typeof boletoSchema>;

export const entryBoletoSchema = z.object({ configured: z.boolean(), boleto: boletoSchema.nullable() });
export type EntryBoleto = z.infer<typeof entryBoletoSchema>;

/** Asaas's webhook notification (API v3), the part Sede reads; anything else in it is let through. */
export const asaasWebhookSchema = z.looseObject({
  id: z.string({ error: BOLETO_MESSAGES.webhookBody }).min(1, BOLETO_MESSAGES.webhookBody).max(200, BOLETO_MESSAGES.webhookBody),
  event: z.string({ error: BOLETO_MESSAGES.webhookBody }).max(100, BOLETO_MESSAGES.webhookBody),
  payment: z
    .looseObject({
      id: z.string({ error: BOLETO_MESSAGES.webhookBody }).min(1).max(100),
      value: z.number({ error: BOLETO_MESSAGES.webhookBody }).nonnegative().optional(),
      paymentDate: z.string().nullish(),
      clientPaymentDate: z.string().nullish(),
    })
    .optional(),
});
export type AsaasWebhook = z.infer<typeof asaasWebhookSchema>;
export const webhookAnswerSchema = z.object({ received: z.literal(true), outcome: z.enum(['settled', 'duplicate', 'updated', 'ignored', 'not_settled']) });
