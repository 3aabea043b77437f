import { useId } from 'react';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CASH_FLOW_GRANULARITIES, CASH_FLOW_GRANULARITY_LABELS, type CashFlowGranularity } from '@sede/shared/finance/reports-schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { compactMoney, day, dayMonthNumeric, money, shortMonthYear } from '@sede/shared/format';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cashFlowExportUrl, useCashFlow } from '../api/reports-cash-flow.ts';
import { useStatementOptions } from '../api/statements-options.ts';
import { Money, ExportLinks, Segmented } from '../components/report-bits.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { NamedOptions } from '../../../components/ui/named-options.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The period's default: this month and the next two. */
function defaults() {
  const today = todayInBrazil();
  const from = `${today.slice(0, 7)}-01`;
  const [y, m] = from.split('-').map(Number) as [number, number];
  const end = m + 3 > 12 ? `${y + 1}-${String(m + 3 - 12).padStart(2, '0')}-01` : `${y}-${String(m + 3).padStart(2, '0')}-01`;
  return { from, to: addDays(end, -1) };
}

const bucketLabel = (start: string, end: string, g: CashFlowGranularity) =>
  g === 'day' ? day(start) : g === 'month' ? shortMonthYear(start) : `${dayMonthNumeric(start)} a ${dayMonthNumeric(end)}`;

/** Fluxo de caixa: realised (payments) and projected (open entries) per day, week or month, chart and table; the state in the URL. */
export default function CashFlowTab() {
  const [params, setParams] = useUrlParams();
  const d = defaults();
  const from = DATE.test(params.get('de') ?? '') ? params.get('de')! : d.from;
  const to = DATE.test(params.get('ate') ?? '') ? params.get('ate')! : d.to;
  const g = (CASH_FLOW_GRANULARITIES as readonly string[]).includes(params.get('agrupar') ?? '') ? (params.get('agrupar') as CashFlowGranularity) : 'week';
  const accountId = params.get('conta') ?? undefined;
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) v ? n.set(k, v) : n.delete(k);
        return n;
      },
      { replace: true },
    );
  const q = { from, to, granularity: g, accountId };
  const flow = useCashFlow(q);
  const options = useStatementOptions();
  const id = useId();
  const data = flow.data?.buckets.map((b) => ({ ...b, label: bucketLabel(b.start, b.end, g), realizedOut: -b.realizedOutCents, projectedOut: -b.projectedOutCents }));

  return (
    <div className="grid gap-4" data-testid="cash-flow">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-from`}>De</Label>
          <input id={`${id}-from`} type="date" className={inputClass} value={from} onChange={(e) => e.target.value && set({ de: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-to`}>Até</Label>
          <input id={`${id}-to`} type="date" className={inputClass} value={to} onChange={(e) => e.target.value && set({ ate: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-account`}>Conta</Label>
          <select id={`${id}-account`} className={inputClass} value={accountId ?? ''} onChange={(e) => set({ conta: e.target.value || undefined })}>
            <option value="">Todas as contas</option>
            <NamedOptions items={options.data?.accounts ?? []} />
          </select>
        </div>
        <Segmented label="Agrupar por" value={g} options={CASH_FLOW_GRANULARITIES.map((v) => ({ value: v, label: CASH_FLOW_GRANULARITY_LABELS[v] }))} onChange={(v) => set({ agrupar: v })} />
        <ExportLinks href={(format) => cashFlowExportUrl(q, format)} />
      </div>

      {flow.isError && <p role="alert" className="text-sm text-red-700">{flow.error.message}</p>}
      {flow.isPending && <Spinner label="Carregando o fluxo de caixa…" />}
      {flow.data && data && (
        <>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-sm text-slate-600">Saldo inicial</p>
              <p className="text-lg font-semibold"><Money cents={flow.data.openingBalanceCents} /></p>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-sm text-slate-600">Entradas − saídas (realizado + previsto)</p>
              <p className="text-lg font-semibold">
                <Money cents={flow.data.totals.realizedInCents + flow.data.totals.projectedInCents - flow.data.totals.realizedOutCents - flow.data.totals.projectedOutCents} />
              </p>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="text-sm text-slate-600">Saldo final previsto</p>
              <p className="text-lg font-semibold" data-testid="cash-flow-closing"><Money cents={flow.data.totals.closingBalanceCents} /></p>
            </div>
          </div>
          <Card>
            <CardContent className="p-4">
              <figure className="grid gap-2">
                <div className="h-72" aria-hidden data-testid="cash-flow-chart">
                  <ResponsiveContainer width="100%" height="100%">
                    <ComposedChart accessibilityLayer={false} data={data} stackOffset="sign" margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
                      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                      <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} minTickGap={12} />
                      <YAxis tickFormatter={compactMoney} tick={{ fontSize: 12, fill: '#475569' }} width={80} />
                      <Tooltip formatter={(v) => money(Number(v))} />
                      <Legend wrapperStyle={{ fontSize: 12 }} formatter={(v) => <span className="text-slate-700">{v}</span>} />
                      <Bar dataKey="realizedInCents" name="Entradas realizadas" stackId="a" fill="#059669" />
                      <Bar dataKey="projectedInCents" name="Entradas previstas" stackId="a" fill="#6ee7b7" />
                      <Bar dataKey="realizedOut" name="Saídas realizadas" stackId="a" fill="#dc2626" />
                      <Bar dataKey="projectedOut" name="Saídas previstas" stackId="a" fill="#fca5a5" />
                      <Line type="monotone" dataKey="balanceCents" name="Saldo" stroke="#1e3a8a" strokeWidth={2} dot={false} />
                    </ComposedChart>
                  </ResponsiveContainer>
                </div>
                <figcaption className="text-xs text-slate-600">Entradas acima e saídas abaixo de zero; a linha é o saldo acumulado. Os mesmos valores estão na tabela.</figcaption>
              </figure>
            </CardContent>
          </Card>
          <CashFlowTable rows={data} />
          {flow.data.accounts.length > 0 && (
            <section aria-labelledby={`${id}-accounts`} className="grid gap-2">
              <h3 id={`${id}-accounts`} className="text-sm font-semibold text-slate-900">Saldo por conta no período</h3>
              <p className="text-xs text-slate-600">Realizado: do início ao fim do período. Previsto: o realizado mais as contas em aberto com esta conta prevista, até o fim do período.</p>
              <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
                {flow.data.accounts.map((a) => (
                  <li key={a.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                    <p className="font-medium text-slate-900">{a.name}</p>
                    <p className="text-slate-600">
                      <Money cents={a.openingBalanceCents} /> → <Money cents={a.closingBalanceCents} strong />
                    </p>
                    {a.projectedClosingCents !== a.closingBalanceCents && (
                      <p className="text-slate-600" data-testid="account-projected">
                        Previsto: <Money cents={a.projectedClosingCents} strong />
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

type Row = { start: string; label: string; realizedInCents: number; realizedOutCents: number; projectedInCents: number; projectedOutCents: number; balanceCents: number };

function CashFlowTable({ rows }: { rows: Row[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
        <table className="w-full text-sm" data-testid="cash-flow-table">
          <caption className="sr-only">Fluxo de caixa por período</caption>
          <thead className="bg-slate-50 text-left text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">Período</th>
              <th scope="col" className="px-3 py-2 text-right">Entradas realizadas</th>
              <th scope="col" className="px-3 py-2 text-right">Saídas realizadas</th>
              <th scope="col" className="px-3 py-2 text-right">Entradas previstas</th>
              <th scope="col" className="px-3 py-2 text-right">Saídas previstas</th>
              <th scope="col" className="px-3 py-2 text-right">Saldo</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.start} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">{r.label}</th>
                <td className="px-3 py-2 text-right"><Money cents={r.realizedInCents} /></td>
                <td className="px-3 py-2 text-right"><Money cents={-r.realizedOutCents} /></td>
                <td className="px-3 py-2 text-right"><Money cents={r.projectedInCents} /></td>
                <td className="px-3 py-2 text-right"><Money cents={-r.projectedOutCents} /></td>
                <td className="px-3 py-2 text-right"><Money cents={r.balanceCents} strong /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-2 md:hidden" aria-label="Fluxo de caixa por período">
        {rows.map((r) => (
          <li key={r.start} className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm">
            <p className="col-span-2 font-medium text-slate-900">{r.label}</p>
            <span className="text-slate-600">Entradas</span>
            <span className="text-right"><Money cents={r.realizedInCents + r.projectedInCents} /></span>
            <span className="text-slate-600">Saídas</span>
            <span className="text-right"><Money cents={-(r.realizedOutCents + r.projectedOutCents)} /></span>
            <span className="text-slate-600">Saldo</span>
            <span className="text-right"><Money cents={r.balanceCents} strong /></span>
          </li>
        ))}
      </ul>
    </>
  );
}
