import { Download, Pencil, Share2, Trash2 } from 'lucide-react';
import { day } from '@sede/shared/format';
import { dayInBrazil } from '@sede/shared/marketing/calendar';
import { MATERIAL_KIND_LABELS, type MaterialView } from '@sede/shared/marketing/materials';
import { formatFileSize } from '@sede/shared/platform/files';
import { Button } from '../../../../components/ui/button.tsx';
import { type DataColumn, DataList, type DataListStates } from '../../../../components/ui/data-list.tsx';
import { materialContentUrl } from '../../api/materials.ts';
import { MaterialThumb } from './material-thumb.tsx';
import { TagChips } from '../../../../components/ui/tag-chips.tsx';

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

/** Cards with thumbnails: the grid view. */
export function MaterialGrid({ materials, showClient, onAction }: { materials: MaterialView[]; showClient: boolean; onAction: OnAction }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5" aria-label="Materiais">
      {materials.map((m) => (
        <li key={m.id} className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="material-card">
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
      ))}
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
  return <DataList label="Materiais" rows={materials} columns={columns(showClient, onAction)} query={query} filtered={filtered} states={states} paging={query} />;
}
