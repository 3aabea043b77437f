import { z } from 'zod';
import { todayInBrazil } from '../platform/calendar.ts';
import { safeText } from '../text.ts';

/**
 * /metricas (decisions 0165–0168): the filters, the targets' requests and the
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

// ---- Responses (the routes' contracts; the types are derived from them) ----

const metricsPersonSchema = z.object({ id: z.string(), name: z.string() });
export type MetricsPerson = z.infer<typeof metricsPersonSchema>;

/** The filters as applied (the period resolved), echoed by every figure. */
const metricsFiltersSchema = z.object({ from: z.string(), to: z.string(), pipelineId: z.string().optional(), ownerId: z.string().optional() });

/** GET /options: what the filters and the targets editor offer. */
export const metricsOptionsSchema = z.object({
  pipelines: z.array(z.object({ id: z.string(), name: z.string() })),
  /** The company's members (salespeople), by name. */
  owners: z.array(metricsPersonSchema),
  /** Whether the caller may set targets (admins; decision 0166). */
  canEditTargets: z.boolean(),
  /** Whether the company has any deal at all (the empty state). */
  hasDeals: z.boolean(),
});
export type MetricsOptions = z.infer<typeof metricsOptionsSchema>;

/** Open deals by stage now (a snapshot; the period does not apply). */
const pipelineStageRowSchema = z.object({
  pipelineId: z.string(),
  pipelineName: z.string(),
  stageId: z.string(),
  stageName: z.string(),
  probability: z.number(),
  count: z.number(),
  valueCents: z.number(),
  /** valueCents × probability / 100, rounded per deal sum. */
  weightedCents: z.number(),
});
export type PipelineStageRow = z.infer<typeof pipelineStageRowSchema>;

/** Stage-to-stage conversion (decision 0165). */
const funnelRowSchema = z.object({
  pipelineId: z.string(),
  pipelineName: z.string(),
  stageId: z.string(),
  stageName: z.string(),
  /** Deals that entered this stage in the period. */
  reached: z.number(),
  /** Of those, how many entered a later stage or were won before the period ended. */
  advanced: z.number(),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;

const monthlyRowSchema = z.object({ month: z.string(), wonCount: z.number(), wonCents: z.number(), lostCount: z.number(), lostCents: z.number() });
export type MonthlyRow = z.infer<typeof monthlyRowSchema>;

const revenueRowSchema = z.object({ key: z.string().nullable(), label: z.string(), count: z.number(), wonCents: z.number(), avgCycleDays: z.number().nullable() });
export type RevenueRow = z.infer<typeof revenueRowSchema>;

const cycleFiguresSchema = z.object({ count: z.number(), avgCycleDays: z.number().nullable(), byOwner: z.array(revenueRowSchema) });
export type CycleFigures = z.infer<typeof cycleFiguresSchema>;

const targetRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  month: z.string(),
  targetId: z.string().nullable(),
  targetCents: z.number().nullable(),
  wonCents: z.number(),
  /** wonCents / targetCents × 100, one decimal; null without a target. */
  percent: z.number().nullable(),
});
export type TargetRow = z.infer<typeof targetRowSchema>;

export const metricsOverviewSchema = z.object({
  filters: metricsFiltersSchema,
  months: z.array(z.string()),
  pipeline: z.array(pipelineStageRowSchema),
  funnel: z.array(funnelRowSchema),
  monthly: z.array(monthlyRowSchema),
  byOwner: z.array(revenueRowSchema),
  bySource: z.array(revenueRowSchema),
  cycle: cycleFiguresSchema,
  targets: z.array(targetRowSchema),
});
export type MetricsOverview = z.infer<typeof metricsOverviewSchema>;

/** The answers of the single figures: the filters and one part of the overview. */
export const metricsPipelineSchema = z.object({ filters: metricsFiltersSchema, stages: z.array(pipelineStageRowSchema) });
export const metricsFunnelSchema = z.object({ filters: metricsFiltersSchema, stages: z.array(funnelRowSchema) });
export const metricsMonthlySchema = z.object({ filters: metricsFiltersSchema, months: z.array(monthlyRowSchema) });
export const metricsRevenueSchema = z.object({ filters: metricsFiltersSchema, byOwner: z.array(revenueRowSchema), bySource: z.array(revenueRowSchema) });
export const metricsCycleSchema = z.object({ filters: metricsFiltersSchema, cycle: cycleFiguresSchema });
export const metricsTargetsSchema = z.object({ filters: metricsFiltersSchema, targets: z.array(targetRowSchema) });
export const targetsSavedSchema = z.object({ saved: z.number().int(), cleared: z.number().int() });

export const percentOf = (won: number, target: number | null): number | null =>
  target === null || target === 0 ? null : Math.round((won / target) * 1000) / 10;

/** 'Sem responsável' / 'Sem origem' labels of the null groups. */
export const NO_OWNER_LABEL = 'Sem responsável';
export const NO_SOURCE_LABEL = 'Sem origem';
