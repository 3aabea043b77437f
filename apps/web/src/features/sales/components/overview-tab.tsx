import { useQuery } from '@tanstack/react-query';
import { AlarmClock, BarChart3, CalendarX2, Contact, Headset, Percent, ScanSearch, Scale, Send, SquareKanban, Trophy, Video, Wallet, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { SalesTool } from '@sede/shared/crm/sales';
import { MyTasks } from '../../../components/collaboration/my-tasks.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { count, money, percent } from '@sede/shared/format';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { salesKeys } from '../api/keys.ts';
import { getOverview } from '../api/get-overview.ts';

const TOOL_ICONS: Record<SalesTool, LucideIcon> = {
  'kanban-leads': SquareKanban,
  'lista-contatos': Contact,
  metricas: BarChart3,
  'analise-reunioes': Video,
  'extrair-leads-cnpj': ScanSearch,
  'campanhas-massa': Send,
  atendimento: Headset,
};


/** Visão geral: the pipeline's KPIs, 'Minhas tarefas' and a tile into every Comercial tool. */
export function OverviewTab() {
  const kpisId = useId();
  const toolsId = useId();
  const overview = useQuery({ queryKey: salesKeys.overview, queryFn: getOverview });
  // Deals won, moved or quoted elsewhere refresh the numbers.
  useLiveInvalidate('deal', salesKeys.overview);
  const o = overview.data;
  const kpis: Array<{ label: string; value: string; hint?: string; icon: LucideIcon; alert?: boolean }> = o
    ? [
        { label: 'Pipeline em aberto', value: money(o.openPipelineCents), hint: `${count(o.openDeals)} negócio(s)`, icon: Wallet },
        { label: 'Valor ponderado', value: money(o.weightedPipelineCents), hint: 'Pela probabilidade de cada etapa', icon: Scale },
        { label: 'Ganhos no mês', value: money(o.wonThisMonthCents), hint: `${count(o.wonThisMonthCount)} negócio(s)`, icon: Trophy },
        { label: 'Taxa de conversão', value: percent(o.conversionRate), hint: 'Ganhos ÷ fechados nos últimos 90 dias', icon: Percent },
        { label: 'Sem próxima atividade', value: count(o.dealsWithoutNextActivity), hint: 'Negócios abertos sem tarefa pendente', icon: CalendarX2, alert: o.dealsWithoutNextActivity > 0 },
        { label: 'Atividades atrasadas', value: count(o.overdueActivities), hint: 'De negócios, com prazo vencido', icon: AlarmClock, alert: o.overdueActivities > 0 },
      ]
    : [];
  return (
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby={kpisId} className="grid gap-3">
        <h2 id={kpisId} className="text-base font-semibold text-slate-900">
          Indicadores
        </h2>
        {overview.isPending && <Spinner />}
        {overview.isError && (
          <p role="alert" className="text-sm text-red-700">
            Não foi possível carregar os indicadores. {overview.error.message}
          </p>
        )}
        {o && (
          <ul className="grid grid-cols-2 gap-2 sm:gap-3 xl:grid-cols-3" data-testid="comercial-kpis">
            {kpis.map((k) => (
              <li key={k.label}>
                <Card className="flex h-full flex-col items-start gap-1 p-3 sm:flex-row sm:gap-3 sm:p-4">
                  <k.icon className={k.alert ? 'mt-0.5 size-5 text-amber-700' : 'mt-0.5 size-5 text-[var(--color-accent)]'} aria-hidden />
                  <div className="min-w-0">
                    <p className="text-sm text-slate-600">{k.label}</p>
                    <p className="text-lg font-semibold tabular-nums text-slate-900 sm:text-xl">{k.value}</p>
                    {k.hint && <p className="text-xs text-slate-600">{k.hint}</p>}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <MyTasks />

      <section aria-labelledby={toolsId} className="grid gap-3">
        <h2 id={toolsId} className="text-base font-semibold text-slate-900">
          Ferramentas do Comercial
        </h2>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4" data-testid="comercial-tiles">
          {(o?.tiles ?? []).map((t) => {
            const Icon = TOOL_ICONS[t.tool];
            return (
              <li key={t.tool}>
                <Link
                  to={t.path}
                  className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-[var(--color-accent)] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)]"
                >
                  <span className="flex items-center gap-2 font-semibold text-slate-900">
                    <Icon className="size-5 text-[var(--color-accent)]" aria-hidden /> {t.title}
                  </span>
                  <span className="text-sm text-slate-600">{t.description}</span>
                  {t.kpi && (
                    <span className="mt-auto grid text-sm text-slate-600">
                      {t.kpi.label}
                      <span className="text-lg font-semibold tabular-nums text-slate-900">{t.kpi.value}</span>
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
