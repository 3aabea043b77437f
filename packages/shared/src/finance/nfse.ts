import { z } from 'zod';
import { safeText } from '../text.ts';

/** NFS-e Nacional (decisions 0541–0544): settings, issuing and cancelling from a receivable. */
export const NFSE_MESSAGES = {
  environment: 'Escolha o ambiente: produção restrita (testes) ou produção.',
  municipality: 'Informe o código IBGE do município (7 dígitos).',
  municipalRegistration: 'A inscrição municipal tem no máximo 15 letras ou dígitos.',
  regime: 'Escolha o regime tributário: Simples Nacional, MEI, Lucro Presumido ou Lucro Real.',
  serie: 'A série da DPS tem de 1 a 5 dígitos.',
  servicesEmpty: 'Cadastre pelo menos um serviço com o código da lista nacional (cTribNac).',
  servicesMax: 'Cadastre no máximo 50 serviços.',
  serviceCode: 'O código de tributação nacional (cTribNac) tem 6 dígitos, como 010101.',
  serviceDuplicate: 'Cada código de serviço aparece uma vez só.',
  serviceDescription: 'Descreva o serviço (até 200 caracteres).',
  issRate: 'A alíquota do ISS vai de 0% a 5%, com até duas casas decimais.',
  ibsCbsCst: 'O CST do IBS/CBS tem 3 dígitos.',
  ibsCbsClassification: 'A classificação tributária (cClassTrib) tem 6 dígitos.',
  ibsCbsRate: 'Informe a alíquota em porcentagem, de 0 a 100, com até quatro casas decimais.',
  notConfigured: 'Configure a nota fiscal antes de emitir: Financeiro → Nota fiscal.',
  entryNotFound: 'Conta a receber não encontrada.',
  notReceivable: 'Só se emite nota fiscal de uma conta a receber.',
  entryCancelled: 'Esta conta a receber está cancelada: reabra-a para emitir a nota.',
  noCustomer: 'Informe o cliente (tomador) na conta a receber para emitir a nota.',
  customerNoDocument: 'O cliente não tem CNPJ ou CPF cadastrado. Complete o cadastro do tomador para emitir a nota.',
  zeroAmount: 'A conta a receber não tem valor a faturar.',
  unknownService: 'Escolha um dos serviços cadastrados nas configurações da nota fiscal.',
  alreadyIssued: 'Esta conta a receber já tem uma nota fiscal emitida. Cancele-a antes de emitir outra.',
  invoiceNotFound: 'Esta conta a receber não tem nota fiscal emitida.',
  alreadyCancelled: 'Esta nota fiscal já foi cancelada.',
  cancelReason: 'Explique o motivo do cancelamento (de 15 a 255 caracteres).',
  certificateExpired: 'O certificado digital da empresa venceu. Envie o e-CNPJ renovado em Financeiro → Nota fiscal.',
  rejected: 'A Sefin Nacional recusou a nota. Nenhuma nota foi emitida e nenhum número foi usado: corrija o que ela aponta e emita de novo.',
  cancelRejected: 'A Sefin Nacional recusou o cancelamento. A nota continua válida: corrija o que ela aponta e tente de novo.',
  unavailable: 'A Sefin Nacional não respondeu. Nenhuma nota foi emitida: tente de novo em alguns minutos.',
} as const;

export const NFSE_ENVIRONMENTS = ['restricted', 'production'] as const;
export const NFSE_ENVIRONMENT_LABELS: Record<(typeof NFSE_ENVIRONMENTS)[number], string> = { restricted: 'Produção restrita (testes)', production: 'Produção' };
export const NFSE_REGIMES = ['simples', 'mei', 'presumido', 'real'] as const;
export const NFSE_REGIME_LABELS: Record<(typeof NFSE_REGIMES)[number], string> = { simples: 'Simples Nacional', mei: 'MEI', presumido: 'Lucro Presumido', real: 'Lucro Real' };
export type NfseEnvironment = (typeof NFSE_ENVIRONMENTS)[number];
export type NfseRegime = (typeof NFSE_REGIMES)[number];

const percent = (max: number, decimals: number, message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(max, message)
    .refine((v) => Math.abs(v * 10 ** decimals - Math.round(v * 10 ** decimals)) < 1e-6, message);

export const nfseServiceSchema = z.object({
  code: z.string({ error: NFSE_MESSAGES.serviceCode }).regex(/^\d{6}$/, NFSE_MESSAGES.serviceCode),
  description: safeText({ error: NFSE_MESSAGES.serviceDescription }).trim().min(1, NFSE_MESSAGES.serviceDescription).max(200, NFSE_MESSAGES.serviceDescription),
  issRate: percent(5, 2, NFSE_MESSAGES.issRate),
});
export type NfseService = z.infer<typeof nfseServiceSchema>;

export const nfseSettingsInputSchema = z.object({
  environment: z.enum(NFSE_ENVIRONMENTS, { error: NFSE_MESSAGES.environment }),
  municipalityCode: z.string({ error: NFSE_MESSAGES.municipality }).regex(/^\d{7}$/, NFSE_MESSAGES.municipality),
  municipalRegistration: safeText({ error: NFSE_MESSAGES.municipalRegistration })
    .trim()
    .regex(/^[0-9A-Za-z]{0,15}$/, NFSE_MESSAGES.municipalRegistration)
    .nullish()
    .transform((v) => v || null),
  regime: z.enum(NFSE_REGIMES, { error: NFSE_MESSAGES.regime }),
  serie: z.string({ error: NFSE_MESSAGES.serie }).regex(/^\d{1,5}$/, NFSE_MESSAGES.serie).default('1'),
  services: z
    .array(nfseServiceSchema, { error: NFSE_MESSAGES.servicesEmpty })
    .min(1, NFSE_MESSAGES.servicesEmpty)
    .max(50, NFSE_MESSAGES.servicesMax)
    .refine((list) => new Set(list.map((s) => s.code)).size === list.length, NFSE_MESSAGES.serviceDuplicate),
  ibsCbsCst: z.string({ error: NFSE_MESSAGES.ibsCbsCst }).regex(/^\d{3}$/, NFSE_MESSAGES.ibsCbsCst).nullish().transform((v) => v ?? null),
  ibsCbsClassification: z.string({ error: NFSE_MESSAGES.ibsCbsClassification }).regex(/^\d{6}$/, NFSE_MESSAGES.ibsCbsClassification).nullish().transform((v) => v ?? null),
  ibsRate: percent(100, 4, NFSE_MESSAGES.ibsCbsRate).nullish().transform((v) => v ?? null),
  cbsRate: percent(100, 4, NFSE_MESSAGES.ibsCbsRate).nullish().transform((v) => v ?? null),
});
export type NfseSettingsInput = z.input<typeof nfseSettingsInputSchema>;

export const nfseSettingsSchema = z.object({
  environment: z.enum(NFSE_ENVIRONMENTS),
  municipalityCode: z.string(),
  municipalRegistration: z.string().nullable(),
  regime: z.enum(NFSE_REGIMES),
  serie: z.string(),
  services: z.array(nfseServiceSchema),
  ibsCbsCst: z.string().nullable(),
  ibsCbsClassification: z.string().nullable(),
  ibsRate: z.number().nullable(),
  cbsRate: z.number().nullable(),
  updatedAt: z.string(),
});
export type NfseSettings = z.infer<typeof nfseSettingsSchema>;
export const nfseSettingsAnswerSchema = z.object({ settings: nfseSettingsSchema.nullable() });

export const nfseIssueSchema = z.object({
  serviceCode: z.string({ error: NFSE_MESSAGES.serviceCode }).regex(/^\d{6}$/, NFSE_MESSAGES.serviceCode).optional(),
  /** The service's description on the note; default: the receivable's description. */
  description: safeText({ error: NFSE_MESSAGES.serviceDescription }).trim().min(1, NFSE_MESSAGES.serviceDescription).max(1000, NFSE_MESSAGES.serviceDescription).optional(),
});
export const nfseCancelSchema = z.object({
  reason: safeText({ error: NFSE_MESSAGES.cancelReason }).trim().min(15, NFSE_MESSAGES.cancelReason).max(255, NFSE_MESSAGES.cancelReason),
});

export const nfseInvoiceSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  status: z.enum(['authorized', 'cancelled']),
  environment: z.enum(NFSE_ENVIRONMENTS),
  serie: z.string(),
  number: z.number().int(),
  accessKey: z.string(),
  serviceCode: z.string(),
  amountCents: z.number().int(),
  xmlFileId: z.string().nullable(),
  pdfFileId: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  issuedAt: z.string(),
});
export type NfseInvoice = z.infer<typeof nfseInvoiceSchema>;
export const nfseInvoiceAnswerSchema = z.object({ invoice: nfseInvoiceSchema.nullable() });

/** One reason of the authority's refusal: its code, its words, and what to fix in Sede. */
export const nfseRejectionSchema = z.object({ code: z.string(), description: z.string(), hint: z.string().nullable() });
export type NfseRejection = z.infer<typeof nfseRejectionSchema>;

/** Sending an authorised note to the customer (decision 0545). */
export const NFSE_DELIVERY_MESSAGES = {
  email: 'Informe um e-mail válido para enviar a nota.',
  noRecipient: 'O cliente não tem e-mail cadastrado. Informe um e-mail para enviar a nota.',
  suppressed: 'Este contato pediu para não receber mensagens (LGPD). Use outro e-mail.',
  notAuthorized: 'Só se envia uma nota emitida e válida: esta foi cancelada.',
  failed: 'Não foi possível enviar o e-mail agora. Tente reenviar em instantes.',
} as const;

export const nfseDeliverySchema = z.object({
  id: z.string(),
  sentTo: z.string().nullable(),
  status: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
  /** Who sent it again; null: sent by itself after authorisation. */
  sentByName: z.string().nullable(),
  createdAt: z.string(),
});
export type NfseDelivery = z.infer<typeof nfseDeliverySchema>;
export const nfseDeliveryListSchema = z.object({ deliveries: z.array(nfseDeliverySchema) });
export const nfseResendSchema = z.object({
  to: z.email({ error: NFSE_DELIVERY_MESSAGES.email }).max(254, NFSE_DELIVERY_MESSAGES.email).optional(),
});
