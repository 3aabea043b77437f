import { SALES_TOOL_KEYS, SALES_TOOLS, type SalesOverview, type SalesTile } from '@sede/shared/crm/sales';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { sql } from 'drizzle-orm';
import type { Services, Tenant } from '../../services.ts';
import { salesTileProviders } from './public.ts';

const num = (v: unknown) => Number(v ?? 0);

/** The KPIs of /comercial (decision 0163), each one indexed query on the company's rows. */
export async function overview(s: Services, t: Tenant): Promise<SalesOverview> {
  const today = todayInBrazil();
  const monthStart = `${today.slice(0, 7)}-01`;
  const { rows } = await t.db.execute<Record<string, string | null>>(sql`SELECT
       (SELECT COALESCE(SUM(d.value_cents), 0) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status = 'open') AS open_cents,
       (SELECT COUNT(*) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status = 'open') AS open_count,
       (SELECT COALESCE(SUM(d.value_cents * s.probability / 100.0), 0)::bigint FROM deals d JOIN crm_stages s ON s.id = d.stage_id
         WHERE d.company_id = ${t.companyId} AND d.status = 'open') AS weighted_cents,
       (SELECT COALESCE(SUM(d.value_cents), 0) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status = 'won'
         AND d.closed_at >= (${monthStart}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo') AS won_cents,
       (SELECT COUNT(*) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status = 'won'
         AND d.closed_at >= (${monthStart}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo') AS won_count,
       (SELECT COUNT(*) FILTER (WHERE d.status = 'won') FROM deals d WHERE d.company_id = ${t.companyId} AND d.status IN ('won', 'lost')
         AND d.closed_at >= now() - interval '90 days') AS won90,
       (SELECT COUNT(*) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status IN ('won', 'lost')
         AND d.closed_at >= now() - interval '90 days') AS closed90,
       (SELECT COUNT(*) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status = 'open' AND NOT EXISTS (
          SELECT 1 FROM tasks k WHERE k.company_id = ${t.companyId} AND k.entity_type = 'deal' AND k.entity_id = d.id::text AND k.done_at IS NULL)) AS without_next,
       (SELECT COUNT(*) FROM tasks k WHERE k.company_id = ${t.companyId} AND k.entity_type = 'deal' AND k.done_at IS NULL AND k.due_date < ${today}::date) AS overdue`);
  const r = rows[0]!;
  const providers = salesTileProviders(s);
  const tiles: SalesTile[] = await Promise.all(
    SALES_TOOL_KEYS.map(async (tool) => {
      const provider = providers.get(tool);
      let kpi = null;
      try {
        kpi = provider ? await provider.kpi(t) : null;
      } catch (e) {
        // One tool's failing KPI never breaks the overview: its tile shows without a number.
        console.error(`[sales] KPI of ${tool} failed`, (e as Error).message);
      }
      return { tool, ...SALES_TOOLS[tool], kpi };
    }),
  );
  const closed = num(r.closed90);
  return {
    openPipelineCents: num(r.open_cents),
    openDeals: num(r.open_count),
    weightedPipelineCents: num(r.weighted_cents),
    wonThisMonthCents: num(r.won_cents),
    wonThisMonthCount: num(r.won_count),
    conversionRate: closed ? num(r.won90) / closed : null,
    dealsWithoutNextActivity: num(r.without_next),
    overdueActivities: num(r.overdue),
    tiles,
  };
}
