import { campaignRates, type CampaignResults } from '@sede/shared/marketing/campaigns';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const int = new Intl.NumberFormat('pt-BR');
const pct = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 });

export const money = (cents: number | null) => (cents === null ? '—' : brl.format(cents / 100));
export const count = (n: number | null) => (n === null ? '—' : int.format(n));
/** A calendar day (YYYY-MM-DD) as dd/mm/aaaa, without a time zone shift. */
export const day = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : null);
export const period = (from: string | null, to: string | null) => (from && to ? `${day(from)} a ${day(to)}` : from ? `Desde ${day(from)}` : to ? `Até ${day(to)}` : 'Sem datas');

/** The results as label/value pairs, rates included (the same ones as the PDF report). */
export function resultItems(r: CampaignResults & { budgetCents: number | null }) {
  const { ctr, costPerLeadCents } = campaignRates(r);
  return [
    { label: 'Alcance', value: count(r.reach) },
    { label: 'Cliques', value: count(r.clicks) },
    { label: 'Taxa de cliques', value: ctr === null ? '—' : pct.format(ctr) },
    { label: 'Leads', value: count(r.leads) },
    { label: 'Investimento', value: r.budgetCents !== null && r.spendCents !== null ? `${money(r.spendCents)} de ${money(r.budgetCents)}` : money(r.spendCents) },
    { label: 'Custo por lead', value: money(costPerLeadCents) },
  ];
}
