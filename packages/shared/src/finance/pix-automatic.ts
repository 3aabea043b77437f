import { z } from 'zod';
import { safeText } from '../text.ts';

/**
 * Pix Automático (decisions 0610–0612): a recurring receivable series charged by the API Pix's
 * recurrences (`/rec`), the authorisation asked of the payer (`/solicrec`) and one cobrança
 * recorrente (`/cobr`) per due occurrence. Requests, answers and their words.
 */

export const PIX_AUTOMATIC_MESSAGES = {
  entryNotFound: 'Lançamento não encontrado.',
  notReceivable: 'Pix Automático é só para contas a receber.',
  notRecurring: 'Este recebimento não faz parte de uma recorrência. Crie-o como recorrente (mensal ou anual) para usar o Pix Automático.',
  noApi: 'A conta deste recebimento não tem a API Pix do banco configurada (endereço, credenciais e certificado). Configure-a em Financeiro › Cadastros.',
  noAccount: 'Escolha a conta do recebimento: o Pix Automático usa a API Pix dessa conta.',
  noBankAccount: 'Informe a agência e o número da conta bancária em Financeiro › Cadastros: o banco os exige nas cobranças do Pix Automático.',
  noDebtor: 'Cadastre o CPF ou o CNPJ do cliente neste recebimento: a autorização do Pix Automático é pedida em nome dele.',
  noOpenOccurrence: 'Não há parcelas em aberto nesta recorrência para autorizar.',
  alreadyLive: 'Esta recorrência já tem um Pix Automático pedido ou autorizado. Cancele-o antes de pedir outro.',
  notLive: 'Não há Pix Automático pedido ou autorizado nesta recorrência.',
  ispb: 'Escolha o banco do pagador (ou informe o ISPB, 8 caracteres).',
  agency: 'A agência tem até 4 dígitos.',
  account: 'Informe a conta do pagador (até 20 dígitos, sem o traço).',
  noLaterOccurrence: 'Para pagar a primeira parcela e autorizar as próximas no mesmo QR Code, a recorrência precisa de outra parcela em aberto, com vencimento daqui a 2 dias ou mais.',
  firstNotDynamic: 'A primeira parcela não pôde ser cobrada pela API Pix do banco. Confira a configuração da API Pix da conta e tente de novo.',
  refused: (detail: string) => `O banco recusou o Pix Automático: ${detail}`,
  webhookBody: 'Notificação do Pix Automático em formato inválido.',
} as const;

/** BCB's RecStatus, as the PSP tells it. */
export const PIX_REC_STATUSES = ['CRIADA', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const;
export type PixRecStatus = (typeof PIX_REC_STATUSES)[number];
/** What a person reads of a recurrence's status. */
export const PIX_REC_STATUS_LABELS: Record<PixRecStatus, string> = {
  CRIADA: 'Aguardando autorização',
  APROVADA: 'Autorizado',
  REJEITADA: 'Recusado pelo pagador',
  EXPIRADA: 'Pedido expirado',
  CANCELADA: 'Cancelado',
};
/**
 * How the payer authorises (BCB's tipoJornada, decision 0756): a request sent to their bank account
 * (1), the recurrence's QR (2), or one QR that pays the first occurrence and authorises the rest —
 * by an immediate charge (3) or one with a due date (4).
 */
export const PIX_JOURNEYS = ['JORNADA_1', 'JORNADA_2', 'JORNADA_3', 'JORNADA_4'] as const;
export type PixJourney = (typeof PIX_JOURNEYS)[number];
export const PIX_SOLIC_STATUSES = ['CRIADA', 'ENVIADA', 'RECEBIDA', 'ACEITA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const;
export const PIX_REC_PERIODICITIES = ['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export const PIX_REC_PERIODICITY_LABELS: Record<(typeof PIX_REC_PERIODICITIES)[number], string> = {
  SEMANAL: 'semanal',
  MENSAL: 'mensal',
  TRIMESTRAL: 'trimestral',
  SEMESTRAL: 'semestral',
  ANUAL: 'anual',
};

/** The payer's banks most asked for (ISPB, BCB's participant list); any other by its ISPB. */
export const PAYER_BANKS = [
  { ispb: '00000000', name: 'Banco do Brasil' },
  { ispb: '00360305', name: 'Caixa Econômica Federal' },
  { ispb: '60701190', name: 'Itaú Unibanco' },
  { ispb: '60746948', name: 'Bradesco' },
  { ispb: '90400888', name: 'Santander' },
  { ispb: '18236120', name: 'Nubank' },
  { ispb: '00416968', name: 'Banco Inter' },
  { ispb: '31872495', name: 'C6 Bank' },
  { ispb: '02038232', name: 'Sicoob' },
  { ispb: '01181521', name: 'Sicredi' },
  { ispb: '92702067', name: 'Banrisul' },
  { ispb: '30306294', name: 'BTG Pactual' },
  { ispb: '10573521', name: 'Mercado Pago' },
  { ispb: '08561701', name: 'PagBank' },
] as const;

const M = PIX_AUTOMATIC_MESSAGES;

/** 'Pedir autorização': the payer's bank account, where the PSP sends the request (Jornada 1). */
export const pixAutomaticRequestSchema = z.object({
  ispb: safeText({ error: M.ispb })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[0-9A-Z]{8}$/.test(v), { message: M.ispb }),
  agency: safeText({ error: M.agency })
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || /^\d{1,4}$/.test(v), { message: M.agency }),
  account: safeText({ error: M.account })
    .trim()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .refine((v) => /^\d{1,20}$/.test(v), { message: M.account }),
});
export type PixAutomaticRequest = z.input<typeof pixAutomaticRequestSchema>;

/** A cobrança recorrente of the series, as the panel lists it. */
export const pixAutomaticChargeSchema = z.object({
  entryId: z.string(),
  dueDate: z.string(),
  amountCents: z.number(),
  status: z.enum(['open', 'paid', 'cancelled', 'expired']),
  paidAt: z.string().nullable(),
});

export const pixRecurrenceSchema = z.object({
  id: z.string(),
  idRec: z.string(),
  status: z.enum(PIX_REC_STATUSES),
  solicStatus: z.enum(PIX_SOLIC_STATUSES).nullable(),
  periodicity: z.enum(PIX_REC_PERIODICITIES),
  amountCents: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  debtorName: z.string(),
  /** The CPF/CNPJ with only its last digits visible. */
  debtorDocument: z.string(),
  reason: z.string().nullable(),
  /** The way the authorisation was last asked for (null: not yet). */
  journey: z.enum(PIX_JOURNEYS).nullable(),
  /** Jornadas 2–4: the QR the customer reads to authorise (its copia e cola and image), while the authorisation is awaited. */
  qrCode: z.string().nullable(),
  qrSvg: z.string().nullable(),
  /** Jornadas 3 and 4: the first occurrence, paid by the same QR (null otherwise). */
  firstPayment: pixAutomaticChargeSchema.nullable(),
  charges: z.array(pixAutomaticChargeSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PixRecurrence = z.infer<typeof pixRecurrenceSchema>;

/** The receivable's 'Pix Automático' panel: its series' latest recurrence, and why none can be asked for. */
export const pixAutomaticSchema = z.object({
  recurrence: pixRecurrenceSchema.nullable(),
  /** Null when a request can be made (or one is live); else the reason in Portuguese. */
  blocked: z.string().nullable(),
});
export type PixAutomatic = z.infer<typeof pixAutomaticSchema>;

/** The rec webhook's answer: how many recurrences were told, how many changed. */
export const recWebhookAckSchema = z.object({ received: z.number().int(), updated: z.number().int() });
