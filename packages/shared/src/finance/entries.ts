import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { safeText } from '../text.ts';
import { idSchema, saneDate } from './registers.ts';
import { addMonths, isValidLinhaDigitavel, MAX_AMOUNT_CENTS, MAX_DATE, type DisplayStatus } from './money.ts';

/** Payables and receivables (contas a pagar / a receber) and their payments (decisions 0171, 0172). */

export const ENTRY_KINDS = ['payable', 'receivable'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

const dayMonthYearFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });
const dayMonthYear = (iso: string) => dayMonthYearFormat.format(new Date(`${iso}T00:00:00Z`));

export const ENTRY_MESSAGES = {
  kind: 'Tipo inválido: conta a pagar ou a receber.',
  description: 'Informe a descrição.',
  descriptionTooLong: 'A descrição pode ter no máximo 200 caracteres.',
  amount: 'Informe um valor maior que zero.',
  amountTooLarge: 'Valor acima do limite de R$ 1 bilhão.',
  dueDate: 'Data de vencimento inválida: use uma data entre 2000 e 2099.',
  competenceDate: 'Data de competência inválida: use uma data entre 2000 e 2099.',
  paidDate: 'Data de pagamento inválida: use uma data entre 2000 e 2099.',
  barcode: 'Linha digitável inválida: confira os números do boleto.',
  installments: 'Parcelas: de 1 a 120.',
  occurrences: 'Repetições: de 2 a 60.',
  installmentsAndRecurrence: 'Escolha parcelas ou recorrência, não os dois.',
  installmentsPastMaxDate: (last: string) =>
    `A última parcela venceria em ${dayMonthYear(last)}, e as datas vão até 31/12/2099. Diminua as parcelas ou antecipe o vencimento.`,
  recurrencePastMaxDate: (last: string) =>
    `A última repetição cairia em ${dayMonthYear(last)}, e as datas vão até 31/12/2099. Diminua as repetições ou antecipe a data.`,
  party: 'Escolha uma organização ou uma pessoa, não as duas.',
  cents: 'Valor inválido.',
  notOpen: 'Esta conta não está em aberto.',
  overpaid: 'O valor pago é maior que o saldo em aberto.',
  amountBelowPaid: 'O valor não pode ficar abaixo do que já foi pago.',
  entryNotFound: 'Lançamento não encontrado.',
  paymentNotFound: 'Pagamento não encontrado.',
  partyNotFound: 'Cliente ou fornecedor não encontrado.',
  bulkEmpty: 'Selecione ao menos um lançamento.',
  bulkTooMany: 'Selecione no máximo 500 lançamentos.',
  hasPayments: 'Esta conta tem pagamentos: desfaça-os antes de cancelar ou excluir.',
  cursor: 'Cursor inválido.',
} as const;

const cents = (message: string = ENTRY_MESSAGES.cents) =>
  z.number({ error: message }).int(message).min(0, message).max(MAX_AMOUNT_CENTS, ENTRY_MESSAGES.amountTooLarge);
const amount = z
  .number({ error: ENTRY_MESSAGES.amount })
  .int(ENTRY_MESSAGES.amount)
  .positive(ENTRY_MESSAGES.amount)
  .max(MAX_AMOUNT_CENTS, ENTRY_MESSAGES.amountTooLarge);
const optionalText = (max: number, multiline = false) =>
  safeText({ multiline })
    .max(max, `Máximo de ${max} caracteres.`)
    .nullish()
    .transform((v) => v?.trim() || null);
const description = safeText({ error: ENTRY_MESSAGES.description })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, ENTRY_MESSAGES.description).max(200, ENTRY_MESSAGES.descriptionTooLong));
const barcode = safeText()
  .nullish()
  .transform((v) => v?.replace(/[\s.-]/g, '') || null)
  .refine((v) => v === null || isValidLinhaDigitavel(v), { message: ENTRY_MESSAGES.barcode });

const entryFields = {
  description,
  amountCents: amount,
  dueDate: saneDate(ENTRY_MESSAGES.dueDate),
  competenceDate: saneDate(ENTRY_MESSAGES.competenceDate),
  categoryId: idSchema.nullish(),
  costCenterId: idSchema.nullish(),
  accountId: idSchema.nullish(),
  organizationId: idSchema.nullish(),
  personId: idSchema.nullish(),
  documentNumber: optionalText(60),
  barcode,
  notes: optionalText(2000, true),
};

export const RECURRENCES = ['none', 'monthly', 'yearly'] as const;
export type Recurrence = (typeof RECURRENCES)[number];

/** How many entries a recurrence creates ahead (decision 0173): the chosen count, else 12 monthly or 5 yearly. */
export const recurrenceCount = (v: { recurrence: Recurrence; occurrences?: number }) => v.occurrences ?? (v.recurrence === 'monthly' ? 12 : 5);
export const recurrenceStep = (recurrence: Recurrence) => (recurrence === 'yearly' ? 12 : 1);

type Plan = { dueDate: string; competenceDate?: string; installments: number; recurrence: Recurrence; occurrences?: number };

/**
 * Every date the creation generates must respect the 2000–2099 rule (decision 0365): the last
 * installment's due date, or the last occurrence's due and competence dates. The message naming
 * the last date when one does not (the schema refuses it up front; the form says it before sending).
 */
export function generatedDatesProblem(v: Plan): { message: string; field: 'installments' | 'occurrences' } | null {
  if (v.installments > 1) {
    const last = addMonths(v.dueDate, v.installments - 1);
    return last > MAX_DATE ? { message: ENTRY_MESSAGES.installmentsPastMaxDate(last), field: 'installments' } : null;
  }
  if (v.recurrence === 'none') return null;
  const months = (recurrenceCount(v) - 1) * recurrenceStep(v.recurrence);
  const last = [addMonths(v.dueDate, months), addMonths(v.competenceDate ?? v.dueDate, months)].sort().at(-1)!;
  return last > MAX_DATE ? { message: ENTRY_MESSAGES.recurrencePastMaxDate(last), field: 'occurrences' } : null;
}

function generatedDatesFit(v: Plan, ctx: z.RefinementCtx) {
  const problem = generatedDatesProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
}

export const entryCreateSchema = z
  .object({
    kind: z.enum(ENTRY_KINDS, { error: ENTRY_MESSAGES.kind }),
    ...entryFields,
    competenceDate: entryFields.competenceDate.optional(),
    /** 1 = à vista; n > 1 splits the amount in n monthly installments (decision 0171). */
    installments: z.number({ error: ENTRY_MESSAGES.installments }).int(ENTRY_MESSAGES.installments).min(1, ENTRY_MESSAGES.installments).max(120, ENTRY_MESSAGES.installments).default(1),
    recurrence: z.enum(RECURRENCES).default('none'),
    /** How many occurrences a recurrence creates ahead (decision 0173); default 12 monthly, 5 yearly. */
    occurrences: z.number({ error: ENTRY_MESSAGES.occurrences }).int(ENTRY_MESSAGES.occurrences).min(2, ENTRY_MESSAGES.occurrences).max(60, ENTRY_MESSAGES.occurrences).optional(),
  })
  .refine((v) => !(v.installments > 1 && v.recurrence !== 'none'), { message: ENTRY_MESSAGES.installmentsAndRecurrence })
  .refine((v) => !(v.organizationId && v.personId), { message: ENTRY_MESSAGES.party })
  .superRefine(generatedDatesFit);
export type EntryCreateInput = z.input<typeof entryCreateSchema>;

export const entryUpdateSchema = patchBody(z
  .object({
    description: entryFields.description.optional(),
    amountCents: entryFields.amountCents.optional(),
    dueDate: entryFields.dueDate.optional(),
    competenceDate: entryFields.competenceDate.optional(),
    categoryId: entryFields.categoryId,
    costCenterId: entryFields.costCenterId,
    accountId: entryFields.accountId,
    organizationId: entryFields.organizationId,
    personId: entryFields.personId,
    documentNumber: optionalText(60).optional(),
    barcode: barcode.optional(),
    notes: optionalText(2000, true).optional(),
  })
  .refine((v) => !(v.organizationId && v.personId), { message: ENTRY_MESSAGES.party }));
export type EntryUpdateInput = z.input<typeof entryUpdateSchema>;

export const paymentCreateSchema = z.object({
  accountId: idSchema,
  paidDate: saneDate(ENTRY_MESSAGES.paidDate),
  /** Principal settled (cents). */
  amountCents: amount,
  interestCents: cents().default(0),
  fineCents: cents().default(0),
  discountCents: cents().default(0),
});
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;

export const bulkSettleSchema = z.object({
  entryIds: z.array(idSchema, { error: ENTRY_MESSAGES.bulkEmpty }).min(1, ENTRY_MESSAGES.bulkEmpty).max(500, ENTRY_MESSAGES.bulkTooMany),
  accountId: idSchema,
  paidDate: saneDate(ENTRY_MESSAGES.paidDate),
});

export const LIST_STATUSES = ['all', 'open', 'overdue', 'paid', 'cancelled', 'pending'] as const;
export const SORTS = ['dueDate', 'competenceDate', 'amount', 'description'] as const;
const optionalId = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(idSchema.optional());
const optionalDate = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(saneDate().optional());

export const entryListQuerySchema = z.object({
  kind: z.enum(ENTRY_KINDS, { error: ENTRY_MESSAGES.kind }).optional(),
  status: z.enum(LIST_STATUSES).default('all'),
  dateField: z.enum(['due', 'competence']).default('due'),
  from: optionalDate,
  to: optionalDate,
  categoryId: optionalId,
  costCenterId: optionalId,
  accountId: optionalId,
  organizationId: optionalId,
  personId: optionalId,
  q: safeText()
    .max(200)
    .optional()
    .transform((v) => v?.trim() || undefined),
  sort: z.enum(SORTS).default('dueDate'),
  order: z.enum(['asc', 'desc']).default('asc'),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type EntryListQuery = z.input<typeof entryListQuerySchema>;
export const entryExportQuerySchema = entryListQuerySchema.extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const STATUS_LABELS: Record<EntryKind, Record<DisplayStatus, string>> = {
  payable: { open: 'Em aberto', overdue: 'Vencido', paid: 'Pago', cancelled: 'Cancelado' },
  receivable: { open: 'Em aberto', overdue: 'Vencido', paid: 'Recebido', cancelled: 'Cancelado' },
};
export const KIND_LABELS: Record<EntryKind, string> = { payable: 'Conta a pagar', receivable: 'Conta a receber' };

const displayStatusSchema = z.enum(['open', 'overdue', 'paid', 'cancelled']) satisfies z.ZodType<DisplayStatus>;

export const finPaymentSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  paidDate: z.string(),
  amountCents: z.number(),
  interestCents: z.number(),
  fineCents: z.number(),
  discountCents: z.number(),
  totalCents: z.number(),
  createdAt: z.string(),
});
export type FinPayment = z.infer<typeof finPaymentSchema>;

export const finEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  description: z.string(),
  amountCents: z.number(),
  paidCents: z.number(),
  openCents: z.number(),
  dueDate: z.string(),
  /** The due date moved to the next business day when it falls on a weekend or holiday. */
  effectiveDueDate: z.string(),
  competenceDate: z.string(),
  status: z.enum(['open', 'paid', 'cancelled']),
  displayStatus: displayStatusSchema,
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  costCenterId: z.string().nullable(),
  costCenterName: z.string().nullable(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  organizationId: z.string().nullable(),
  personId: z.string().nullable(),
  partyName: z.string().nullable(),
  documentNumber: z.string().nullable(),
  barcode: z.string().nullable(),
  notes: z.string().nullable(),
  installmentGroupId: z.string().nullable(),
  installmentNumber: z.number().nullable(),
  installmentTotal: z.number().nullable(),
  recurrenceId: z.string().nullable(),
  settledDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FinEntry = z.infer<typeof finEntrySchema>;
export const finEntryDetailSchema = finEntrySchema.extend({ payments: z.array(finPaymentSchema) });
export type FinEntryDetail = z.infer<typeof finEntryDetailSchema>;
export const finEntryTotalsSchema = z.object({ count: z.number(), amountCents: z.number(), paidCents: z.number(), openCents: z.number(), overdueCents: z.number() });
export type FinEntryTotals = z.infer<typeof finEntryTotalsSchema>;
/** `totals` (of the whole filtered set) on the first page; null on the next ones (same filter, same totals). */
export const finEntryPageSchema = z.object({ entries: z.array(finEntrySchema), nextCursor: z.string().nullable(), totals: finEntryTotalsSchema.nullable() });
export type FinEntryPage = z.infer<typeof finEntryPageSchema>;
export const finEntriesCreatedSchema = z.object({ entries: z.array(finEntrySchema) });
export const finPaymentResultSchema = z.object({ payment: finPaymentSchema, entry: finEntryDetailSchema });
export const finBulkSettleResultSchema = z.object({ settled: z.number(), totalCents: z.number() });
