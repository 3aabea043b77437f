import { LayoutGrid, List } from 'lucide-react';
import { useId } from 'react';
import { MATERIAL_KIND_LABELS, MATERIAL_KINDS, type MaterialKind } from '@sede/shared/marketing/materials';
import { cn } from '../../../../lib/cn.ts';
import { Input, inputClass } from '../../../../components/ui/input.tsx';

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

const label = 'text-xs font-medium text-slate-700';

/** The library's filters: the client, a search by name or tag, the kind, a tag, and grid or list. */
export function MaterialFilters(p: Props) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
      <div className="col-span-2 grid gap-1 sm:col-span-1">
        <label htmlFor={`${id}-client`} className={label}>
          Empresa cliente
        </label>
        <select id={`${id}-client`} className={inputClass} value={p.client} onChange={(e) => p.onClient(e.target.value)}>
          <option value={ALL_CLIENTS}>Todas as empresas</option>
          {p.clients?.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {c.archived ? ' (arquivada)' : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 grid gap-1 sm:col-span-1">
        <label htmlFor={`${id}-q`} className={label}>
          Buscar por nome ou etiqueta
        </label>
        <Input id={`${id}-q`} type="search" value={p.q} onChange={(e) => p.onQ(e.target.value)} placeholder="Ex.: logo, verão" />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-kind`} className={label}>
          Tipo
        </label>
        <select id={`${id}-kind`} className={inputClass} value={p.kind} onChange={(e) => p.onKind(e.target.value as MaterialKind | '')}>
          <option value="">Todos os tipos</option>
          {MATERIAL_KINDS.map((k) => (
            <option key={k} value={k}>
              {MATERIAL_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-tag`} className={label}>
          Etiqueta
        </label>
        <select id={`${id}-tag`} className={inputClass} value={p.tag} onChange={(e) => p.onTag(e.target.value)}>
          <option value="">Todas as etiquetas</option>
          {p.tags?.map((t) => (
            <option key={t.tag} value={t.tag}>
              {t.tag} ({t.count})
            </option>
          ))}
        </select>
      </div>
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
