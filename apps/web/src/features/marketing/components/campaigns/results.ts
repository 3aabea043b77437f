import { count, money, percent, period } from '@sede/shared/format';
import { campaignRates, type CampaignResults } from '@sede/shared/marketing/campaigns';

/** A campaign's dates: '05/03/2026 a 10/03/2026', 'desde …', 'até …', or 'Sem datas'. */
export const campaignPeriod = (from: string | null, to: string | null) => (from || to ? period(from, to) : 'Sem datas');

/** The results as label/value pairs, rates included (the same ones as the PDF report). */
export function resultItems(r: CampaignResults & { budgetCents: number | null }) {
  const { ctr, costPerLeadCents } = campaignRates(r);
  return [
    { label: 'Alcance', value: count(r.reach) },
    { label: 'Cliques', value: count(r.clicks) },
    { label: 'Taxa de cliques', value: percent(ctr, 2) },
    { label: 'Leads', value: count(r.leads) },
    { label: 'Investimento', value: r.budgetCents !== null && r.spendCents !== null ? `${money(r.spendCents)} de ${money(r.budgetCents)}` : money(r.spendCents) },
    { label: 'Custo por lead', value: money(costPerLeadCents) },
  ];
}
