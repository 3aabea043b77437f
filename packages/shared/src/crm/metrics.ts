import { z } from 'zod';
import { todayInBrazil } from '../platform/calendar.ts';
import { safeText } from '../text.ts';

/**
 * /metricas (issue 12 item 5; decisions 0165–0168): the filters, the targets' requests and the
 * figures the server answers. Months are calendar months in America/Sao_Paulo, written
 * `YYYY-MM`; money is integer cents (BRL).
 */

/** The default period: the current month and the five before it. */
export const DEFAULT_PERIOD_MONTHS = 6;
/** The longest period one request may ask for. */
export const MAX_PERIOD_MONTHS = 36;
/** A target's ceiling: R$ 10 bilhões. */
export const MAX_TARGET_CENTS = 1_000_000_000_000;

export const METRICS_MESSAGES = {
  month: 'Mês inválido (use AAAA-MM).',
  periodOrder: 'O mês inicial deve ser anterior ou igual ao final.',
  periodTooLong: `O período pode ter no máximo ${MAX_PERIOD_MONTHS} meses.`,
  pipeline: 'Funil inválido.',
  pipelineNotFound: 'Funil não encontrado.',
  owner: 'Vendedor inválido.',
  ownerNotFound: 'Vendedor não encontrado.',
  targetValue: 'Informe a meta em reais, de R$ 0,00 a R$ 10.000.000.000,00.',
  targetNotFound: 'Meta não encontrada.',
  targetMonths: 'Informe de 1 a 36 metas por vez.',
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMonth = (v: string) => MONTH.test(v) && Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100;

/** `YYYY-MM` + n months (n may be negative). */
export function addMonths(month: string, n: number): string {
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7)) - 1 + n;
  const year = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${year}-${String(mm + 1).padStart(2, '0')}`;
}

/** Every month from `from` to `to`, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to && out.length <= MAX_PERIOD_MONTHS; m = addMonths(m, 1)) out.push(m);
  return out;
}

/** The current month in America/Sao_Paulo. */
export const currentMonth = () => todayInBrazil().slice(0, 7);

/** The period a page without filters shows: the current month and the five before it. */
export function defaultPeriod(now: string = currentMonth()): { from: string; to: string } {
  return { from: addMonths(now, -(DEFAULT_PERIOD_MONTHS - 1)), to: now };
}

const optionalText = (max: number, message: string) =>
  safeText()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || v.length <= max, { message });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The query of every figure: `?from=2026-01&to=2026-06&pipelineId=…&ownerId=…`. */
export const metricsQuerySchema = z
  .object({
    from: optionalText(7, METRICS_MESSAGES.month).refine((v) => v === undefined || isMonth(v), { message: METRICS_MESSAGES.month }),
    to: optionalText(7, METRICS_MESSAGES.month).refine((v) => v === undefined || isMonth(v), { message: METRICS_MESSAGES.month }),
    pipelineId: optionalText(36, METRICS_MESSAGES.pipeline).refine((v) => v === undefined || UUID.test(v), { message: METRICS_MESSAGES.pipeline }),
    ownerId: optionalText(100, METRICS_MESSAGES.owner),
  })
  .transform((q, ctx) => {
    const fallback = defaultPeriod();
    const to = q.to ?? (q.from && q.from > fallback.to ? q.from : fallback.to);
    const from = q.from ?? addMonths(to, -(DEFAULT_PERIOD_MONTHS - 1));
    if (from > to) ctx.addIssue({ code: 'custom', message: METRICS_MESSAGES.periodOrder });
    else if (monthsBetween(from, to).length > MAX_PERIOD_MONTHS) ctx.addIssue({ code: 'custom', message: METRICS_MESSAGES.periodTooLong });
    return { from, to, pipelineId: q.pipelineId, ownerId: q.ownerId };
  });
export type MetricsQuery = z.input<typeof metricsQuerySchema>;
export type MetricsFilters = z.output<typeof metricsQuerySchema>;

/** PUT /api/crm-metrics/targets: set (or clear, with null) targets of salespeople and months. */
export const targetsPutSchema = z.object({
  targets: z
    .array(
      z.object({
        userId: safeText({ error: METRICS_MESSAGES.owner }).min(1, METRICS_MESSAGES.owner).max(100, METRICS_MESSAGES.owner),
        month: safeText({ error: METRICS_MESSAGES.month }).refine(isMonth, { message: METRICS_MESSAGES.month }),
        targetCents: z
          .number({ error: METRICS_MESSAGES.targetValue })
          .int(METRICS_MESSAGES.targetValue)
          .min(0, METRICS_MESSAGES.targetValue)
          .max(MAX_TARGET_CENTS, METRICS_MESSAGES.targetValue)
          .nullable(),
      }),
      { error: METRICS_MESSAGES.targetMonths },
    )
    .min(1, METRICS_MESSAGES.targetMonths)
    .max(MAX_PERIOD_MONTHS, METRICS_MESSAGES.targetMonths),
});
export type TargetsPut = z.input<typeof targetsPutSchema>;

// ---- Responses ----

export type MetricsPerson = { id: string; name: string };

/** GET /options: what the filters and the targets editor offer. */
export type MetricsOptions = {
  pipelines: Array<{ id: string; name: string }>;
  /** The company's members (salespeople), by name. */
  owners: MetricsPerson[];
  /** Whether the caller may set targets (admins; decision 0166). */
  canEditTargets: boolean;
  /** Whether the company has any deal at all (the empty state). */
  hasDeals: boolean;
};

/** Open deals by stage now (a snapshot; the period does not apply). */
export type PipelineStageRow = {
  pipelineId: string;
  pipelineName: string;
  stageId: string;
  stageName: string;
  probability: number;
  count: number;
  valueCents: number;
  /** valueCents × probability / 100, rounded per deal sum. */
  weightedCents: number;
};

/** Stage-to-stage conversion (decision 0165). */
export type FunnelRow = {
  pipelineId: string;
  pipelineName: string;
  stageId: string;
  stageName: string;
  /** Deals that entered this stage in the period. */
  reached: number;
  /** Of those, how many entered a later stage or were won before the period ended. */
  advanced: number;
};

export type MonthlyRow = { month: string; wonCount: number; wonCents: number; lostCount: number; lostCents: number };

export type RevenueRow = { key: string | null; label: string; count: number; wonCents: number; avgCycleDays: number | null };

export type CycleFigures = { count: number; avgCycleDays: number | null; byOwner: RevenueRow[] };

export type TargetRow = {
  userId: string;
  name: string;
  month: string;
  targetId: string | null;
  targetCents: number | null;
  wonCents: number;
  /** wonCents / targetCents × 100, one decimal; null without a target. */
  percent: number | null;
};

export type MetricsOverview = {
  filters: MetricsFilters;
  months: string[];
  pipeline: PipelineStageRow[];
  funnel: FunnelRow[];
  monthly: MonthlyRow[];
  byOwner: RevenueRow[];
  bySource: RevenueRow[];
  cycle: CycleFigures;
  targets: TargetRow[];
};

export const percentOf = (won: number, target: number | null): number | null =>
  target === null || target === 0 ? null : Math.round((won / target) * 1000) / 10;

/** 'Sem responsável' / 'Sem origem' labels of the null groups. */
export const NO_OWNER_LABEL = 'Sem responsável';
export const NO_SOURCE_LABEL = 'Sem origem';
