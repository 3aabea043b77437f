import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import type { MetricsOverview } from '@sede/shared/crm/metrics';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useMetricsOptions } from '../api/get-options.ts';
import { useMetricsOverview } from '../api/get-overview.ts';
import { crmMetricsKeys } from '../api/keys.ts';
import { CycleChart, FunnelChart, MonthlyChart, PipelineChart, RevenueChart } from '../components/charts.tsx';
import { BilledReceivedChart } from '../components/billed-received-chart.tsx';
import { FiltersBar } from '../components/filters-bar.tsx';
import { TargetsChart } from '../components/targets.tsx';
import { useMetricsFilters } from '../lib/filters.ts';
import { days, money } from '@sede/shared/format';

/** /metricas (decisions 0165–0168): the sales team's figures, each chart also a table and a CSV. */
export default function MetricasPage() {
  const state = useMetricsFilters();
  const options = useMetricsOptions();
  const hasDeals = options.data?.hasDeals ?? false;
  const overview = useMetricsOverview(state.filters, hasDeals);
  // Deals won, lost or moved elsewhere refresh the figures (decision 0115).
  useLiveInvalidate('deal', crmMetricsKeys.all);

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Métricas comerciais</h2>
        <p className="text-sm text-slate-600">Valor do funil, conversão entre etapas, ganhos e perdas, receita, ciclo de vendas e metas da equipe.</p>
      </div>
      {options.isPending ? (
        <Loading />
      ) : options.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {options.error.message}
        </p>
      ) : !hasDeals ? (
        <EmptyState
          icon={BarChart3}
          title="Acompanhe as vendas da equipe"
          description="Aqui aparecem o valor do funil por etapa, a conversão entre etapas, os ganhos e perdas por mês, a receita por vendedor e por origem, o ciclo médio de vendas e as metas de cada vendedor. Cadastre os primeiros negócios no Kanban de leads para começar."
          action={
            <Button asChild>
              <Link to="/kanban-leads">Abrir o Kanban de leads</Link>
            </Button>
          }
        />
      ) : (
        <>
          <FiltersBar options={options.data} state={state} />
          {overview.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {overview.error.message}
            </p>
          ) : !overview.data ? (
            <Loading />
          ) : (
            <div className="grid gap-4" aria-busy={overview.isFetching || undefined}>
              <Kpis data={overview.data} />
              <div className="grid gap-4 lg:grid-cols-2">
                <PipelineChart rows={overview.data.pipeline} />
                <FunnelChart rows={overview.data.funnel} />
                <MonthlyChart rows={overview.data.monthly} />
                <BilledReceivedChart />
                <TargetsChart rows={overview.data.targets} months={overview.data.months} owners={options.data.owners} canEdit={options.data.canEditTargets} />
                <RevenueChart rows={overview.data.byOwner} by="owner" />
                <RevenueChart rows={overview.data.bySource} by="source" />
                <CycleChart cycle={overview.data.cycle} />
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function Loading() {
  return (
    <div className="flex justify-center py-12">
      <Spinner label="Carregando métricas…" />
    </div>
  );
}

function Kpis({ data }: { data: MetricsOverview }) {
  const open = data.pipeline.reduce((s, r) => s + r.valueCents, 0);
  const weighted = data.pipeline.reduce((s, r) => s + r.weightedCents, 0);
  const won = data.monthly.reduce((s, r) => s + r.wonCents, 0);
  const wonCount = data.monthly.reduce((s, r) => s + r.wonCount, 0);
  const lostCount = data.monthly.reduce((s, r) => s + r.lostCount, 0);
  const winRate = wonCount + lostCount ? Math.round((wonCount / (wonCount + lostCount)) * 100) : null;
  const items = [
    { label: 'Funil em aberto', value: money(open), hint: `${money(weighted)} ponderado` },
    { label: 'Ganhos no período', value: money(won), hint: `${wonCount} ${wonCount === 1 ? 'negócio' : 'negócios'}` },
    { label: 'Taxa de ganho', value: winRate === null ? '—' : `${winRate}%`, hint: `${wonCount} ganhos, ${lostCount} perdidos` },
    { label: 'Ciclo médio', value: days(data.cycle.avgCycleDays), hint: 'da criação ao ganho' },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {items.map((k) => (
        <Card key={k.label} className="grid gap-0.5 p-4">
          <dt className="text-sm text-slate-600">{k.label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums sm:text-xl">{k.value}</dd>
          <dd className="text-xs text-slate-600">{k.hint}</dd>
        </Card>
      ))}
    </dl>
  );
}
