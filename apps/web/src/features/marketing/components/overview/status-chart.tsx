import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { PIECE_STATUS_LABELS, PIECE_STATUSES } from '@sede/shared/marketing/constants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { STATUS_FILL } from '../clients/status.ts';

/** This month's pieces by status: a bar chart, with the same numbers in a table. */
export function StatusChart({ pieces, loading, monthLabel }: { pieces: PieceView[] | undefined; loading: boolean; monthLabel: string }) {
  const data = PIECE_STATUSES.map((s) => ({ status: s, name: PIECE_STATUS_LABELS[s], count: (pieces ?? []).filter((p) => p.status === s).length }));
  return (
    <Card data-testid="status-chart">
      <CardHeader>
        <CardTitle>Peças do mês por status</CardTitle>
        <CardDescription>
          {monthLabel}: {(pieces?.length ?? 0) === 1 ? '1 peça agendada' : `${pieces?.length ?? 0} peças agendadas`}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Spinner />
        ) : (
          <>
            <figure className="grid gap-2">
              <div className="h-56" aria-hidden>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 4, right: 8, left: 4, bottom: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
                    <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
                    <YAxis type="category" dataKey="name" tick={{ fontSize: 12, fill: '#475569' }} width={76} interval={0} />
                    <Tooltip />
                    <Bar dataKey="count" name="Peças" radius={[0, 4, 4, 0]}>
                      {data.map((d) => (
                        <Cell key={d.status} fill={STATUS_FILL[d.status]} />
                      ))}
                    </Bar>
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <figcaption className="text-xs text-slate-600">Os valores do gráfico estão na tabela abaixo.</figcaption>
            </figure>
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-medium text-[var(--color-accent)]">Ver em tabela</summary>
              <table className="mt-2 w-full text-left text-sm">
                <caption className="sr-only">Peças do mês por status</caption>
                <thead className="text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 pr-2 font-medium">Status</th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">Peças</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((d) => (
                    <tr key={d.status} className="border-t border-slate-100">
                      <td className="py-1 pr-2">{d.name}</td>
                      <td className="py-1 pr-2 text-right">{d.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </>
        )}
      </CardContent>
    </Card>
  );
}
