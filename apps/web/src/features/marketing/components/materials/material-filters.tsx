import { LayoutGrid, List } from 'lucide-react';
import { useId } from 'react';
import { MATERIAL_KIND_LABELS, MATERIAL_KINDS, type MaterialKind } from '@sede/shared/marketing/materials';
import { cn } from '../../../../lib/cn.ts';
import { optionsOf } from '../../../../components/ui/filter-bar.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { clientOptions, LabeledSelect } from '../labeled-select.tsx';

export type MaterialLayout = 'grade' | 'lista';
export const ALL_CLIENTS = 'todas';

type Props = {
  clients: Array<{ id: string; name: string; archived: boolean }> | undefined;
  client: string;
  onClient: (value: string) => void;
  q: string;
  onQ: (value: string) => void;
  kind: MaterialKind | '';
  onKind: (value: MaterialKind | '') => void;
  tags: Array<{ tag: string; count: number }> | undefined;
  tag: string;
  onTag: (value: string) => void;
  view: MaterialLayout;
  onView: (value: MaterialLayout) => void;
};

const label = 'text-sm font-medium text-slate-800';
const KIND_OPTIONS = optionsOf(MATERIAL_KINDS, MATERIAL_KIND_LABELS);

/** The library's filters: the client, a search by name or tag, the kind, a tag, and grid or list. */
export function MaterialFilters(p: Props) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
      <LabeledSelect id={`${id}-client`} label="Empresa cliente" fieldClassName="col-span-2 grid gap-1 sm:col-span-1" value={p.client} onChange={(e) => p.onClient(e.target.value)} options={[{ value: ALL_CLIENTS, label: 'Todas as empresas' }, ...clientOptions(p.clients)]} />
      <div className="col-span-2 grid gap-1 sm:col-span-1">
        <label htmlFor={`${id}-q`} className={label}>
          Buscar por nome ou etiqueta
        </label>
        <Input id={`${id}-q`} type="search" value={p.q} onChange={(e) => p.onQ(e.target.value)} placeholder="Ex.: logo, verão" />
      </div>
      <LabeledSelect id={`${id}-kind`} label="Tipo" fieldClassName="grid gap-1" value={p.kind} onChange={(e) => p.onKind(e.target.value as MaterialKind | '')} empty="Todos os tipos" options={KIND_OPTIONS} />
      <LabeledSelect id={`${id}-tag`} label="Etiqueta" fieldClassName="grid gap-1" value={p.tag} onChange={(e) => p.onTag(e.target.value)} empty="Todas as etiquetas" options={(p.tags ?? []).map((t) => ({ value: t.tag, label: `${t.tag} (${t.count})` }))} />
      <fieldset className="col-span-2 grid gap-1 sm:col-span-1 lg:col-span-1">
        <legend className={label}>Exibição</legend>
        <div className="flex h-10 rounded-[var(--radius-ui)] border border-slate-300 p-0.5">
          {(
            [
              ['grade', 'Grade', LayoutGrid],
              ['lista', 'Lista', List],
            ] as const
          ).map(([value, text, Icon]) => (
            <button
              key={value}
              type="button"
              aria-pressed={p.view === value}
              onClick={() => p.onView(value)}
              className={cn('flex flex-1 items-center justify-center gap-1 rounded px-2 text-sm', p.view === value ? 'bg-[var(--color-accent-soft)] font-medium text-[var(--color-accent)]' : 'text-slate-700 hover:bg-slate-100')}
            >
              <Icon className="size-4" aria-hidden /> {text}
            </button>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
