import { z } from 'zod';

/**
 * Billing from the CRM and what the customer owes (decisions 0546–0548):
 * 'Cobrar' and 'Emitir nota' on an accepted quote or a won deal, the customer's record, and
 * Comercial's received-vs-billed chart.
 */
export const BILLING_MESSAGES = {
  quoteNotFound: 'Orçamento não encontrado.',
  dealNotFound: 'Negócio não encontrado.',
  partyNotFound: 'Cliente não encontrado.',
  quoteNotAccepted: 'Só se cobra um orçamento aceito.',
  dealNotWon: 'Só se cobra um negócio ganho.',
  zeroAmount: 'Este orçamento ou negócio não tem valor a cobrar.',
  noCustomer: 'Informe o cliente (empresa ou pessoa) no negócio antes de cobrar.',
  alreadyBilled: 'Este orçamento ou negócio já tem uma conta a receber no Financeiro. Abra a cobrança existente.',
  quoteOfDealBilled: 'O orçamento aceito deste negócio já tem uma conta a receber no Financeiro. Abra a cobrança existente.',
  dealOfQuoteBilled: 'O negócio deste orçamento já tem uma conta a receber no Financeiro. Abra a cobrança existente.',
  dueDate: 'Informe o vencimento (AAAA-MM-DD).',
  months: 'Escolha de 1 a 24 meses.',
} as const;

export const BILLING_ORIGINS = ['quote', 'deal'] as const;
export type BillingOrigin = (typeof BILLING_ORIGINS)[number];

export const billReceivableSchema = z.object({
  dueDate: z
    .string({ error: BILLING_MESSAGES.dueDate })
    .regex(/^20\d\d-\d\d-\d\d$/, BILLING_MESSAGES.dueDate)
    .optional(),
});

const billedEntrySchema = z.object({
  id: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  status: z.string(),
  dueDate: z.string(),
});
export type BilledEntry = z.infer<typeof billedEntrySchema>;

/** What the quote or deal has in Financeiro: its receivable and that receivable's note (or null). */
export const billingStateSchema = z.object({
  entry: billedEntrySchema.nullable(),
  invoice: z.object({ status: z.enum(['authorized', 'cancelled']), number: z.number().int() }).nullable(),
});
export type BillingState = z.infer<typeof billingStateSchema>;
export const billedSchema = z.object({ entry: billedEntrySchema, created: z.boolean() });

/** The customer's record: what they owe, what they paid in the last 12 months, and their latest receivables. */
export const customerMoneySchema = z.object({
  openCents: z.number().int(),
  overdueCents: z.number().int(),
  paidLast12MonthsCents: z.number().int(),
  entries: z.array(billedEntrySchema.extend({ settledDate: z.string().nullable() })),
});
export type CustomerMoney = z.infer<typeof customerMoneySchema>;

export const billedVsReceivedQuery = z.object({
  months: z.coerce.number({ error: BILLING_MESSAGES.months }).int(BILLING_MESSAGES.months).min(1, BILLING_MESSAGES.months).max(24, BILLING_MESSAGES.months).default(12),
});
/** Per month (YYYY-MM, oldest first): receivables by competence (billed) and money received on receivables by payment date. */
export const billedVsReceivedSchema = z.object({
  months: z.array(z.object({ month: z.string(), billedCents: z.number().int(), receivedCents: z.number().int() })),
});
export type BilledVsReceived = z.infer<typeof billedVsReceivedSchema>;
