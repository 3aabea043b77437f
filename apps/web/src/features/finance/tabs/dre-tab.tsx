import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DRE_BASES, DRE_BASIS_LABELS, type DreBasis } from '@sede/shared/finance/reports-schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { compactMoney, money, shortMonthYear } from '@sede/shared/format';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { dreExportUrl, useDre } from '../api/reports-dre.ts';
import { Money, ExportLinks, Segmented } from '../components/report-bits.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/** DRE gerencial: up to 12 months × the statement's lines (groups, categories, subtotals), a chart, export; the state in the URL. */
export default function DreTab() {
  const [params, setParams] = useUrlParams();
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(params.get('mes') ?? '') ? params.get('mes')! : todayInBrazil().slice(0, 7);
  const months = Math.min(12, Math.max(1, Number(params.get('meses')) || 12));
  const basis: DreBasis = params.get('regime') === 'cash' ? 'cash' : 'competence';
  const set = (patch: Record<string, string>) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) n.set(k, v);
        return n;
      },
      { replace: true },
    );
  const q = { to: month, months, basis };
  const dre = useDre(q);
  const id = useId();
  const chartData = dre.data?.months.map((m, i) => {
    const v = (key: string) => dre.data!.rows.find((r) => r.key === key)?.values[i] ?? 0;
    return { month: shortMonthYear(m), receita: v('receita_liquida'), resultado: v('lucro_liquido') };
  });

  return (
    <div className="grid gap-4" data-testid="dre">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-month`}>Até o mês</Label>
          <input id={`${id}-month`} type="month" className={inputClass} value={month} onChange={(e) => e.target.value && set({ mes: e.target.value })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-months`}>Meses</Label>
          <select id={`${id}-months`} className={inputClass} value={months} onChange={(e) => set({ meses: e.target.value })}>
            {[3, 6, 12].map((n) => (
              <option key={n} value={n}>
                {n} meses
              </option>
            ))}
          </select>
        </div>
        <Segmented label="Regime" value={basis} options={DRE_BASES.map((b) => ({ value: b, label: DRE_BASIS_LABELS[b] }))} onChange={(v) => set({ regime: v })} />
        <ExportLinks href={(format) => dreExportUrl(q, format)} />
      </div>
      <p className="text-sm text-slate-600">
        {basis === 'competence'
          ? 'Regime de competência: cada lançamento conta no mês da sua competência, pelo valor total, pago ou não.'
          : 'Regime de caixa: cada pagamento ou recebimento conta no mês em que aconteceu, com juros, multa e desconto.'}
      </p>
      {dre.isError && <p role="alert" className="text-sm text-red-700">{dre.error.message}</p>}
      {dre.isPending && <Spinner label="Carregando o DRE…" />}
      {dre.data && chartData && (
        <>
          <Card>
            <CardContent className="p-4">
              <figure className="grid gap-2">
                <div className="h-64" aria-hidden>
                  <ResponsiveContainer width="100%" height="100%">
                    <BarChart accessibilityLayer={false} data={chartData} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
                      <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                      <XAxis dataKey="month" tick={{ fontSize: 12, fill: '#475569' }} />
                      <YAxis tickFormatter={compactMoney} tick={{ fontSize: 12, fill: '#475569' }} width={80} />
                      <Tooltip formatter={(v) => money(Number(v))} />
                      <Legend wrapperStyle={{ fontSize: 12 }} formatter={(v) => <span className="text-slate-700">{v}</span>} />
                      <Bar dataKey="receita" name="Receita líquida" fill="#2563eb" />
                      <Bar dataKey="resultado" name="Lucro líquido" fill="#059669" />
                    </BarChart>
                  </ResponsiveContainer>
                </div>
                <figcaption className="text-xs text-slate-600">Receita líquida e lucro líquido por mês; os valores estão na tabela.</figcaption>
              </figure>
            </CardContent>
          </Card>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a horizontally scrolled table must be reachable by keyboard (axe scrollable-region-focusable) */}
          <section className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]" aria-label="Tabela do DRE" tabIndex={0}>
            <table className="w-full min-w-max text-sm" data-testid="dre-table">
              <caption className="sr-only">DRE gerencial por mês</caption>
              <thead className="bg-slate-50 text-xs text-slate-600">
                <tr>
                  <th scope="col" className="sticky left-0 bg-slate-50 px-3 py-2 text-left">Linha</th>
                  {dre.data.months.map((m) => (
                    <th key={m} scope="col" className="px-3 py-2 text-right">{shortMonthYear(m)}</th>
                  ))}
                  <th scope="col" className="px-3 py-2 text-right">Total</th>
                </tr>
              </thead>
              <tbody>
                {dre.data.rows.map((r) => (
                  <tr key={r.key} className={cn('border-t border-slate-100', r.type === 'subtotal' && 'bg-slate-50 font-semibold', r.type === 'group' && 'font-medium')}>
                    <th scope="row" className={cn('sticky left-0 max-w-64 truncate bg-inherit px-3 py-1.5 text-left font-[inherit] text-slate-900', r.type === 'category' && 'pl-7 font-normal text-slate-700', r.type !== 'subtotal' && 'bg-white')}>
                      {r.label}
                    </th>
                    {r.values.map((v, i) => (
                      <td key={dre.data.months[i]} className="px-3 py-1.5 text-right">
                        <Money cents={v} />
                      </td>
                    ))}
                    <td className="px-3 py-1.5 text-right"><Money cents={r.totalCents} strong={r.type !== 'category'} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
