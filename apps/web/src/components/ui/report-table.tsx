import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type ReportColumn<T> = {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  className?: string;
};

/**
 * A small read-only table inside a card or a report (the figures behind a chart, an analysis's
 * parties, BANT's criteria): no sorting, paging or phone cards, which a record list gets from
 * DataList. `footer` is a last row of totals.
 */
export function ReportTable<T>({ caption, columns, rows, rowKey, footer }: { caption: string; columns: readonly ReportColumn<T>[]; rows: readonly T[]; rowKey: (row: T) => string; footer?: ReactNode[] }) {
  const cellClass = (c: { align?: 'right'; className?: string }) => cn('py-1.5 pr-3 align-top last:pr-0', c.align === 'right' && 'text-right tabular-nums', c.className);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs font-medium uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
              <th key={i} scope="col" className={cn('py-1 pr-3 last:pr-0', c.align === 'right' && 'text-right')}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                <td key={i} className={cellClass(c)}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
          {footer && (
            <tr className="font-semibold">
              {columns.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
                <td key={i} className={cellClass({ align: c.align })}>
                  {footer[i]}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
