import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { DEAL_STATUS_FILTER_LABELS, DEAL_STATUS_FILTERS, type BoardFilters, type DealStatusFilter } from '@sede/shared/crm/deals';
import { mentionableQueryOptions } from '../../../components/collaboration/collaboration-api.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { facetsQueryOptions } from '../api/board.ts';

/** Status, owner, tag, source and text filters (kept in the URL by the page). */
export function BoardFiltersBar({ filters, onChange }: { filters: BoardFilters; onChange: (f: BoardFilters) => void }) {
  const members = useQuery(mentionableQueryOptions(''));
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
  const select = `${inputClass} h-9 w-full px-2 sm:w-44 sm:px-3`;
  return (
    <search className="grid grid-cols-2 items-end gap-2 sm:flex sm:flex-wrap" aria-label="Filtros do quadro">
      <div className="col-span-2 grid gap-1 sm:w-56">
        <Label htmlFor="crm-q">Buscar</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500" aria-hidden />
          <Input id="crm-q" type="search" className="h-9 pl-8" placeholder="Título ou organização" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="crm-status">Situação</Label>
        <select
          id="crm-status"
          className={select}
          value={filters.status ?? 'open'}
          onChange={(e) => onChange({ ...filters, status: e.target.value === 'open' ? undefined : (e.target.value as DealStatusFilter) })}
        >
          {DEAL_STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {DEAL_STATUS_FILTER_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="crm-owner">Responsável</Label>
        <select id="crm-owner" className={select} value={filters.owner ?? ''} onChange={(e) => onChange({ ...filters, owner: e.target.value || undefined })}>
          <option value="">Todos</option>
          <option value="me">Meus negócios</option>
          <option value="none">Sem responsável</option>
          {(members.data ?? []).map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="crm-tag">Etiqueta</Label>
        <select id="crm-tag" className={select} value={filters.tag ?? ''} onChange={(e) => onChange({ ...filters, tag: e.target.value || undefined })}>
          <option value="">Todas</option>
          {filters.tag && !facets.data?.tags.includes(filters.tag) && <option value={filters.tag}>{filters.tag}</option>}
          {(facets.data?.tags ?? []).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="crm-source">Origem</Label>
        <select id="crm-source" className={select} value={filters.source ?? ''} onChange={(e) => onChange({ ...filters, source: e.target.value || undefined })}>
          <option value="">Todas</option>
          {filters.source && !facets.data?.sources.includes(filters.source) && <option value={filters.source}>{filters.source}</option>}
          {(facets.data?.sources ?? []).map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {any && (
        <Button variant="ghost" size="sm" className="col-span-2 h-9 justify-self-start" onClick={() => onChange({})}>
          <X aria-hidden /> Limpar filtros
        </Button>
      )}
    </search>
  );
}
