import { useQuery } from '@tanstack/react-query';
import { BarChart3, KanbanSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { type ReportColumn, ReportTable } from '../../../components/ui/report-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveEntity } from '../../../lib/live/entity-events.ts';
import { useQueryClient } from '@tanstack/react-query';
import { dashboardQueryOptions } from '../api/board.ts';
import { projectKeys } from '../api/keys.ts';
import { days, longDay, shortDay } from '@sede/shared/format';
import type { Dashboard } from '@sede/shared/projects/schemas';

function ChartCard({ title, description, table, tableLabel, children, testId }: { title: string; description: string; table: ReactNode; tableLabel: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <figure className="grid gap-2">
          <div className="h-56" aria-hidden>
            <ResponsiveContainer width="100%" height="100%">
              {children as never}
            </ResponsiveContainer>
          </div>
          <figcaption className="text-xs text-slate-600">Os valores do gráfico estão na tabela abaixo.</figcaption>
        </figure>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-[var(--color-accent)]">{tableLabel}</summary>
          <div className="mt-2 max-h-72 overflow-auto">{table}</div>
        </details>
      </CardContent>
    </Card>
  );
}

/** The figures behind each chart, in its 'Ver … em tabela'. */
const BY_COLUMN: ReportColumn<Dashboard['byColumn'][number]>[] = [
  { header: 'Coluna', cell: (c) => c.name },
  { header: 'Tarefas', align: 'right', cell: (c) => c.count },
];
const BY_ASSIGNEE: ReportColumn<Dashboard['byAssignee'][number]>[] = [
  { header: 'Pessoa', cell: (a) => a.name },
  { header: 'Abertas', align: 'right', cell: (a) => a.open },
  { header: 'Concluídas', align: 'right', cell: (a) => a.done },
];
const BURN_UP: ReportColumn<Dashboard['burnUp'][number]>[] = [
  { header: 'Dia', cell: (p) => longDay(p.date) },
  { header: 'Criadas', align: 'right', cell: (p) => p.created },
  { header: 'Concluídas', align: 'right', cell: (p) => p.done },
];

/** /kanban-dashboard/:projectId: tasks by column and assignee, overdue, burn-up and cycle time (decision 0273). */
export default function ProjectDashboardPage() {
  const { projectId = '' } = useParams();
  const qc = useQueryClient();
  const dash = useQuery(dashboardQueryOptions(projectId));
  useLiveEntity('project', (e) => {
    if (e.id === projectId || e.id === '*') void qc.invalidateQueries({ queryKey: projectKeys.dashboard(projectId) });
  });
  if (dash.isPending) return <Spinner label="Carregando o painel" />;
  if (dash.isError) {
    return (
      <EmptyState
        icon={BarChart3}
        title="Não foi possível abrir o painel"
        description={dash.error instanceof ApiError ? dash.error.message : 'Tente de novo em instantes.'}
        action={
          <Button asChild variant="secondary">
            <Link to="/gestao-projetos">Ver os projetos</Link>
          </Button>
        }
      />
    );
  }
  const d = dash.data;
  const back = (
    <Button asChild variant="secondary" className="h-9">
      <Link to={`/projeto-kanban/${projectId}`}>
        <KanbanSquare aria-hidden /> Voltar ao quadro
      </Link>
    </Button>
  );
  if (d.total === 0) {
    return <EmptyState icon={BarChart3} title="O painel mostra o andamento das tarefas" description="Crie tarefas no quadro do projeto: aqui aparecem as tarefas por coluna e por pessoa, as atrasadas, o gráfico de criadas x concluídas e o tempo de ciclo." action={back} />;
  }
  return (
    <div className="grid grid-cols-1 gap-4">
      <h2 className="break-words text-lg font-semibold text-slate-900" data-testid="dashboard-project">
        {d.project.name}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="dashboard-kpis">
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-700">Tarefas</dt>
            <dd className="text-xl font-semibold text-slate-900">{d.total}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-700">Concluídas</dt>
            <dd className="text-xl font-semibold text-slate-900">{d.done}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-700">Atrasadas</dt>
            <dd className="text-xl font-semibold text-red-700">{d.overdueCount}</dd>
          </div>
          <div className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-700">Tempo de ciclo (mediana)</dt>
            <dd className="text-xl font-semibold text-slate-900">{days(d.cycleTime.medianDays)}</dd>
          </div>
        </dl>
        {back}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <ChartCard
          title="Tarefas por coluna"
          description="Quantas tarefas estão em cada coluna do quadro."
          tableLabel="Ver por coluna em tabela"
          testId="chart-by-column"
          table={<ReportTable caption="Tarefas por coluna" columns={BY_COLUMN} rows={d.byColumn} rowKey={(c) => c.columnId} />}
        >
          <BarChart accessibilityLayer={false} data={d.byColumn} layout="vertical" margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis type="category" dataKey="name" tick={{ fontSize: 12, fill: '#475569' }} width={120} interval={0} />
            <Tooltip />
            <Bar dataKey="count" name="Tarefas" fill="#2563eb" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Tarefas por pessoa"
          description="Abertas e concluídas de cada pessoa designada."
          tableLabel="Ver por pessoa em tabela"
          table={<ReportTable caption="Tarefas por pessoa" columns={BY_ASSIGNEE} rows={d.byAssignee} rowKey={(a) => a.id ?? 'none'} />}
        >
          <BarChart accessibilityLayer={false} data={d.byAssignee} layout="vertical" margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
            <YAxis type="category" dataKey="name" tick={{ fontSize: 12, fill: '#475569' }} width={110} />
            <Tooltip />
            <Legend />
            <Bar dataKey="open" name="Abertas" stackId="a" fill="#f59e0b" />
            <Bar dataKey="done" name="Concluídas" stackId="a" fill="#10b981" />
          </BarChart>
        </ChartCard>
        <ChartCard
          title="Criadas x concluídas (burn-up)"
          description="Total acumulado de tarefas criadas e concluídas por dia; a distância entre as linhas é o trabalho em aberto."
          tableLabel="Ver o burn-up em tabela"
          testId="chart-burnup"
          table={<ReportTable caption="Criadas e concluídas por dia" columns={BURN_UP} rows={d.burnUp} rowKey={(p) => p.date} />}
        >
          <LineChart accessibilityLayer={false} data={d.burnUp} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="date" tickFormatter={shortDay} tick={{ fontSize: 12, fill: '#475569' }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} width={32} />
            <Tooltip labelFormatter={(l) => longDay(String(l))} />
            <Legend />
            <Line type="stepAfter" dataKey="created" name="Criadas" stroke="#2563eb" strokeWidth={2} dot={false} />
            <Line type="stepAfter" dataKey="done" name="Concluídas" stroke="#10b981" strokeWidth={2} dot={false} />
          </LineChart>
        </ChartCard>
        <Card>
          <CardHeader>
            <CardTitle>Tempo de ciclo e atrasos</CardTitle>
            <CardDescription>Do início do trabalho (a saída da primeira coluna, ou a criação) até a conclusão.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="cycle-time">
              <div>
                <dt className="text-xs text-slate-700">Média</dt>
                <dd className="font-semibold text-slate-900">{days(d.cycleTime.averageDays)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-700">Mediana</dt>
                <dd className="font-semibold text-slate-900">{days(d.cycleTime.medianDays)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-700">85% em até</dt>
                <dd className="font-semibold text-slate-900">{days(d.cycleTime.p85Days)}</dd>
              </div>
            </dl>
            <p className="text-xs text-slate-600">
              {d.cycleTime.count} {d.cycleTime.count === 1 ? 'tarefa concluída medida' : 'tarefas concluídas medidas'}.
            </p>
            <div>
              <h3 className="mb-1 text-sm font-semibold text-slate-900">Atrasadas ({d.overdueCount})</h3>
              {d.overdue.length === 0 ? (
                <p className="text-sm text-slate-700">Nenhuma tarefa atrasada.</p>
              ) : (
                <ul className="grid gap-1 text-sm">
                  {d.overdue.map((t) => (
                    <li key={t.id} className="flex justify-between gap-2 border-t border-slate-100 pt-1">
                      <Link to={`/projeto-kanban/${projectId}?tarefa=${t.id}`} className="truncate text-slate-900 hover:underline">
                        {t.title}
                      </Link>
                      <span className="shrink-0 text-red-700">{longDay(t.dueDate)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
