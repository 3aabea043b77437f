import { AlertTriangle, Landmark } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { count, day, money } from '@sede/shared/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFinanceOverview } from '../api/reports-overview.ts';
import { Kpi, Money } from '../components/report-bits.tsx';

// The chart library loads after the figures: the first paint never waits for it (decision 0662).
const ProjectionChart = lazy(() => import('../components/projection-chart.tsx'));

const ACCOUNT_KIND: Record<string, string> = { checking: 'Conta corrente', savings: 'Poupança', cash: 'Caixa', card: 'Cartão', investment: 'Investimento' };

/** Visão geral: balances today, this month's to receive / to pay, overdue totals, the next 30 days. */
export default function OverviewTab() {
  const q = useFinanceOverview();
  if (q.isPending) return <Spinner />;
  if (q.isError) return <p role="alert" className="text-sm text-red-700">{q.error.message}</p>;
  const o = q.data;
  if (o.accounts.length === 0) {
    return <EmptyState icon={Landmark} title="Nenhuma conta cadastrada" description="Cadastre as contas bancárias e o caixa da empresa na aba Cadastros para ver aqui os saldos, o que entra e o que sai nos próximos 30 dias." />;
  }
  const last = o.projection.at(-1)!;
  return (
    <div className="grid gap-6" data-testid="finance-overview">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Kpi label="Saldo em contas hoje" cents={o.totalBalanceCents} testId="kpi-balance" hint={`${count(o.accounts.length)} conta(s)`} />
        <Kpi label="A receber neste mês" cents={o.month.receivableCents} tone="in" hint={`Recebido: ${money(o.month.receivedCents)}`} />
        <Kpi label="A pagar neste mês" cents={o.month.payableCents} tone="out" hint={`Pago: ${money(o.month.paidCents)}`} />
        <Kpi label="Saldo previsto em 30 dias" cents={last.balanceCents} hint={`Em ${day(last.date)}`} />
      </div>
      {(o.overdue.payableCount > 0 || o.overdue.receivableCount > 0) && (
        <div className="flex flex-wrap items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900" role="status">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <strong>Vencidos:</strong> {count(o.overdue.payableCount)} conta(s) a pagar ({money(o.overdue.payableCents)}) e {count(o.overdue.receivableCount)} a receber (
            {money(o.overdue.receivableCents)}). Eles entram na projeção de hoje.
          </p>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Próximos 30 dias</CardTitle>
            <CardDescription>Saldo previsto a cada dia: o saldo de hoje mais o que vence (no próximo dia útil quando o vencimento cai em feriado ou fim de semana).</CardDescription>
          </CardHeader>
          <CardContent>
            <figure className="grid gap-2">
              <div className="h-64" aria-hidden>
                <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-slate-100" />}>
                  <ProjectionChart data={o.projection} />
                </Suspense>
              </div>
              <figcaption className="text-xs text-slate-600">Gráfico do saldo previsto; os valores estão na tabela abaixo.</figcaption>
            </figure>
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-[var(--color-accent)]">Ver a projeção em tabela</summary>
              <div className="mt-2 max-h-72 overflow-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Projeção dos próximos 30 dias</caption>
                  <thead className="sticky top-0 bg-white text-xs text-slate-600">
                    <tr>
                      <th scope="col" className="py-1 pr-2">Dia</th>
                      <th scope="col" className="py-1 pr-2 text-right">Entradas</th>
                      <th scope="col" className="py-1 pr-2 text-right">Saídas</th>
                      <th scope="col" className="py-1 text-right">Saldo</th>
                    </tr>
                  </thead>
                  <tbody>
                    {o.projection.map((d) => (
                      <tr key={d.date} className="border-t border-slate-100">
                        <td className="py-1 pr-2">{day(d.date)}</td>
                        <td className="py-1 pr-2 text-right"><Money cents={d.inCents} /></td>
                        <td className="py-1 pr-2 text-right"><Money cents={-d.outCents} /></td>
                        <td className="py-1 text-right"><Money cents={d.balanceCents} /></td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Saldo por conta</CardTitle>
            <CardDescription>Saldo inicial mais os pagamentos e recebimentos até hoje.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2" aria-label="Saldo por conta">
              {o.accounts.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-3 rounded-lg border border-slate-100 px-3 py-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{a.name}</p>
                    <p className="text-xs text-slate-600">{ACCOUNT_KIND[a.kind] ?? a.kind}</p>
                  </div>
                  <Money cents={a.balanceCents} strong />
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
