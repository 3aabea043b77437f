import { z } from 'zod';
import { isIsoDate } from '../platform/calendar.ts';

/** Relatórios do financeiro (decision 0177): fluxo de caixa, DRE gerencial e visão geral. */

export const CASH_FLOW_GRANULARITIES = ['day', 'week', 'month'] as const;
export type CashFlowGranularity = (typeof CASH_FLOW_GRANULARITIES)[number];
export const CASH_FLOW_GRANULARITY_LABELS: Record<CashFlowGranularity, string> = { day: 'Dia', week: 'Semana', month: 'Mês' };
/** The longest period a cash flow covers: two years by month, 400 days by day or week. */
export const CASH_FLOW_MAX_DAYS = 731;
export const DRE_MAX_MONTHS = 12;

export const REPORT_MESSAGES = {
  date: 'Data inválida (use AAAA-MM-DD).',
  range: 'A data final deve ser igual ou posterior à inicial.',
  tooLong: 'Escolha um período de no máximo 2 anos.',
  month: 'Mês inválido (use AAAA-MM).',
  months: `Escolha de 1 a ${DRE_MAX_MONTHS} meses.`,
} as const;

const isoDate = z.string().refine((v) => isIsoDate(v) && v >= '1990-01-01' && v <= '2100-12-31', REPORT_MESSAGES.date);

export const cashFlowQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    granularity: z.enum(CASH_FLOW_GRANULARITIES, { error: 'Agrupamento inválido: use dia, semana ou mês.' }).default('day'),
    accountId: z.uuid({ error: 'Conta não encontrada.' }).optional(),
  })
  .refine((q) => q.to >= q.from, REPORT_MESSAGES.range)
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= CASH_FLOW_MAX_DAYS, REPORT_MESSAGES.tooLong);

export const DRE_BASES = ['competence', 'cash'] as const;
export type DreBasis = (typeof DRE_BASES)[number];
export const DRE_BASIS_LABELS: Record<DreBasis, string> = { competence: 'Competência', cash: 'Caixa' };

export const dreQuerySchema = z.object({
  to: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, REPORT_MESSAGES.month).refine((v) => v >= '1990-01' && v <= '2100-12', REPORT_MESSAGES.month),
  months: z.coerce.number({ error: REPORT_MESSAGES.months }).int(REPORT_MESSAGES.months).min(1, REPORT_MESSAGES.months).max(DRE_MAX_MONTHS, REPORT_MESSAGES.months).default(12),
  basis: z.enum(DRE_BASES, { error: 'Regime inválido: use competência ou caixa.' }).default('competence'),
});

export const cashFlowBucketSchema = z.object({
  /** The bucket's first day (YYYY-MM-DD). */
  start: z.string(),
  end: z.string(),
  realizedInCents: z.number(),
  realizedOutCents: z.number(),
  projectedInCents: z.number(),
  projectedOutCents: z.number(),
  /** Balance at the bucket's end: realised up to today, then realised + projected. */
  balanceCents: z.number(),
});
export type CashFlowBucket = z.infer<typeof cashFlowBucketSchema>;

export const cashFlowReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(CASH_FLOW_GRANULARITIES),
  today: z.string(),
  openingBalanceCents: z.number(),
  buckets: z.array(cashFlowBucketSchema),
  /** Realised opening and closing of the period; projectedClosingCents adds the account's open entries up to the period's end (decision 0199). */
  accounts: z.array(z.object({ id: z.string(), name: z.string(), openingBalanceCents: z.number(), closingBalanceCents: z.number(), projectedClosingCents: z.number() })),
  totals: z.object({ realizedInCents: z.number(), realizedOutCents: z.number(), projectedInCents: z.number(), projectedOutCents: z.number(), closingBalanceCents: z.number() }),
});
export type CashFlowReport = z.infer<typeof cashFlowReportSchema>;

export const dreRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['group', 'category', 'subtotal']),
  group: z.string().optional(),
  /** One per month, cents; expenses are negative, so subtotals are sums. */
  values: z.array(z.number()),
  totalCents: z.number(),
});
export type DreRow = z.infer<typeof dreRowSchema>;

export const dreReportSchema = z.object({ basis: z.enum(DRE_BASES), months: z.array(z.string()), rows: z.array(dreRowSchema) });
export type DreReport = z.infer<typeof dreReportSchema>;

export const financeOverviewSchema = z.object({
  today: z.string(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), balanceCents: z.number() })),
  totalBalanceCents: z.number(),
  month: z.object({ receivableCents: z.number(), payableCents: z.number(), receivedCents: z.number(), paidCents: z.number() }),
  overdue: z.object({ receivableCents: z.number(), receivableCount: z.number(), payableCents: z.number(), payableCount: z.number() }),
  projection: z.array(z.object({ date: z.string(), inCents: z.number(), outCents: z.number(), balanceCents: z.number() })),
});
export type FinanceOverview = z.infer<typeof financeOverviewSchema>;

/** The format of a report's download (the spreadsheet unless said). */
export const reportFormatSchema = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Formato inválido: use csv ou xlsx.' }).default('xlsx') });
// The period's messages first, then the format's (as each was checked in turn).
export const cashFlowExportQuerySchema = cashFlowQuerySchema.and(reportFormatSchema);
export const dreExportQuerySchema = dreQuerySchema.and(reportFormatSchema);
