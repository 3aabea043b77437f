/**
 * Products, services and quotes (orçamentos) of the CRM (decisions 0160–0161):
 * the request and response contracts of /api/crm-quotes, their pt-BR messages and the totals math
 * (the server computes totals with it; the quote dialog shows the same numbers live). Browser-safe.
 */
import { z } from 'zod';
import { patchOf } from '../patch.ts';
import { safeText } from '../text.ts';
import { isIsoDate } from '../platform/calendar.ts';

export const QUOTE_MESSAGES = {
  nameRequired: 'Informe o nome do produto ou serviço.',
  tooLong: (label: string, max: number) => `${label}: no máximo ${max} caracteres.`,
  priceInvalid: 'Preço inválido: informe um valor entre R$ 0,00 e R$ 10.000.000.000,00.',
  quantityInvalid: 'Quantidade inválida: informe um número maior que zero com até 3 casas decimais (máximo 1.000.000).',
  discountInvalid: 'Desconto inválido: informe um valor de R$ 0,00 ou mais.',
  itemDiscountTooHigh: (n: number) => `Item ${n}: o desconto é maior que o valor do item.`,
  discountTooHigh: 'O desconto é maior que o total do orçamento.',
  totalTooHigh: 'O total do orçamento passa do limite de R$ 10.000.000.000,00.',
  itemsRequired: 'Adicione ao menos um item ao orçamento.',
  tooManyItems: 'No máximo 200 itens por orçamento.',
  itemDescriptionRequired: 'Informe a descrição de cada item.',
  dateInvalid: 'Data de validade inválida: use AAAA-MM-DD.',
  validityPast: 'A validade não pode ser anterior a hoje.',
  idInvalid: 'Identificador inválido.',
  emailInvalid: 'E-mail inválido.',
  productNotFound: 'Produto ou serviço não encontrado.',
  productInactive: 'Este produto ou serviço está inativo.',
  productCodeTaken: 'Já existe um produto ou serviço com este código.',
  dealNotFound: 'Negócio não encontrado.',
  quoteNotFound: 'Orçamento não encontrado.',
  personNotFound: 'Contato não encontrado.',
  organizationNotFound: 'Organização não encontrada.',
  notEditable: 'Só é possível editar um orçamento em rascunho ou enviado.',
  alreadyAnswered: 'Este orçamento já foi respondido.',
  expired: 'Este orçamento expirou: a validade já passou.',
  linkInvalid: 'Link inválido ou inexistente.',
  linkExpired: 'Este link expirou junto com a validade do orçamento.',
  noRecipient: 'Informe o e-mail do contato para enviar o orçamento.',
  suppressed: 'Este contato pediu para não receber e-mails.',
  statusInvalid: 'Situação inválida.',
} as const;

export const QUOTE_STATUSES = ['rascunho', 'enviado', 'aceito', 'recusado', 'expirado'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  rascunho: 'Rascunho',
  enviado: 'Enviado',
  aceito: 'Aceito',
  recusado: 'Recusado',
  expirado: 'Expirado',
};

/** R$ 10 bilhões: above it a price or total is a typo (10^15 is refused). */
export const MAX_MONEY_CENTS = 1_000_000_000_000;
/** 1.000.000 units, in thousandths. */
export const MAX_QUANTITY_MILLI = 1_000_000_000;
export const MAX_ITEMS = 200;

const text = (label: string, max: number, opts: { multiline?: boolean } = {}) =>
  safeText(opts)
    .transform((v) => v.trim())
    .pipe(z.string().max(max, QUOTE_MESSAGES.tooLong(label, max)));
const uuid = z.uuid({ error: QUOTE_MESSAGES.idInvalid });
const money = (error: string) => z.number({ error }).int({ error }).min(0, { error }).max(MAX_MONEY_CENTS, { error });

export const productCreateSchema = z.object({
  name: text('Nome', 200).pipe(z.string().min(1, QUOTE_MESSAGES.nameRequired)),
  description: text('Descrição', 2000, { multiline: true }).default(''),
  code: text('Código', 60)
    .nullish()
    .transform((v) => (v ? v : null)),
  unit: text('Unidade', 20).default('un').transform((v) => v || 'un'),
  priceCents: money(QUOTE_MESSAGES.priceInvalid),
  active: z.boolean().default(true),
});
export type ProductCreate = z.input<typeof productCreateSchema>;
export const productUpdateSchema = patchOf(productCreateSchema);
export const productListQuerySchema = z.object({
  q: text('Busca', 100).optional(),
  active: z.enum(['true', 'false', 'all']).default('all'),
});

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  code: z.string().nullable(),
  unit: z.string(),
  priceCents: z.number(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.object({ items: z.array(productSchema) });

export const quoteItemSchema = z.object({
  productId: uuid.nullish(),
  description: text('Descrição do item', 500, { multiline: true }).pipe(z.string().min(1, QUOTE_MESSAGES.itemDescriptionRequired)),
  unit: text('Unidade', 20).default('un').transform((v) => v || 'un'),
  quantityMilli: z
    .number({ error: QUOTE_MESSAGES.quantityInvalid })
    .int({ error: QUOTE_MESSAGES.quantityInvalid })
    .min(1, { error: QUOTE_MESSAGES.quantityInvalid })
    .max(MAX_QUANTITY_MILLI, { error: QUOTE_MESSAGES.quantityInvalid }),
  unitPriceCents: money(QUOTE_MESSAGES.priceInvalid),
  discountCents: money(QUOTE_MESSAGES.discountInvalid).default(0),
});
export type QuoteItemInput = z.input<typeof quoteItemSchema>;

const isoDate = z.string({ error: QUOTE_MESSAGES.dateInvalid }).refine(isIsoDate, QUOTE_MESSAGES.dateInvalid);

export const quoteCreateSchema = z.object({
  validUntil: isoDate,
  conditions: text('Condições', 4000, { multiline: true }).default(''),
  notes: text('Observações', 4000, { multiline: true }).default(''),
  discountCents: money(QUOTE_MESSAGES.discountInvalid).default(0),
  /** The contact; left out: the deal's main contact (a new quote) or unchanged (an edit). */
  personId: uuid.nullish(),
  /** The client organization (decision 0404); left out: the deal's organization (a new quote) or unchanged (an edit). */
  organizationId: uuid.nullish(),
  items: z.array(quoteItemSchema, { error: QUOTE_MESSAGES.itemsRequired }).min(1, QUOTE_MESSAGES.itemsRequired).max(MAX_ITEMS, QUOTE_MESSAGES.tooManyItems),
});
export type QuoteCreate = z.input<typeof quoteCreateSchema>;
/** An edit replaces the whole quote (its items in one transaction). */
export const quoteUpdateSchema = quoteCreateSchema;

export const quoteListQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: QUOTE_MESSAGES.statusInvalid }).optional(),
  dealId: uuid.optional(),
});

export const quoteSendSchema = z.object({
  /** Defaults to the quote's contact's first e-mail. */
  to: z.email({ error: QUOTE_MESSAGES.emailInvalid }).max(254, QUOTE_MESSAGES.emailInvalid).optional(),
  message: text('Mensagem', 2000, { multiline: true }).default(''),
});

export const quoteAnswerSchema = z.object({
  answer: z.enum(['aceito', 'recusado'], { error: QUOTE_MESSAGES.statusInvalid }),
  reason: text('Motivo', 1000, { multiline: true }).optional(),
});

// ---- Responses (the routes' contracts; the types are derived from them) ----
export const quoteItemViewSchema = z.object({
  id: z.string(),
  position: z.number(),
  productId: z.string().nullable(),
  description: z.string(),
  unit: z.string(),
  quantityMilli: z.number(),
  unitPriceCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
});
export type QuoteItem = z.infer<typeof quoteItemViewSchema>;

export const quoteSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  number: z.number(),
  status: z.enum(QUOTE_STATUSES),
  validUntil: z.string(),
  conditions: z.string(),
  notes: z.string(),
  discountCents: z.number(),
  subtotalCents: z.number(),
  totalCents: z.number(),
  personId: z.string().nullable(),
  personName: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  sentTo: z.string().nullable(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  answeredBy: z.enum(['team', 'client']).nullable(),
  refusalReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  items: z.array(quoteItemViewSchema),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteListSchema = z.object({ items: z.array(quoteSchema) });

/** The quote form's deal picker. */
export const quoteDealsSchema = z.object({ items: z.array(z.object({ id: z.string(), title: z.string(), valueCents: z.number(), status: z.string() })) });

/** What the client sees on the public link (no internal ids beyond the quote's). */
export const publicQuoteSchema = z.object({
  companyName: z.string(),
  number: z.number(),
  status: z.enum(QUOTE_STATUSES),
  validUntil: z.string(),
  conditions: z.string(),
  subtotalCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  items: z.array(quoteItemViewSchema.pick({ position: true, description: true, unit: true, quantityMilli: true, unitPriceCents: true, discountCents: true, totalCents: true })),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
/** The client's answer on the public link. */
export const publicQuoteAnswerSchema = z.object({ status: z.enum(['aceito', 'recusado']) });

export type QuoteTotals = { items: Array<{ totalCents: number }>; subtotalCents: number; totalCents: number };
export type TotalsResult = { ok: true; totals: QuoteTotals } | { ok: false; error: string };

/**
 * The totals of a quote, in integer cents (decision 0160): an item is
 * round(quantity × unit price) − its discount (half up, quantity in thousandths); the subtotal
 * is their sum and the total the subtotal minus the quote's discount. Computed with BigInt so no
 * intermediate product loses precision; a discount above what it discounts is an error.
 */
export function computeQuoteTotals(input: {
  items: ReadonlyArray<{ quantityMilli: number; unitPriceCents: number; discountCents?: number }>;
  discountCents?: number;
}): TotalsResult {
  const max = BigInt(MAX_MONEY_CENTS);
  const items: Array<{ totalCents: number }> = [];
  let subtotal = 0n;
  for (const [i, item] of input.items.entries()) {
    const gross = (BigInt(item.quantityMilli) * BigInt(item.unitPriceCents) + 500n) / 1000n;
    const discount = BigInt(item.discountCents ?? 0);
    if (discount > gross) return { ok: false, error: QUOTE_MESSAGES.itemDiscountTooHigh(i + 1) };
    const total = gross - discount;
    if (total > max) return { ok: false, error: QUOTE_MESSAGES.totalTooHigh };
    items.push({ totalCents: Number(total) });
    subtotal += total;
  }
  if (subtotal > max) return { ok: false, error: QUOTE_MESSAGES.totalTooHigh };
  const discount = BigInt(input.discountCents ?? 0);
  if (discount > subtotal) return { ok: false, error: QUOTE_MESSAGES.discountTooHigh };
  return { ok: true, totals: { items, subtotalCents: Number(subtotal), totalCents: Number(subtotal - discount) } };
}

/** 1500 → "1,5"; for forms and the PDF. */
export const formatQuantity = (milli: number) => (milli / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 3 });
/** "1,5" or "1.5" → 1500; null when not a number. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  // "1.234,5" (pt-BR) or "1.5": with a comma, dots are thousands separators.
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^\d+(\.\d{1,3})?$/.test(normalized)) return null;
  return Math.round(Number(normalized) * 1000);
}
