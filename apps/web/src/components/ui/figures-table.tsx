import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export type FigureRow = { label: string; values: readonly ReactNode[] };

/**
 * A small read-only table of figures inside a report or a chart's card (a campaign's numbers, the
 * pieces by status): each row named by its first cell, the figures right-aligned. Lists of records
 * use DataList instead.
 */
export function FiguresTable({ caption, headers, rows, className }: { caption: string; headers: readonly string[]; rows: readonly FigureRow[]; className?: string }) {
  return (
    <table className={cn('w-full text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-slate-600">
          {headers.map((h, i) => (
            <th key={h} scope="col" className={cn('py-2 font-medium', i > 0 && 'pl-3 text-right')}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.label} className="border-b border-slate-100">
            <th scope="row" className="py-2 text-left font-normal text-slate-800">
              {r.label}
            </th>
            {r.values.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
              <td key={i} className={cn('py-2 pl-3 text-right tabular-nums', i > 0 && 'text-slate-600')}>
                {v}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
