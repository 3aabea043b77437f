import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import type { BoardFilters } from '@sede/shared/crm/deals';
import { DEAL_STATUS_FILTER_LABELS, DEAL_STATUS_FILTERS, type DealStatusFilter } from '@sede/shared/crm/board-filters';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { facetsQueryOptions } from '../api/board.ts';
import { MemberOptions } from './member-options.tsx';

/** Status, owner, tag, source and text filters (kept in the URL by the page). */
export function BoardFiltersBar({ filters, onChange }: { filters: BoardFilters; onChange: (f: BoardFilters) => void }) {
  const facets = useQuery(facetsQueryOptions());
  const [text, setText] = useState(filters.q ?? '');
  useEffect(() => setText(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    const t = setTimeout(() => {
      if ((filters.q ?? '') !== text.trim()) onChange({ ...filters, q: text.trim() || undefined });
    }, 300);
    return () => clearTimeout(t);
  }, [text, filters, onChange]);
  const any = Boolean(filters.owner || filters.tag || filters.source || filters.q || filters.status);
  return (
    <search className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap" aria-label="Filtros do quadro">
      <div className="col-span-2 grid gap-1 sm:w-56">
        <Label htmlFor="crm-q">Buscar</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" aria-hidden />
          <Input id="crm-q" type="search" className="h-9 pl-8" placeholder="Título ou organização" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <FilterSelect id="crm-status" label="Situação" value={filters.status ?? 'open'} onChange={(v) => onChange({ ...filters, status: v === 'open' ? undefined : (v as DealStatusFilter) })}>
        {DEAL_STATUS_FILTERS.map((s) => (
          <option key={s} value={s}>
            {DEAL_STATUS_FILTER_LABELS[s]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect id="crm-owner" label="Responsável" value={filters.owner ?? ''} onChange={(v) => onChange({ ...filters, owner: v || undefined })}>
        <option value="">Todos</option>
        <option value="me">Meus negócios</option>
        <option value="none">Sem responsável</option>
        <MemberOptions />
      </FilterSelect>
      <FilterSelect id="crm-tag" label="Etiqueta" value={filters.tag ?? ''} onChange={(v) => onChange({ ...filters, tag: v || undefined })}>
        <FacetOptions chosen={filters.tag} values={facets.data?.tags} />
      </FilterSelect>
      <FilterSelect id="crm-source" label="Origem" value={filters.source ?? ''} onChange={(v) => onChange({ ...filters, source: v || undefined })}>
        <FacetOptions chosen={filters.source} values={facets.data?.sources} />
      </FilterSelect>
      {any && (
        <Button variant="ghost" size="sm" className="col-span-2 h-9 justify-self-start" onClick={() => onChange({})}>
          <X aria-hidden /> Limpar filtros
        </Button>
      )}
    </search>
  );
}

/** One of the board's filters: its label over a compact select. */
function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={`${inputClass} h-9 w-full px-2 sm:w-44 sm:px-3`} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  );
}

/** 'Todas', then the tags or sources in use; the chosen one stays even when no open deal has it any more. */
function FacetOptions({ chosen, values = [] }: { chosen: string | undefined; values: string[] | undefined }) {
  return (
    <>
      <option value="">Todas</option>
      {chosen && !values.includes(chosen) && <option value={chosen}>{chosen}</option>}
      {values.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </>
  );
}
