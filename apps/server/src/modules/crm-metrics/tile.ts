import { todayInBrazil } from '@sede/shared/platform/calendar';
import type { SalesKpi } from '@sede/shared/crm/sales';
import { sql } from 'drizzle-orm';
import type { Tenant } from '../../services.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const pct = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

/**
 * The Métricas tile on /comercial (decision 0191): the share of the month's targets already won
 * when the company set targets for the month, else the value won in the month (Brazil's calendar).
 */
export async function metricsTileKpi(t: Tenant): Promise<SalesKpi> {
  const monthStart = `${todayInBrazil().slice(0, 7)}-01`;
  const { rows } = await t.db.execute<{ won: string; target: string }>(sql`SELECT
       (SELECT COALESCE(SUM(d.value_cents), 0) FROM deals d WHERE d.company_id = ${t.companyId} AND d.status = 'won'
         AND d.closed_at >= (${monthStart}::date)::timestamp AT TIME ZONE 'America/Sao_Paulo') AS won,
       (SELECT COALESCE(SUM(x.target_cents), 0) FROM crm_targets x WHERE x.company_id = ${t.companyId} AND x.month = ${monthStart}::date) AS target`);
  const won = Number(rows[0]?.won ?? 0);
  const target = Number(rows[0]?.target ?? 0);
  if (target > 0) return { label: 'Da meta do mês', value: pct.format(won / target) };
  return { label: 'Ganho no mês', value: brl.format(won / 100) };
}
