import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, type XAxisProps, YAxis } from 'recharts';
import type { FunnelRow, MetricsOverview, MonthlyRow, PipelineStageRow, RevenueRow } from '@sede/shared/crm/metrics';
import { centsToReais } from '../lib/csv.ts';
import { compactMoney, days, money, month, shortMonth } from '@sede/shared/format';
import { pct } from '../lib/percent.ts';
import { ChartCard, type Column } from './chart-card.tsx';

const COLORS = { value: '#2563eb', weighted: '#93c5fd', won: '#15803d', lost: '#b91c1c', target: '#0f172a', neutral: '#0d9488' };
const PIPELINE_SERIES = [
  { key: 'value', name: 'Valor', fill: COLORS.value },
  { key: 'weighted', name: 'Ponderado', fill: COLORS.weighted },
];
const FUNNEL_SERIES = [
  { key: 'reached', name: 'Entraram', fill: COLORS.value },
  { key: 'advanced', name: 'Avançaram', fill: COLORS.won },
];
const TICK = { fontSize: 12, fill: '#475569' };
const moneyTip = (v: unknown) => money(Number(v));
const rowsHeight = (n: number) => Math.max(140, n * 46 + 48);
/** Long names shortened on the axis (the table has them whole). */
const short = (s: string, n = 18) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

const stageLabel = (multiple: boolean) => (r: { pipelineName: string; stageName: string }) => (multiple ? `${r.pipelineName} · ${r.stageName}` : r.stageName);
/** On the axis, a stage's name without its pipeline (the tooltip and the table have both). */
const stageTick = (s: string) => short(s.includes(' · ') ? s.slice(s.indexOf(' · ') + 3) : s, 16);

/**
 * One bar per series for each name down the side (a stage, a seller), as tall as its rows; a legend
 * when there is more than one series.
 */
function HorizontalBars({ data, series, x, tooltip, nameTick = (s: string) => short(s, 16) }: {
  data: object[];
  series: readonly { key: string; name: string; fill: string }[];
  /** The value axis: its ticks' format or unit. */
  x: Omit<XAxisProps, 'type' | 'tick'>;
  tooltip?: (value: unknown) => string;
  nameTick?: (name: string) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={rowsHeight(data.length)}>
      <BarChart data={data} layout="vertical" margin={{ left: 4, right: 12 }} accessibilityLayer={false}>
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" tick={TICK} {...x} />
        <YAxis type="category" dataKey="name" tick={TICK} width={110} tickFormatter={nameTick} />
        <Tooltip formatter={tooltip} />
        {series.length > 1 && <Legend />}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.fill} isAnimationActive={false} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function PipelineChart({ rows }: { rows: PipelineStageRow[] }) {
  const multiple = new Set(rows.map((r) => r.pipelineId)).size > 1;
  const label = stageLabel(multiple);
  const data = rows.map((r) => ({ name: label(r), value: r.valueCents, weighted: r.weightedCents }));
  const total = rows.reduce((s, r) => s + r.valueCents, 0);
  const weighted = rows.reduce((s, r) => s + r.weightedCents, 0);
  const columns: Column<PipelineStageRow>[] = [
    { header: 'Etapa', text: label, csv: label },
    { header: 'Negócios', text: (r) => String(r.count), csv: (r) => r.count, numeric: true },
    { header: 'Valor (R$)', text: (r) => money(r.valueCents), csv: (r) => centsToReais(r.valueCents), numeric: true },
    { header: 'Prob.', text: (r) => `${r.probability}%`, csv: (r) => r.probability, numeric: true },
    { header: 'Ponderado (R$)', text: (r) => money(r.weightedCents), csv: (r) => centsToReais(r.weightedCents), numeric: true },
  ];
  return (
    <ChartCard
      title="Valor do funil por etapa"
      description={`Negócios em aberto agora: ${money(total)} no total, ${money(weighted)} ponderado pela probabilidade de cada etapa.`}
      fileName="funil-por-etapa"
      rows={rows}
      columns={columns}
      empty="Nenhuma etapa cadastrada."
    >
      <HorizontalBars data={data} nameTick={stageTick} x={{ tickFormatter: compactMoney }} tooltip={moneyTip} series={PIPELINE_SERIES} />
    </ChartCard>
  );
}

export function FunnelChart({ rows }: { rows: FunnelRow[] }) {
  const multiple = new Set(rows.map((r) => r.pipelineId)).size > 1;
  const label = stageLabel(multiple);
  const rate = (r: FunnelRow) => (r.reached ? Math.round((r.advanced / r.reached) * 1000) / 10 : null);
  const data = rows.map((r) => ({ name: label(r), reached: r.reached, advanced: r.advanced }));
  const columns: Column<FunnelRow>[] = [
    { header: 'Etapa', text: label, csv: label },
    { header: 'Entraram no período', text: (r) => String(r.reached), csv: (r) => r.reached, numeric: true },
    { header: 'Avançaram ou foram ganhos', text: (r) => String(r.advanced), csv: (r) => r.advanced, numeric: true },
    { header: 'Conversão', text: (r) => pct(rate(r)), csv: (r) => rate(r), numeric: true },
  ];
  return (
    <ChartCard
      title="Conversão entre etapas"
      description="Dos negócios que entraram em cada etapa no período, quantos seguiram para uma etapa seguinte ou foram ganhos."
      fileName="conversao-entre-etapas"
      rows={rows.some((r) => r.reached) ? rows : []}
      columns={columns}
      empty="Nenhum negócio entrou em uma etapa no período."
    >
      <HorizontalBars data={data} nameTick={stageTick} x={{ allowDecimals: false }} series={FUNNEL_SERIES} />
    </ChartCard>
  );
}

export function MonthlyChart({ rows }: { rows: MonthlyRow[] }) {
  const data = rows.map((r) => ({ name: shortMonth(r.month), won: r.wonCents, lost: r.lostCents }));
  const won = rows.reduce((s, r) => s + r.wonCents, 0);
  const lost = rows.reduce((s, r) => s + r.lostCents, 0);
  const columns: Column<MonthlyRow>[] = [
    { header: 'Mês', text: (r) => month(r.month), csv: (r) => r.month },
    { header: 'Ganhos', text: (r) => String(r.wonCount), csv: (r) => r.wonCount, numeric: true },
    { header: 'Ganhos (R$)', text: (r) => money(r.wonCents), csv: (r) => centsToReais(r.wonCents), numeric: true },
    { header: 'Perdidos', text: (r) => String(r.lostCount), csv: (r) => r.lostCount, numeric: true },
    { header: 'Perdidos (R$)', text: (r) => money(r.lostCents), csv: (r) => centsToReais(r.lostCents), numeric: true },
  ];
  return (
    <ChartCard
      title="Ganhos e perdas por mês"
      description={`No período: ${money(won)} ganhos e ${money(lost)} perdidos, pelo mês em que cada negócio foi fechado (horário de Brasília).`}
      fileName="ganhos-e-perdas-por-mes"
      rows={rows}
      columns={columns}
    >
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={data} margin={{ left: 4, right: 8 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="name" tick={TICK} interval="preserveStartEnd" />
          <YAxis tick={TICK} tickFormatter={compactMoney} width={72} />
          <Tooltip formatter={moneyTip} />
          <Legend />
          <Bar dataKey="won" name="Ganhos" fill={COLORS.won} isAnimationActive={false} />
          <Bar dataKey="lost" name="Perdidos" fill={COLORS.lost} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

function revenueColumns(first: string): Column<RevenueRow>[] {
  return [
    { header: first, text: (r) => r.label, csv: (r) => r.label },
    { header: 'Negócios ganhos', text: (r) => String(r.count), csv: (r) => r.count, numeric: true },
    { header: 'Receita (R$)', text: (r) => money(r.wonCents), csv: (r) => centsToReais(r.wonCents), numeric: true },
  ];
}

export function RevenueChart({ rows, by }: { rows: RevenueRow[]; by: 'owner' | 'source' }) {
  const data = rows.map((r) => ({ name: r.label, won: r.wonCents }));
  const owner = by === 'owner';
  return (
    <ChartCard
      title={owner ? 'Receita por vendedor' : 'Receita por origem'}
      description={owner ? 'Valor dos negócios ganhos no período, por responsável.' : 'Valor dos negócios ganhos no período, pela origem de cada negócio.'}
      fileName={owner ? 'receita-por-vendedor' : 'receita-por-origem'}
      rows={rows}
      columns={revenueColumns(owner ? 'Vendedor' : 'Origem')}
      empty="Nenhum negócio ganho no período."
    >
      <HorizontalBars data={data} x={{ tickFormatter: compactMoney }} tooltip={moneyTip} series={[{ key: 'won', name: 'Receita', fill: owner ? COLORS.won : COLORS.neutral }]} />
    </ChartCard>
  );
}

export function CycleChart({ cycle }: { cycle: MetricsOverview['cycle'] }) {
  const data = cycle.byOwner.map((r) => ({ name: r.label, days: r.avgCycleDays ?? 0 }));
  const columns: Column<RevenueRow>[] = [
    { header: 'Vendedor', text: (r) => r.label, csv: (r) => r.label },
    { header: 'Negócios ganhos', text: (r) => String(r.count), csv: (r) => r.count, numeric: true },
    { header: 'Ciclo médio (dias)', text: (r) => days(r.avgCycleDays), csv: (r) => r.avgCycleDays, numeric: true },
  ];
  return (
    <ChartCard
      title="Ciclo médio de vendas"
      description={
        cycle.avgCycleDays === null
          ? 'Dias entre a criação e o ganho de cada negócio ganho no período.'
          : `Em média ${days(cycle.avgCycleDays)} da criação ao ganho, em ${cycle.count} ${cycle.count === 1 ? 'negócio ganho' : 'negócios ganhos'} no período.`
      }
      fileName="ciclo-medio-de-vendas"
      rows={cycle.byOwner}
      columns={columns}
      empty="Nenhum negócio ganho no período."
    >
      <HorizontalBars data={data} x={{ unit: ' d' }} tooltip={(v) => days(Number(v))} series={[{ key: 'days', name: 'Ciclo médio', fill: COLORS.value }]} />
    </ChartCard>
  );
}
