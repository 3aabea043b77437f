import { todayInBrazil } from '@sede/shared/platform/calendar';
import type { ComercialKpi } from '@sede/shared/crm/comercial';
import type { Services, Tenant } from '../../services.ts';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const pct = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

/**
 * The Métricas tile on /comercial (decision 0191): the share of the month's targets already won
 * when the company set targets for the month, else the value won in the month (Brazil's calendar).
 */
export async function metricsTileKpi(s: Services, t: Tenant): Promise<ComercialKpi> {
  const monthStart = `${todayInBrazil().slice(0, 7)}-01`;
  const { rows } = await s.pool.query<{ won: string; target: string }>(
    `SELECT
       (SELECT COALESCE(SUM(d.value_cents), 0) FROM deals d WHERE d.company_id = $1 AND d.status = 'won'
         AND d.closed_at >= ($2::date)::timestamp AT TIME ZONE 'America/Sao_Paulo') AS won,
       (SELECT COALESCE(SUM(x.target_cents), 0) FROM crm_targets x WHERE x.company_id = $1 AND x.month = $2::date) AS target`,
    [t.companyId, monthStart],
  );
  const won = Number(rows[0]?.won ?? 0);
  const target = Number(rows[0]?.target ?? 0);
  if (target > 0) return { label: 'Da meta do mês', value: pct.format(won / target) };
  return { label: 'Ganho no mês', value: brl.format(won / 100) };
}
