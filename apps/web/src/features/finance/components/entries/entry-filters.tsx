import type { EntryKind } from '@sede/shared/finance/entries';
import type { FinRegisters } from '@sede/shared/finance/registers';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { NamedOptions } from '../../../../components/ui/named-options.tsx';
import { CategoryOptions } from '../category-options.tsx';
import { Select } from '../select.tsx';
import type { useEntryFilters } from './use-entry-filters.ts';

function Filter({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** The entries' filters: search, situation and, behind 'Mais filtros' on phones, category, period, account, cost centre and order. */
export function EntryFilterBar({ kind, party, registers, url }: { kind: EntryKind; party: string; registers: FinRegisters; url: ReturnType<typeof useEntryFilters> }) {
  const { params, set } = url;
  const [moreFilters, setMoreFilters] = useState(false);
  const [search, setSearch] = useState(params.get('busca') ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed text only; the URL is written from it
  useEffect(() => {
    const t = setTimeout(() => {
      if ((params.get('busca') ?? '') !== search.trim()) set('busca', search.trim());
    }, 300);
    return () => clearTimeout(t);
  }, [search]);
  const select = (id: string, label: string, param: Parameters<typeof set>[0], all: string, options: ReactNode) => (
    <Filter id={id} label={label}>
      <Select id={id} value={params.get(param) ?? ''} onChange={(e) => set(param, e.target.value)}>
        <option value="">{all}</option>
        {options}
      </Select>
    </Filter>
  );
  const date = (id: string, label: string, param: 'de' | 'ate') => (
    <Filter id={id} label={label}>
      <Input id={id} type="date" value={params.get(param) ?? ''} min="2000-01-01" max="2099-12-31" onChange={(e) => set(param, e.target.value)} />
    </Filter>
  );

  return (
    <section aria-label="Filtros" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
      <div className="grid gap-1 sm:col-span-2">
        <Label htmlFor="fin-busca">Buscar</Label>
        <Input id="fin-busca" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={`Descrição, documento ou ${party.toLowerCase()}`} />
      </div>
      {select(
        'fin-situacao',
        'Situação',
        'situacao',
        'Todas',
        <>
          <option value="pending">Em aberto (inclui vencidas)</option>
          <option value="open">A vencer</option>
          <option value="overdue">Vencidas</option>
          <option value="paid">{kind === 'payable' ? 'Pagas' : 'Recebidas'}</option>
          <option value="cancelled">Canceladas</option>
        </>,
      )}
      <div className="flex items-end md:hidden">
        <Button variant="secondary" size="sm" aria-expanded={moreFilters} aria-controls="fin-mais-filtros" onClick={() => setMoreFilters((v) => !v)}>
          <SlidersHorizontal aria-hidden /> {moreFilters ? 'Menos filtros' : 'Mais filtros'}
        </Button>
      </div>
      <div id="fin-mais-filtros" className={moreFilters ? 'contents' : 'hidden md:contents'}>
        {select('fin-categoria', 'Categoria', 'categoria', 'Todas', <CategoryOptions categories={registers.categories} kind={kind === 'payable' ? 'expense' : 'income'} includeArchived />)}
        <Filter id="fin-campo" label="Período por">
          <Select id="fin-campo" value={params.get('campo') ?? 'due'} onChange={(e) => set('campo', e.target.value === 'due' ? '' : e.target.value)}>
            <option value="due">Vencimento</option>
            <option value="competence">Competência</option>
          </Select>
        </Filter>
        {date('fin-de', 'De', 'de')}
        {date('fin-ate', 'Até', 'ate')}
        {select('fin-conta', 'Conta', 'conta', 'Todas', <NamedOptions items={registers.accounts} />)}
        {select('fin-centro', 'Centro de custo', 'centro', 'Todos', <NamedOptions items={registers.costCenters} />)}
        <Filter id="fin-ordem" label="Ordenar por">
          <Select
            id="fin-ordem"
            value={`${params.get('ordem') ?? 'dueDate'}:${params.get('sentido') ?? 'asc'}`}
            onChange={(e) => {
              const [ordem, sentido] = e.target.value.split(':') as [string, string];
              url.setValues({ ordem, sentido });
            }}
          >
            <option value="dueDate:asc">Vencimento (mais antigo)</option>
            <option value="dueDate:desc">Vencimento (mais recente)</option>
            <option value="competenceDate:asc">Competência</option>
            <option value="amount:desc">Maior valor</option>
            <option value="amount:asc">Menor valor</option>
            <option value="description:asc">Descrição (A–Z)</option>
          </Select>
        </Filter>
      </div>
      {url.hasFilters && (
        <div className="flex items-end">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setSearch('');
              url.clear();
            }}
          >
            Limpar filtros
          </Button>
        </div>
      )}
    </section>
  );
}
