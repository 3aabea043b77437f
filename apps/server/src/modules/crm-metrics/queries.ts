import { sql, type SQL } from 'drizzle-orm';
import {
  addMonths,
  NO_OWNER_LABEL,
  NO_SOURCE_LABEL,
  type CycleFigures,
  type FunnelRow,
  type MetricsFilters,
  type MonthlyRow,
  type PipelineStageRow,
  type RevenueRow,
} from '@sede/shared/crm/metrics';
import type { Tenant } from '../../services.ts';

/**
 * The figures of /metricas (decision 0165): each one SQL statement (one round trip), scoped by
 * the session's company, reading `deals`, `crm_stages`, `crm_pipelines` and
 * `deal_stage_history` directly. Months are calendar months in America/Sao_Paulo: the period
 * [from, to] is [first instant of `from`, first instant of the month after `to`) in Brasília.
 */

const TZ = 'America/Sao_Paulo';

/** The period's bounds as timestamptz expressions (the index range of `closed_at`, `at`). */
export function bounds(f: MetricsFilters): { start: SQL; end: SQL } {
  return {
    start: sql`(${`${f.from}-01`}::date::timestamp AT TIME ZONE ${TZ})`,
    end: sql`(${`${addMonths(f.to, 1)}-01`}::date::timestamp AT TIME ZONE ${TZ})`,
  };
}

const dealFilters = (f: MetricsFilters, alias = 'd') => {
  const a = sql.raw(alias);
  return sql`${f.pipelineId ? sql` AND ${a}.pipeline_id = ${f.pipelineId}` : sql``}${f.ownerId ? sql` AND ${a}.owner_id = ${f.ownerId}` : sql``}`;
};

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Whether the filters' ids are the company's: a foreign pipeline or salesperson is a 404. */
export async function checkFilterIds(tenant: Tenant, f: Pick<MetricsFilters, 'pipelineId' | 'ownerId'>) {
  if (!f.pipelineId && !f.ownerId) return { pipeline: true, owner: true };
  const { rows } = await tenant.db.execute<{ pipeline: boolean; owner: boolean }>(sql`
    SELECT
      ${f.pipelineId ? sql`EXISTS (SELECT 1 FROM crm_pipelines WHERE company_id = ${tenant.companyId} AND id = ${f.pipelineId})` : sql`true`} AS pipeline,
      ${
        f.ownerId
          ? sql`(EXISTS (SELECT 1 FROM company_members WHERE company_id = ${tenant.companyId} AND user_id = ${f.ownerId})
              OR EXISTS (SELECT 1 FROM deals WHERE company_id = ${tenant.companyId} AND owner_id = ${f.ownerId}))`
          : sql`true`
      } AS owner`);
  return rows[0]!;
}

/** Open deals by stage now: count, sum and the sum weighted by the stage's probability. */
export async function pipelineByStage(tenant: Tenant, f: MetricsFilters): Promise<PipelineStageRow[]> {
  const c = tenant.companyId;
  const { rows } = await tenant.db.execute<Record<string, unknown>>(sql`
    SELECT p.id AS pipeline_id, p.name AS pipeline_name, s.id AS stage_id, s.name AS stage_name, s.probability,
           count(d.id)::int AS count,
           coalesce(sum(d.value_cents), 0)::text AS value_cents,
           coalesce(round(sum(d.value_cents::numeric * s.probability / 100)), 0)::text AS weighted_cents
      FROM crm_stages s
      JOIN crm_pipelines p ON p.id = s.pipeline_id AND p.company_id = ${c}
      LEFT JOIN deals d ON d.company_id = ${c} AND d.pipeline_id = s.pipeline_id AND d.stage_id = s.id AND d.status = 'open'
        ${f.ownerId ? sql`AND d.owner_id = ${f.ownerId}` : sql``}
     WHERE s.company_id = ${c} ${f.pipelineId ? sql`AND s.pipeline_id = ${f.pipelineId}` : sql``}
     GROUP BY p.id, p.name, p.position, s.id, s.name, s.position, s.probability
     ORDER BY p.position, p.name, p.id, s.position, s.id`);
  return rows.map((r) => ({
    pipelineId: String(r.pipeline_id),
    pipelineName: String(r.pipeline_name),
    stageId: String(r.stage_id),
    stageName: String(r.stage_name),
    probability: num(r.probability),
    count: num(r.count),
    valueCents: num(r.value_cents),
    weightedCents: num(r.weighted_cents),
  }));
}

/**
 * Stage-to-stage conversion (decision 0165). A deal *enters* a stage when a history row moves it
 * there, or when it is created in it (its first history row's `from`, or its current stage
 * without history). Per stage: the deals that entered it in the period (`reached`) and, of
 * those, the ones that afterwards (before the period's end) entered a later stage of the
 * pipeline or were won (`advanced`). One statement; window functions instead of a lookup per deal.
 */
export async function funnel(tenant: Tenant, f: MetricsFilters): Promise<FunnelRow[]> {
  const { rows } = await tenant.db.execute<Record<string, unknown>>(funnelSql(tenant, f));
  return rows.map((r) => ({
    pipelineId: String(r.pipeline_id),
    pipelineName: String(r.pipeline_name),
    stageId: String(r.stage_id),
    stageName: String(r.stage_name),
    reached: num(r.reached),
    advanced: num(r.advanced),
  }));
}

/** The funnel's statement (apart, so it can be EXPLAINed). */
export function funnelSql(tenant: Pick<Tenant, 'companyId'>, f: MetricsFilters): SQL {
  const c = tenant.companyId;
  const { start, end } = bounds(f);
  return sql`
    WITH scoped AS (
      SELECT d.id, d.stage_id, d.status, d.closed_at, d.created_at
        FROM deals d
       WHERE d.company_id = ${c} AND d.created_at < ${end} AND (d.closed_at IS NULL OR d.closed_at >= ${start}) ${dealFilters(f)}
    ), hist AS (
      -- Without a pipeline or owner filter every move of the period is in scope (a deal moves
      -- only between its creation and its close), so the join is only paid when filtering.
      SELECT h.deal_id, h.from_stage_id, h.to_stage_id, h.at
        FROM deal_stage_history h
        ${f.pipelineId || f.ownerId ? sql`JOIN scoped d ON d.id = h.deal_id` : sql``}
       WHERE h.company_id = ${c} AND h.at >= ${start} AND h.at < ${end}
    ), first_hist AS (
      -- The first move of each deal created in the period, even after the period's end: its
      -- from_stage_id is the stage it was created in.
      SELECT DISTINCT ON (h.deal_id) h.deal_id, h.from_stage_id
        FROM deal_stage_history h
        JOIN scoped d ON d.id = h.deal_id AND d.created_at >= ${start}
       WHERE h.company_id = ${c} AND h.at >= ${start}
       ORDER BY h.deal_id, h.at
    ), entries AS (
      SELECT deal_id, to_stage_id AS stage_id, at FROM hist WHERE to_stage_id IS NOT NULL
      UNION ALL
      SELECT d.id, coalesce(fh.from_stage_id, d.stage_id), d.created_at
        FROM scoped d LEFT JOIN first_hist fh ON fh.deal_id = d.id
       WHERE d.created_at >= ${start} AND (fh.deal_id IS NULL OR fh.from_stage_id IS NOT NULL)
    ), placed AS (
      -- Each deal's first and last entry into each stage in the period (a hash aggregate).
      SELECT e.deal_id, e.stage_id, s.position, min(e.at) AS first_at, max(e.at) AS last_at
        FROM entries e JOIN crm_stages s ON s.id = e.stage_id AND s.company_id = ${c}
       GROUP BY e.deal_id, e.stage_id, s.position
    ), firsts AS (
      -- Advanced: a later stage (higher position) entered at or after this stage's first entry,
      -- i.e. the latest entry into any higher position is not before it; or won afterwards.
      SELECT p.deal_id, p.stage_id,
             coalesce(max(p.last_at) OVER (PARTITION BY p.deal_id ORDER BY p.position DESC RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) >= p.first_at, false)
             OR (d.status = 'won' AND d.closed_at >= p.first_at AND d.closed_at < ${end}) AS advanced
        FROM placed p JOIN scoped d ON d.id = p.deal_id
    )
    SELECT pl.id AS pipeline_id, pl.name AS pipeline_name, s.id AS stage_id, s.name AS stage_name,
           count(fi.deal_id)::int AS reached,
           (count(fi.deal_id) FILTER (WHERE fi.advanced))::int AS advanced
      FROM crm_stages s
      JOIN crm_pipelines pl ON pl.id = s.pipeline_id AND pl.company_id = ${c}
      LEFT JOIN firsts fi ON fi.stage_id = s.id
     WHERE s.company_id = ${c} ${f.pipelineId ? sql`AND s.pipeline_id = ${f.pipelineId}` : sql``}
     GROUP BY pl.id, pl.name, pl.position, s.id, s.name, s.position
     ORDER BY pl.position, pl.name, pl.id, s.position, s.id`;
}

/** Won and lost per month of `closed_at` (Brasília); months without any are zeros. */
export async function monthly(tenant: Tenant, f: MetricsFilters, months: string[]): Promise<MonthlyRow[]> {
  const { start, end } = bounds(f);
  const { rows } = await tenant.db.execute<Record<string, unknown>>(sql`
    SELECT to_char(d.closed_at AT TIME ZONE ${TZ}, 'YYYY-MM') AS month,
           (count(*) FILTER (WHERE d.status = 'won'))::int AS won_count,
           coalesce(sum(d.value_cents) FILTER (WHERE d.status = 'won'), 0)::text AS won_cents,
           (count(*) FILTER (WHERE d.status = 'lost'))::int AS lost_count,
           coalesce(sum(d.value_cents) FILTER (WHERE d.status = 'lost'), 0)::text AS lost_cents
      FROM deals d
     WHERE d.company_id = ${tenant.companyId} AND d.status IN ('won', 'lost') AND d.closed_at >= ${start} AND d.closed_at < ${end} ${dealFilters(f)}
     GROUP BY 1`);
  const byMonth = new Map(rows.map((r) => [String(r.month), r]));
  return months.map((month) => {
    const r = byMonth.get(month);
    return { month, wonCount: num(r?.won_count), wonCents: num(r?.won_cents), lostCount: num(r?.lost_count), lostCents: num(r?.lost_cents) };
  });
}

/**
 * Deals won in the period, grouped three ways in one statement (GROUPING SETS): all of them (the
 * average cycle), by owner (revenue and cycle per salesperson) and by source (revenue).
 * The cycle is created → won, in days.
 */
export async function wonBreakdown(tenant: Tenant, f: MetricsFilters): Promise<{ byOwner: RevenueRow[]; bySource: RevenueRow[]; cycle: CycleFigures }> {
  const { start, end } = bounds(f);
  const { rows } = await tenant.db.execute<Record<string, unknown>>(sql`
    SELECT GROUPING(d.owner_id, u.name) AS g_owner, GROUPING(w.source) AS g_source,
           d.owner_id, u.name AS owner_name, w.source,
           count(*)::int AS count,
           coalesce(sum(d.value_cents), 0)::text AS won_cents,
           -- A deal closed before its row was created (data brought from elsewhere) counts as 0 days, never negative.
           round((avg(greatest(extract(epoch FROM d.closed_at - d.created_at), 0)) / 86400)::numeric, 1)::float8 AS avg_days
      FROM deals d
      CROSS JOIN LATERAL (SELECT nullif(btrim(d.source), '') AS source) w
      LEFT JOIN "user" u ON u.id = d.owner_id
     WHERE d.company_id = ${tenant.companyId} AND d.status = 'won' AND d.closed_at >= ${start} AND d.closed_at < ${end} ${dealFilters(f)}
     GROUP BY GROUPING SETS ((), (d.owner_id, u.name), (w.source))`);
  const row = (r: Record<string, unknown>, key: string | null, label: string): RevenueRow => ({
    key,
    label,
    count: num(r.count),
    wonCents: num(r.won_cents),
    avgCycleDays: r.avg_days === null ? null : Number(r.avg_days),
  });
  const byWon = (a: RevenueRow, b: RevenueRow) => b.wonCents - a.wonCents || a.label.localeCompare(b.label, 'pt-BR');
  const byOwner: RevenueRow[] = [];
  const bySource: RevenueRow[] = [];
  let total: Record<string, unknown> | undefined;
  for (const r of rows) {
    const gOwner = num(r.g_owner);
    const gSource = num(r.g_source);
    if (gOwner && gSource) total = r;
    else if (!gOwner) byOwner.push(row(r, r.owner_id === null ? null : String(r.owner_id), r.owner_id === null ? NO_OWNER_LABEL : String(r.owner_name ?? NO_OWNER_LABEL)));
    else bySource.push(row(r, r.source === null ? null : String(r.source), r.source === null ? NO_SOURCE_LABEL : String(r.source)));
  }
  byOwner.sort(byWon);
  bySource.sort(byWon);
  const count = num(total?.count);
  return {
    byOwner,
    bySource,
    cycle: { count, avgCycleDays: count && total?.avg_days !== null ? Number(total?.avg_days) : null, byOwner: [...byOwner].sort((a, b) => a.label.localeCompare(b.label, 'pt-BR')) },
  };
}

export type TargetProgressRow = { userId: string; name: string; month: string; targetId: string | null; targetCents: number | null; wonCents: number };

/**
 * Targets of the period beside what each salesperson won in each month (every salesperson with
 * a target or a win). The pipeline filter narrows the wins; the owner filter both.
 */
export async function targetsVsWon(tenant: Tenant, f: MetricsFilters): Promise<TargetProgressRow[]> {
  const c = tenant.companyId;
  const { start, end } = bounds(f);
  const { rows } = await tenant.db.execute<Record<string, unknown>>(sql`
    WITH t AS (
      SELECT id, user_id, to_char(month, 'YYYY-MM') AS month, target_cents
        FROM crm_targets
       WHERE company_id = ${c} AND month >= ${`${f.from}-01`}::date AND month < ${`${addMonths(f.to, 1)}-01`}::date
         ${f.ownerId ? sql`AND user_id = ${f.ownerId}` : sql``}
    ), w AS (
      SELECT d.owner_id AS user_id, to_char(d.closed_at AT TIME ZONE ${TZ}, 'YYYY-MM') AS month, sum(d.value_cents) AS won_cents
        FROM deals d
       WHERE d.company_id = ${c} AND d.status = 'won' AND d.closed_at >= ${start} AND d.closed_at < ${end} AND d.owner_id IS NOT NULL ${dealFilters(f)}
       GROUP BY 1, 2
    )
    SELECT coalesce(t.user_id, w.user_id) AS user_id, coalesce(t.month, w.month) AS month, t.id AS target_id,
           t.target_cents::text AS target_cents, coalesce(w.won_cents, 0)::text AS won_cents, u.name
      FROM t FULL JOIN w ON w.user_id = t.user_id AND w.month = t.month
      LEFT JOIN "user" u ON u.id = coalesce(t.user_id, w.user_id)
     ORDER BY u.name, 1, 2`);
  return rows.map((r) => ({
    userId: String(r.user_id),
    name: String(r.name ?? NO_OWNER_LABEL),
    month: String(r.month),
    targetId: r.target_id === null ? null : String(r.target_id),
    targetCents: r.target_cents === null ? null : Number(r.target_cents),
    wonCents: num(r.won_cents),
  }));
}

/** The filters' choices, the company's members and whether it has any deal: one statement. */
export async function options(tenant: Tenant): Promise<{ pipelines: Array<{ id: string; name: string }>; owners: Array<{ id: string; name: string }>; hasDeals: boolean }> {
  const c = tenant.companyId;
  const { rows } = await tenant.db.execute<{ pipelines: Array<{ id: string; name: string }> | null; owners: Array<{ id: string; name: string }> | null; has_deals: boolean }>(sql`
    SELECT
      (SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.position, p.name, p.id) FROM crm_pipelines p WHERE p.company_id = ${c}) AS pipelines,
      (SELECT json_agg(json_build_object('id', u.id, 'name', u.name) ORDER BY u.name, u.id)
         FROM company_members m JOIN "user" u ON u.id = m.user_id WHERE m.company_id = ${c}) AS owners,
      EXISTS (SELECT 1 FROM deals WHERE company_id = ${c}) AS has_deals`);
  const r = rows[0]!;
  return { pipelines: r.pipelines ?? [], owners: r.owners ?? [], hasDeals: Boolean(r.has_deals) };
}
