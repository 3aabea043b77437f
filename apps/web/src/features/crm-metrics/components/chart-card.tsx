import { Download, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { downloadCsv, toCsv, type CsvCell } from '../lib/csv.ts';

export type Column<Row> = {
  header: string;
  /** What the table shows (formatted for pt-BR). */
  text: (row: Row) => string;
  /** What the CSV holds (numbers stay numbers; money in reais). */
  csv: (row: Row) => CsvCell;
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
 * One chart of /metricas: a titled section whose chart is an image described by its title and
 * description, a 'Ver tabela' toggle with the same data as a table (cards on phones), and
 * 'Baixar CSV' (decision 0167).
 */
export function ChartCard<Row>({ title, description, fileName, rows, columns, empty, actions, children }: Props<Row>) {
  const id = useId();
  const [table, setTable] = useState(false);
  const download = () =>
    downloadCsv(
      `${fileName}.csv`,
      toCsv(
        columns.map((c) => c.header),
        rows.map((r) => columns.map((c) => c.csv(r))),
      ),
    );
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
        <div className="flex flex-wrap gap-2">
          {actions}
          <Button variant="secondary" size="sm" aria-pressed={table} onClick={() => setTable((t) => !t)}>
            <Table2 aria-hidden /> Ver tabela
          </Button>
          <Button variant="secondary" size="sm" onClick={download} disabled={!rows.length}>
            <Download aria-hidden /> Baixar CSV
          </Button>
        </div>
      </div>
      {!rows.length ? (
        <p className="rounded-lg bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">{empty ?? 'Nada no período escolhido.'}</p>
      ) : table ? (
        <DataTable caption={title} rows={rows} columns={columns} />
      ) : (
        <div role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="min-w-0">
          {children}
        </div>
      )}
    </Card>
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
