import { Table2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

const HeadcountChart = lazy(() => import('./headcount-chart.tsx'));

/** A headcount breakdown: a bar chart described by its title, or the same numbers as a table ('Ver tabela'). */
export function HeadcountCard({ title, description, header, rows }: { title: string; description: string; header: string; rows: Array<{ label: string; count: number }> }) {
  const id = useId();
  const [table, setTable] = useState(false);
  return (
    <Card className="grid min-w-0 content-start gap-3 p-4 sm:p-5" role="region" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          <p id={`${id}-desc`} className="text-sm text-slate-600">
            {description}
          </p>
        </div>
        <Button variant="secondary" size="sm" aria-pressed={table} onClick={() => setTable((t) => !t)} disabled={!rows.length}>
          <Table2 aria-hidden /> Ver tabela
        </Button>
      </div>
      {!rows.length ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Ninguém cadastrado ainda.</p>
      ) : table ? (
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="text-left text-xs font-medium uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="py-1">
                {header}
              </th>
              <th scope="col" className="py-1 text-right">
                Pessoas
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.label}>
                <td className="py-1.5">{r.label}</td>
                <td className="py-1.5 text-right tabular-nums">{r.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="min-w-0">
          <Suspense fallback={<Spinner label="Carregando gráfico…" />}>
            <HeadcountChart rows={rows} />
          </Suspense>
        </div>
      )}
    </Card>
  );
}
