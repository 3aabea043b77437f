import { getPixKeyInfo, isValidCpf as libIsValidCpf, isValidPixKey } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { isValidCnpj, normalizeCnpjInput } from '../cnpj.ts';
import { onlyDigits } from '../cpf.ts';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';

/**
 * Money in by Pix (decisions 0530–0533): the company's Pix keys per Financeiro account,
 * charges of receivables and the public payment page. Requests, answers and their Portuguese words.
 */

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  evp: 'Chave aleatória',
};

export const PIX_MESSAGES = {
  keyType: 'Tipo de chave Pix inválido.',
  key: 'Informe a chave Pix.',
  invalid: {
    cpf: 'CPF inválido: confira os 11 dígitos.',
    cnpj: 'CNPJ inválido: confira os 14 caracteres.',
    email: 'E-mail inválido para chave Pix.',
    phone: 'Celular inválido: use DDD e número, como (11) 98765-4321.',
    evp: 'Chave aleatória inválida: ela tem 36 caracteres, como 123e4567-e89b-12d3-a456-426614174000.',
  } satisfies Record<PixKeyType, string>,
  keyTaken: 'Esta chave Pix já está cadastrada na empresa.',
  keyNotFound: 'Chave Pix não encontrada.',
  accountNotFound: 'Conta não encontrada.',
  accountArchived: 'Esta conta está arquivada: reative-a em Cadastros ou escolha outra.',
  noKey: 'Cadastre uma chave Pix em Financeiro › Cadastros para cobrar por Pix.',
  entryNotFound: 'Lançamento não encontrado.',
  notReceivable: 'Só contas a receber podem ser cobradas.',
  alreadyPaid: 'Esta conta a receber já foi recebida.',
  cancelled: 'Esta conta a receber está cancelada: reabra-a para cobrar.',
  zeroAmount: 'Não há valor em aberto para cobrar.',
  chargeNotFound: 'Cobrança não encontrada.',
  chargeNotOpen: 'Esta cobrança não está mais em aberto.',
  amount: 'O valor pago deve ser maior que zero.',
  linkInvalid: 'Este link de pagamento não existe ou foi cancelado.',
  noLink: 'Esta conta a receber não tem link de pagamento ativo.',
  noRecipient: 'Informe o e-mail do cliente.',
  email: 'E-mail inválido.',
  suppressed: 'Este contato pediu para não receber e-mails.',
  mailFailed: 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.',
} as const;

/** The key in the DICT's canonical form for its type, or null when it is not a valid key of that type. */
export function normalizePixKey(type: PixKeyType, value: string): string | null {
  const v = value.trim();
  switch (type) {
    case 'cpf':
      return /^[\d.\-\s]+$/.test(v) && libIsValidCpf(onlyDigits(v)) ? onlyDigits(v) : null;
    case 'cnpj':
      return isValidCnpj(v) ? normalizeCnpjInput(v) : null;
    case 'phone': {
      if (/[^\d()\-\s+]/.test(v)) return null;
      const digits = onlyDigits(v);
      const e164 = `+${digits.length >= 12 && digits.startsWith('55') ? digits : `55${digits}`}`;
      return isValidPixKey(e164, { accept: ['phone'] }) ? e164 : null;
    }
    case 'email':
    case 'evp': {
      const info = getPixKeyInfo(v);
      return info?.type === type ? info.value : null;
    }
  }
}

export const pixKeyCreateSchema = z
  .object({
    accountId: uuidSchema(PIX_MESSAGES.accountNotFound),
    type: z.enum(PIX_KEY_TYPES, { error: PIX_MESSAGES.keyType }),
    key: safeText({ error: PIX_MESSAGES.key }).max(120, PIX_MESSAGES.key),
    isDefault: z.boolean().default(false),
  })
  .transform((v, ctx) => {
    const key = normalizePixKey(v.type, v.key);
    if (!key) {
      ctx.addIssue({ code: 'custom', path: ['key'], message: v.key.trim() ? PIX_MESSAGES.invalid[v.type] : PIX_MESSAGES.key });
      return z.NEVER;
    }
    return { ...v, key };
  });
export type PixKeyCreateInput = z.input<typeof pixKeyCreateSchema>;

export const pixKeyUpdateSchema = z.object({ isDefault: z.literal(true, { error: 'Só é possível marcar a chave como padrão.' }) });

export const pixKeySchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  type: z.enum(PIX_KEY_TYPES),
  key: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type PixKey = z.infer<typeof pixKeySchema>;
export const pixKeyListSchema = z.object({ keys: z.array(pixKeySchema) });

/** How a charge is paid: static Pix, the API Pix's cob/cobv, Pix Automático's cobrança recorrente (cobr), boleto. */
export const CHARGE_METHODS = ['pix_static', 'pix_cob', 'pix_cobv', 'pix_cobr', 'boleto'] as const;
export type ChargeMethod = (typeof CHARGE_METHODS)[number];
export const CHARGE_STATUSES = ['open', 'paid', 'cancelled', 'expired'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = { open: 'Aguardando pagamento', paid: 'Pago', cancelled: 'Cancelada', expired: 'Expirada' };

export const chargeSchema = z.object({
  id: z.string(),
  entryId: z.string(),
  method: z.enum(CHARGE_METHODS),
  status: z.enum(CHARGE_STATUSES),
  amountCents: z.number(),
  txid: z.string(),
  pixKey: z.string().nullable(),
  brCode: z.string().nullable(),
  /** The QR code of the BR Code as an SVG document (drawn by the server). */
  qrSvg: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidCents: z.number().nullable(),
  payerName: z.string().nullable(),
  endToEndId: z.string().nullable(),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof chargeSchema>;

/** What the receivable's 'Cobrar' panel shows: the current charge and whether a public link is active. */
export const entryChargeSchema = z.object({
  charge: chargeSchema.nullable(),
  link: z.object({ url: z.string(), createdAt: z.string() }).nullable(),
  customerEmail: z.string().nullable(),
});
export type EntryCharge = z.infer<typeof entryChargeSchema>;

/** A new link: its address is answered once (only its id is kept). */
export const paymentLinkCreatedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type PaymentLinkCreated = z.infer<typeof paymentLinkCreatedSchema>;

export const chargeSendSchema = z.object({
  to: safeText()
    .nullish()
    .transform((v) => v?.trim().toLowerCase() || null)
    .refine((v) => v === null || z.email().safeParse(v).success, { message: PIX_MESSAGES.email }),
});
export const chargeSentSchema = z.object({ to: z.string(), url: z.string() });

/** The public payment page: only what the payer needs, nothing else of the company. */
export const publicPaymentSchema = z.object({
  companyName: z.string(),
  description: z.string(),
  amountCents: z.number(),
  dueDate: z.string(),
  status: z.enum(['open', 'paid', 'cancelled']),
  brCode: z.string().nullable(),
  qrSvg: z.string().nullable(),
  boletoUrl: z.string().nullable(),
  /** The open boleto's linha digitável (finance-boleto), to copy. */
  boletoLine: z.string().nullable(),
  /** Pix Automático awaiting the payer's authorisation by QR (Jornada 2): how often, how much, and the QR to read. */
  automatic: z
    .object({
      periodicity: z.enum(['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL']),
      amountCents: z.number().nullable(),
      endDate: z.string().nullable(),
      brCode: z.string(),
      qrSvg: z.string(),
    })
    .nullable(),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

/** 16 bytes of link id and 16 of signature, base64url (no dots: the address is a plain path). */
export const PAYMENT_TOKEN_SHAPE = /^[A-Za-z0-9_-]{44}$/;
export const paymentTokenParamsSchema = z.object({ token: z.string().regex(PAYMENT_TOKEN_SHAPE, PIX_MESSAGES.linkInvalid) });
export const simulatePaymentSchema = z.object({ payerName: safeText().max(120).optional() });
