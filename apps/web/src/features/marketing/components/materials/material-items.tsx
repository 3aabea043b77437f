import { Download, Pencil, Share2, Trash2 } from 'lucide-react';
import { memo, type RefObject, useEffect, useMemo, useState } from 'react';
import { day } from '@sede/shared/format';
import { dayInBrazil } from '@sede/shared/marketing/calendar';
import { MATERIAL_KIND_LABELS, type MaterialView } from '@sede/shared/marketing/materials';
import { formatFileSize } from '@sede/shared/platform/files';
import { Button } from '../../../../components/ui/button.tsx';
import { type DataColumn, DataList, type DataListStates } from '../../../../components/ui/data-list.tsx';
import { materialContentUrl } from '../../api/materials.ts';
import { MaterialThumb } from './material-thumb.tsx';
import { TagChips } from '../../../../components/ui/tag-chips.tsx';
import { useWindowRows, VIRTUAL_FROM } from '../../../../components/ui/use-window-rows.ts';

export type MaterialAction = 'preview' | 'share' | 'edit' | 'delete';
type OnAction = (action: MaterialAction, material: MaterialView) => void;
type Query = { isPending: boolean; isError: boolean; error: unknown; hasNextPage?: boolean; isFetchingNextPage?: boolean; fetchNextPage?: () => unknown };

const ACTIONS: Array<{ action: Exclude<MaterialAction, 'preview'>; verb: string; title: string; icon: typeof Share2; className?: string }> = [
  { action: 'share', verb: 'Compartilhar', title: 'Compartilhar', icon: Share2 },
  { action: 'edit', verb: 'Editar', title: 'Renomear, mover, etiquetas', icon: Pencil },
  { action: 'delete', verb: 'Excluir', title: 'Excluir', icon: Trash2, className: 'text-red-700 hover:bg-red-50' },
];

function Actions({ material, onAction }: { material: MaterialView; onAction: OnAction }) {
  return (
    <div className="flex items-center gap-0.5">
      <Button asChild variant="ghost" size="sm" className="px-2">
        <a href={materialContentUrl(material)} download={material.name} aria-label={`Baixar ${material.name}`} title="Baixar">
          <Download aria-hidden />
        </a>
      </Button>
      {ACTIONS.map(({ action, verb, title, icon: Icon, className }) => (
        <Button key={action} variant="ghost" size="sm" className={`px-2 ${className ?? ''}`} onClick={() => onAction(action, material)} aria-label={`${verb} ${material.name}`} title={title}>
          <Icon aria-hidden />
        </Button>
      ))}
    </div>
  );
}

/** One material's card, redrawn only when the material changes (decision 0671). */
const MaterialCard = memo(function MaterialCard({ material: m, showClient, onAction, measure, index }: { material: MaterialView; showClient: boolean; onAction: OnAction; measure?: (el: Element | null) => void; index?: number }) {
  return (
    <li ref={measure} data-index={index} className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="material-card">
      <button type="button" onClick={() => onAction('preview', m)} className="block aspect-[4/3] w-full focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]" aria-label={`Ver ${m.name}`}>
        <MaterialThumb material={m} className="size-full" />
      </button>
      <div className="grid flex-1 gap-1 p-2">
        <p className="truncate text-sm font-medium text-slate-900" title={m.name}>
          {m.name}
        </p>
        <p className="truncate text-xs text-slate-600">
          {MATERIAL_KIND_LABELS[m.kind]} · {formatFileSize(m.size)}
          {showClient ? ` · ${m.clientName}` : ''}
        </p>
        <TagChips tags={m.tags} />
      </div>
      <div className="border-t border-slate-100 px-1 py-1">
        <Actions material={m} onAction={onAction} />
      </div>
    </li>
  );
});

/** The grid's columns at each width, as its classes say: 2, sm 3, lg 4, xl 5. */
const GRID_COLUMNS: Array<[string, number]> = [
  ['(min-width: 80rem)', 5],
  ['(min-width: 64rem)', 4],
  ['(min-width: 40rem)', 3],
];
const gridColumns = () => GRID_COLUMNS.find(([q]) => window.matchMedia?.(q).matches)?.[1] ?? 2;

function useGridColumns() {
  const [n, setN] = useState(gridColumns);
  useEffect(() => {
    const queries = GRID_COLUMNS.map(([q]) => window.matchMedia?.(q)).filter(Boolean) as MediaQueryList[];
    const update = () => setN(gridColumns());
    for (const q of queries) q.addEventListener('change', update);
    return () => {
      for (const q of queries) q.removeEventListener('change', update);
    };
  }, []);
  return n;
}

/**
 * Cards with thumbnails: the grid view. A long library draws only the rows of cards near the
 * viewport (the first card of each row is measured: the row's height), the rest is padding.
 */
export function MaterialGrid({ materials, showClient, onAction }: { materials: MaterialView[]; showClient: boolean; onAction: OnAction }) {
  const perRow = useGridColumns();
  const virtual = materials.length > VIRTUAL_FROM;
  const win = useWindowRows({ count: Math.ceil(materials.length / perRow), estimate: 260, gap: 12, enabled: virtual });
  const shown = virtual ? win.items.flatMap((v) => materials.slice(v.index * perRow, (v.index + 1) * perRow)) : materials;
  const firstIndex = virtual ? (win.items[0]?.index ?? 0) * perRow : 0;
  return (
    <ul
      ref={virtual ? (win.box as RefObject<HTMLUListElement | null>) : undefined}
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5"
      style={virtual ? { paddingTop: win.before, paddingBottom: win.after } : undefined}
      aria-label="Materiais"
    >
      {shown.map((m, i) => {
        const index = firstIndex + i;
        const rowStart = virtual && index % perRow === 0;
        return <MaterialCard key={m.id} material={m} showClient={showClient} onAction={onAction} measure={rowStart ? win.virtualizer.measureElement : undefined} index={rowStart ? index / perRow : undefined} />;
      })}
    </ul>
  );
}

const columns = (showClient: boolean, onAction: OnAction): DataColumn<MaterialView>[] => [
  {
    id: 'name',
    header: 'Nome',
    card: 'title',
    cell: (m) => (
      <button type="button" onClick={() => onAction('preview', m)} className="flex min-w-0 items-center gap-2 text-left hover:underline">
        <MaterialThumb material={m} className="size-9 shrink-0 rounded-md" />
        <span className="max-w-64 truncate font-medium text-slate-900" title={m.name}>
          {m.name}
        </span>
      </button>
    ),
  },
  ...(showClient ? [{ id: 'client', header: 'Empresa', card: 'subtitle', cell: (m) => m.clientName } satisfies DataColumn<MaterialView>] : []),
  { id: 'kind', header: 'Tipo', cell: (m) => MATERIAL_KIND_LABELS[m.kind] },
  { id: 'size', header: 'Tamanho', className: 'whitespace-nowrap', cell: (m) => formatFileSize(m.size) },
  { id: 'tags', header: 'Etiquetas', card: 'subtitle', cell: (m) => <TagChips tags={m.tags} /> },
  { id: 'createdAt', header: 'Enviado em', className: 'whitespace-nowrap', cell: (m) => day(dayInBrazil(m.createdAt)) },
  { id: 'actions', header: 'Ações', headerHidden: true, card: 'actions', cell: (m) => <Actions material={m} onAction={onAction} /> },
];

/** The list view: a table on wide screens, cards on phones, with its states and 'Carregar mais'. */
export function MaterialList({ materials, showClient, onAction, query, filtered, states }: { materials: MaterialView[]; showClient: boolean; onAction: OnAction; query: Query; filtered: boolean; states: DataListStates }) {
  const cols = useMemo(() => columns(showClient, onAction), [showClient, onAction]);
  return <DataList label="Materiais" rows={materials} columns={cols} query={query} filtered={filtered} states={states} paging={query} />;
}
