import { type ColumnDef, type RowData, type RowSelectionState, rowSelectionFeature, rowSortingFeature, tableFeatures, useTable } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, type LucideIcon } from 'lucide-react';
import { memo, type ReactNode, type RefObject, useCallback, useMemo, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { ListStates } from './list-states.tsx';
import { useUrlParams } from '../../lib/url-params.ts';
import { useWide } from '../../lib/use-wide.ts';
import { useWindowRows, VIRTUAL_FROM } from './use-window-rows.ts';

/**
 * Where a column's value goes on a phone's card: the card's heading, the line under it, a badge
 * at its top right, a 'label: value' line, a row of buttons at its foot, or nowhere (decision 0432).
 */
export type CardSlot = 'title' | 'subtitle' | 'badge' | 'meta' | 'actions' | 'hidden';

export type DataColumn<T extends RowData> = {
  id: string;
  /** The column's heading, also the label of its line on a card. */
  header: string;
  /** The heading is read by screen readers only (a column of buttons). */
  headerHidden?: boolean;
  cell: (row: T) => ReactNode;
  card?: CardSlot;
  align?: 'right';
  /** The server's sort key: the heading becomes a button kept in the URL (`?ordem=key` / `key:desc`). */
  sortKey?: string;
  className?: string;
};

export type DataListStates = {
  icon: LucideIcon;
  loading: string;
  failed: string;
  empty: { title: string; description: string; action?: ReactNode };
  /** What an empty list says under a filter; a list without filters has none. */
  noMatch?: string | { title: string; description: string };
};

/**
 * A list's states named by its items with their article ('os contratos'): 'Carregando os
 * contratos…' and 'Não foi possível carregar os contratos', the same words in every area.
 */
export function listStates(icon: LucideIcon, items: string, empty: DataListStates['empty'], noMatch?: DataListStates['noMatch']): DataListStates {
  return { icon, loading: `Carregando ${items}…`, failed: `Não foi possível carregar ${items}`, empty, noMatch };
}

type Paging = { hasNextPage?: boolean; isFetchingNextPage?: boolean; fetchNextPage?: () => unknown };
type Query = { isPending: boolean; isError: boolean; error: unknown };

/** The default row key: most records carry their `id`. */
const idOf = (row: unknown) => (row as { id: string }).id;

const features = tableFeatures({ rowSelectionFeature, rowSortingFeature });

/** The sort kept in the URL: `key` ascending, `key:desc` descending. */
function useUrlSort(param: string, fallback: string | undefined) {
  const [params, setParams] = useUrlParams();
  const [id, dir] = (params.get(param) ?? fallback ?? '').split(':');
  const sorting = id ? [{ id, desc: dir === 'desc' }] : [];
  const toggle = (key: string) => {
    const value = id === key && dir !== 'desc' ? `${key}:desc` : key;
    setParams(
      (next) => {
        if (value === fallback) next.delete(param);
        else next.set(param, value);
        return next;
      },
      { replace: true },
    );
  };
  return { sorting, toggle };
}

/**
 * A list of records, the same columns as a table on wide screens and as cards on phones: its
 * states (loading, failed, first use, nothing under the filters), sorting kept in the URL,
 * optional selection with bulk actions, and keyset paging ('Carregar mais'). Every area's list.
 */
export function DataList<T extends RowData>({
  label,
  rows,
  rowId = idOf,
  columns,
  query,
  states,
  filtered = false,
  total,
  countLabel,
  paging,
  sort,
  selection,
  current,
  rowTestId,
  fitTo = 'screen',
}: {
  /** The list's accessible name ('Colaboradores'). */
  label: string;
  rows: readonly T[];
  /** A row's key; by default its `id`. */
  rowId?: (row: T) => string;
  columns: readonly DataColumn<T>[];
  query: Query;
  states: DataListStates;
  /** Whether a filter or search is on (an empty list then says so); a list without filters leaves it out. */
  filtered?: boolean;
  total?: number | null;
  /** '12 colaboradores'. */
  countLabel?: (n: number) => string;
  paging?: Paging;
  /** The URL key of the sort and the server's default ('name'). */
  sort?: { param?: string; fallback?: string };
  /**
   * Rows can be chosen; `actions` get the chosen ones (a bulk delete, an export). `canSelect` leaves
   * some rows out (a settled entry), `rowLabel` names a row's checkbox, `allLabel` the heading's.
   */
  selection?: { actions: (chosen: T[], clear: () => void) => ReactNode; canSelect?: (row: T) => boolean; rowLabel?: (row: T) => string; allLabel?: string };
  /** The row open next to the list (a candidate's panel): highlighted. */
  current?: (row: T) => boolean;
  /** A test id on each table row. */
  rowTestId?: string;
  /** What decides table or cards: the screen's width, or the width of the list's own box (a list in a side panel). */
  fitTo?: 'screen' | 'container';
}) {
  const urlSort = useUrlSort(sort?.param ?? 'ordem', sort?.fallback);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const defs = useMemo(
    () =>
      columns.map(
        (c): ColumnDef<typeof features, T> => ({ id: c.id, header: c.header, accessorFn: (row) => row, cell: (info) => c.cell(info.row.original), enableSorting: Boolean(c.sortKey) }),
      ),
    [columns],
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    enableRowSelection: selection?.canSelect ? (row) => selection.canSelect!(row.original) : Boolean(selection),
    state: { sorting: urlSort.sorting, rowSelection },
    onRowSelectionChange: (updater) => setRowSelection((old) => (typeof updater === 'function' ? updater(old) : updater)),
  });
  const chosen = rows.filter((r) => rowSelection[rowId(r)] && (selection?.canSelect?.(r) ?? true));
  const onToggle = useCallback((id: string) => setRowSelection(({ [id]: was, ...rest }) => (was ? rest : { ...rest, [id]: true })), []);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const slots = useMemo(() => cardSlots(columns), [columns]);

  // A long list draws only the rows near the viewport, and only the layout on screen (decision 0671).
  const virtual = rows.length > VIRTUAL_FROM;
  const frame = useRef<HTMLDivElement>(null);
  const wide = useWide(fitTo, frame);
  const win = useWindowRows({ count: rows.length, estimate: wide ? 53 : 150, gap: wide ? 0 : 8, enabled: virtual });
  const shown = virtual ? win.items.map((v) => v.index) : rows.map((_, i) => i);
  const measure = virtual ? win.virtualizer.measureElement : undefined;
  const rowProps = (index: number) => {
    const row = rows[index]!;
    const id = rowId(row);
    return {
      key: id,
      index,
      row,
      id,
      columns,
      selectable: Boolean(selection) && (selection?.canSelect?.(row) ?? true),
      selected: Boolean(rowSelection[id]),
      current: current?.(row) ?? false,
      checkboxLabel: selection?.rowLabel?.(row) ?? 'Selecionar',
      onToggle,
      measure,
    };
  };

  return (
    <ListStates query={query} count={rows.length} filtered={filtered} {...states}>
      <div ref={frame} className={cn('grid min-w-0 gap-3', fitTo === 'container' && '@container')}>
        <div className="flex min-h-9 flex-wrap items-center justify-between gap-2">
          {total != null && countLabel && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {countLabel(total)}
            </p>
          )}
          {selection && chosen.length > 0 && (
            <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Ações com os selecionados">
              <span className="text-sm text-slate-700">{chosen.length === 1 ? '1 selecionado' : `${chosen.length} selecionados`}</span>
              {selection.actions(chosen, () => setRowSelection({}))}
            </div>
          )}
        </div>
        {(!virtual || wide) && (
          <div className={cn('overflow-x-auto rounded-xl border border-slate-200 bg-white', !virtual && (fitTo === 'container' ? 'hidden @2xl:block' : 'hidden md:block'))}>
            <table className="w-full text-sm" aria-rowcount={virtual ? rows.length + 1 : undefined}>
              <caption className="sr-only">{label}</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  {selection && (
                    <th scope="col" className="w-10 px-4 py-2">
                      <input type="checkbox" aria-label={selection.allLabel ?? 'Selecionar todos'} checked={table.getIsAllRowsSelected()} onChange={table.getToggleAllRowsSelectedHandler()} />
                    </th>
                  )}
                  {table.getFlatHeaders().map((h) => {
                    const col = byId.get(h.column.id)!;
                    const dir = h.column.getIsSorted();
                    const SortIcon = dir === 'asc' ? ArrowUp : dir === 'desc' ? ArrowDown : ArrowUpDown;
                    return (
                      <th key={h.id} scope="col" aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined} className={cn('px-4 py-2', col.align === 'right' && 'text-right')}>
                        {col.headerHidden ? (
                          <span className="sr-only">{col.header}</span>
                        ) : col.sortKey ? (
                          <button type="button" className="inline-flex items-center gap-1 uppercase hover:text-slate-900" onClick={() => urlSort.toggle(col.sortKey!)}>
                            {col.header}
                            <SortIcon className="size-3.5" aria-hidden />
                          </button>
                        ) : (
                          col.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody ref={virtual ? (win.box as RefObject<HTMLTableSectionElement | null>) : undefined} className="divide-y divide-slate-100">
                {virtual && win.before > 0 && <tr aria-hidden style={{ height: win.before }} />}
                {shown.map((index) => {
                  const { key, ...props } = rowProps(index);
                  return <TableRow key={key} {...props} selection={Boolean(selection)} rowTestId={rowTestId} ariaRowIndex={virtual ? index + 2 : undefined} />;
                })}
                {virtual && win.after > 0 && <tr aria-hidden style={{ height: win.after }} />}
              </tbody>
            </table>
          </div>
        )}
        {(!virtual || !wide) && (
          <ul
            ref={virtual ? (win.box as RefObject<HTMLUListElement | null>) : undefined}
            className={cn('grid gap-2', !virtual && (fitTo === 'container' ? '@2xl:hidden' : 'md:hidden'))}
            style={virtual ? { paddingTop: win.before, paddingBottom: win.after } : undefined}
            aria-label={label}
          >
            {shown.map((index) => {
              const { key, ...props } = rowProps(index);
              return <CardRow key={key} {...props} slots={slots} />;
            })}
          </ul>
        )}
        {paging?.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" onClick={() => void paging.fetchNextPage?.()} pending={paging.isFetchingNextPage}>
              Carregar mais
            </Button>
          </div>
        )}
      </div>
    </ListStates>
  );
}

type Slots<T extends RowData> = Record<CardSlot, DataColumn<T>[]>;
const cardSlots = <T extends RowData>(columns: readonly DataColumn<T>[]): Slots<T> => {
  const out: Slots<T> = { title: [], subtitle: [], badge: [], meta: [], actions: [], hidden: [] };
  for (const c of columns) out[c.card ?? 'meta'].push(c);
  return out;
};

type RowProps<T extends RowData> = {
  index: number;
  row: T;
  id: string;
  columns: readonly DataColumn<T>[];
  selectable: boolean;
  selected: boolean;
  current: boolean;
  checkboxLabel: string;
  onToggle: (id: string) => void;
  measure?: (el: Element | null) => void;
};

function RowCheckbox({ id, label, checked, onToggle, className }: { id: string; label: string; checked: boolean; onToggle: (id: string) => void; className?: string }) {
  return <input type="checkbox" className={className} aria-label={label} checked={checked} onChange={() => onToggle(id)} />;
}

/**
 * One table row, redrawn only when its record, its columns or its state change: a dialog opened
 * over a list of a thousand rows redraws none of them (decision 0671).
 */
const TableRow = memo(function TableRow<T extends RowData>({
  index,
  row,
  id,
  columns,
  selectable,
  selected,
  current,
  checkboxLabel,
  onToggle,
  measure,
  selection,
  rowTestId,
  ariaRowIndex,
}: RowProps<T> & { selection: boolean; rowTestId?: string; ariaRowIndex?: number }) {
  return (
    <tr ref={measure} data-index={index} aria-rowindex={ariaRowIndex} data-testid={rowTestId} className={cn('hover:bg-slate-50', (selected || current) && 'bg-[var(--color-accent-soft)]')}>
      {selection && <td className="px-4 py-2">{selectable && <RowCheckbox id={id} label={checkboxLabel} checked={selected} onToggle={onToggle} />}</td>}
      {columns.map((c) => (
        <td key={c.id} className={cn('px-4 py-2', c.align === 'right' && 'text-right tabular-nums', c.className)}>
          {c.cell(row)}
        </td>
      ))}
    </tr>
  );
}) as <T extends RowData>(props: RowProps<T> & { selection: boolean; rowTestId?: string; ariaRowIndex?: number }) => ReactNode;

/** One phone card, redrawn only when its record, its columns or its state change. */
const CardRow = memo(function CardRow<T extends RowData>({ index, row, id, selectable, selected, current, checkboxLabel, onToggle, measure, slots }: RowProps<T> & { slots: Slots<T> }) {
  return (
    <li ref={measure} data-index={index} className={cn('min-w-0 rounded-xl border border-slate-200 bg-white p-3', current && 'border-[var(--color-accent)]')}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          {selectable && <RowCheckbox id={id} label={checkboxLabel} checked={selected} onToggle={onToggle} className="mr-2 align-middle" />}
          {slots.title.map((c) => (
            <span key={c.id} className="font-medium break-words">
              {c.cell(row)}
            </span>
          ))}
        </div>
        {slots.badge.map((c) => (
          <span key={c.id}>{c.cell(row)}</span>
        ))}
      </div>
      {slots.subtitle.map((c) => (
        <div key={c.id} className="mt-1 text-sm text-slate-700">
          {c.cell(row)}
        </div>
      ))}
      {slots.meta.length > 0 && (
        <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
          {slots.meta.map((c) => (
            <div key={c.id} className="contents">
              <dt className="text-slate-600">{c.header}</dt>
              <dd className={cn('min-w-0 text-right break-words', c.align === 'right' && 'tabular-nums')}>{c.cell(row)}</dd>
            </div>
          ))}
        </dl>
      )}
      {slots.actions.map((c) => (
        <div key={c.id} className="mt-2 flex flex-wrap justify-end gap-1 border-t border-slate-100 pt-2">
          {c.cell(row)}
        </div>
      ))}
    </li>
  );
}) as <T extends RowData>(props: RowProps<T> & { slots: Slots<T> }) => ReactNode;
