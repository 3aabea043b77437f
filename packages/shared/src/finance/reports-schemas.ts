import { z } from 'zod';
import { isIsoDate } from '../platform/calendar.ts';

/** Relatórios do financeiro (issue 16): fluxo de caixa, DRE gerencial e visão geral. */

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

export type CashFlowBucket = {
  /** The bucket's first day (YYYY-MM-DD). */
  start: string;
  end: string;
  realizedInCents: number;
  realizedOutCents: number;
  projectedInCents: number;
  projectedOutCents: number;
  /** Balance at the bucket's end: realised up to today, then realised + projected. */
  balanceCents: number;
};

export type CashFlowReport = {
  from: string;
  to: string;
  granularity: CashFlowGranularity;
  today: string;
  openingBalanceCents: number;
  buckets: CashFlowBucket[];
  /** Realised opening and closing of the period; projectedClosingCents adds the account's open entries up to the period's end (decision 0199). */
  accounts: { id: string; name: string; openingBalanceCents: number; closingBalanceCents: number; projectedClosingCents: number }[];
  totals: { realizedInCents: number; realizedOutCents: number; projectedInCents: number; projectedOutCents: number; closingBalanceCents: number };
};

export type DreRow = {
  key: string;
  label: string;
  type: 'group' | 'category' | 'subtotal';
  group?: string;
  /** One per month, cents; expenses are negative, so subtotals are sums. */
  values: number[];
  totalCents: number;
};

export type DreReport = { basis: DreBasis; months: string[]; rows: DreRow[] };

export type FinanceOverview = {
  today: string;
  accounts: { id: string; name: string; kind: string; balanceCents: number }[];
  totalBalanceCents: number;
  month: { receivableCents: number; payableCents: number; receivedCents: number; paidCents: number };
  overdue: { receivableCents: number; receivableCount: number; payableCents: number; payableCount: number };
  projection: { date: string; inCents: number; outCents: number; balanceCents: number }[];
};
