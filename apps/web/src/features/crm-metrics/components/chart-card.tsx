import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ChartCard as KitChartCard } from '../../../components/ui/chart-card.tsx';
import { type Cell, csvDocument } from '@sede/shared/platform/csv';
import { downloadCsv } from '../lib/csv.ts';

export type Column<Row> = {
  header: string;
  /** What the table shows (formatted for pt-BR). */
  text: (row: Row) => string;
  /** What the CSV holds (numbers stay numbers; money in reais). */
  csv: (row: Row) => Cell;
  numeric?: boolean;
};

type Props<Row> = {
  title: string;
  description: string;
  /** The CSV's file name, without extension. */
  fileName: string;
  rows: Row[];
  columns: Column<Row>[];
  /** What to say when there is nothing in the period. */
  empty?: string;
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * One chart of /metricas: the kit's ChartCard (a described image, 'Ver tabela' with the same data
 * as a table, cards on phones) plus 'Baixar CSV' (decision 0167).
 */
export function ChartCard<Row>({ title, description, fileName, rows, columns, empty, actions, children }: Props<Row>) {
  const download = () =>
    downloadCsv(
      `${fileName}.csv`,
      csvDocument(
        columns.map((c) => ({ header: c.header, value: c.csv })),
        rows,
      ),
    );
  return (
    <KitChartCard
      title={title}
      description={description}
      empty={rows.length ? null : (empty ?? 'Nada no período escolhido.')}
      table={<DataTable caption={title} rows={rows} columns={columns} />}
      actions={
        <>
          {actions}
          <Button variant="secondary" size="sm" onClick={download} disabled={!rows.length}>
            <Download aria-hidden /> Baixar CSV
          </Button>
        </>
      }
    >
      {children}
    </KitChartCard>
  );
}

function DataTable<Row>({ caption, rows, columns }: { caption: string; rows: Row[]; columns: Column<Row>[] }) {
  const rowKey = (r: Row) => columns.map((c) => c.text(r)).join('|');
  return (
    <>
      {/* Focusable so a keyboard can scroll a table wider than its card. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section className="hidden overflow-x-auto sm:block" tabIndex={0} aria-label={caption}>
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`px-2 py-2 font-medium ${c.numeric ? 'text-right' : ''}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={rowKey(r)} className="border-b border-slate-100 last:border-0">
                {columns.map((c, j) =>
                  j === 0 ? (
                    <th key={c.header} scope="row" className="px-2 py-2 text-left font-medium text-slate-900">
                      {c.text(r)}
                    </th>
                  ) : (
                    <td key={c.header} className={`px-2 py-2 text-slate-800 ${c.numeric ? 'text-right tabular-nums' : ''}`}>
                      {c.text(r)}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ul className="grid gap-2 sm:hidden" aria-label={caption}>
        {rows.map((r) => (
          <li key={rowKey(r)} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium text-slate-900">{columns[0]!.text(r)}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {columns.slice(1).map((c) => (
                <div key={c.header} className="contents">
                  <dt className="text-slate-600">{c.header}</dt>
                  <dd className="text-right tabular-nums text-slate-900">{c.text(r)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
