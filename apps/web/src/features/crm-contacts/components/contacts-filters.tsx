import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import type { ContactEntity } from '../api/list-contacts.ts';
import { Select } from './select.tsx';
import { LegalBasisSelect, ListSelect, OwnerSelect } from './contact-selects.tsx';

/** The contacts' search (as you type, debounced), filters and sort, all kept in the URL. */
export function ContactsFilters({ entity }: { entity: ContactEntity }) {
  const [search, setSearch] = useUrlParams();
  const [qText, setQText] = useState(search.get('q') ?? '');
  const people = entity === 'people';

  const update = (change: (next: URLSearchParams) => void) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace: true },
    );
  const setParam = (key: string, value: string) => update((next) => (value ? next.set(key, value) : next.delete(key)));

  useEffect(() => {
    const t = setTimeout(() => {
      if ((search.get('q') ?? '') === qText.trim()) return;
      setParam('q', qText.trim());
    }, 300);
    return () => clearTimeout(t);
  });

  const chooseOwner = (v: string) =>
    update((next) => {
      next.delete('ownerId');
      next.delete('noOwner');
      if (v === '__none') next.set('noOwner', 'true');
      else if (v) next.set('ownerId', v);
    });
  const chooseSort = (value: string) => {
    const [sort, dir] = value.split(':') as [string, string];
    update((next) => {
      next.set('sort', sort);
      next.set('dir', dir);
    });
  };

  return (
    <form aria-label="Busca e filtros" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
      <div className="relative sm:col-span-2 lg:col-span-4">
        <Search className="pointer-events-none absolute left-3 top-3 size-4 text-slate-500" aria-hidden />
        <Input aria-label={people ? 'Buscar pessoas' : 'Buscar organizações'} value={qText} onChange={(e) => setQText(e.target.value)} placeholder={people ? 'Nome, e-mail, telefone ou CPF' : 'Razão social, CNPJ, e-mail ou telefone'} className="pl-9" />
      </div>
      <OwnerSelect aria-label="Responsável" value={search.get('noOwner') === 'true' ? '__none' : (search.get('ownerId') ?? '')} onChange={(e) => chooseOwner(e.target.value)} none="Todos os responsáveis">
        <option value="__none">Sem responsável</option>
      </OwnerSelect>
      <Input aria-label="Etiqueta" placeholder="Etiqueta" defaultValue={search.get('tag') ?? ''} onBlur={(e) => setParam('tag', e.target.value.trim())} onKeyDown={(e) => e.key === 'Enter' && setParam('tag', e.currentTarget.value.trim())} />
      <ListSelect aria-label="Lista" value={search.get('listId') ?? ''} onChange={(e) => setParam('listId', e.target.value)} none="Todas as listas" />
      <Select aria-label="Ordenar" value={`${search.get('sort') ?? 'name'}:${search.get('dir') ?? 'asc'}`} onChange={(e) => chooseSort(e.target.value)}>
        <option value="name:asc">Nome (A–Z)</option>
        <option value="name:desc">Nome (Z–A)</option>
        <option value="created:desc">Mais recentes</option>
        <option value="created:asc">Mais antigos</option>
      </Select>
      <details className="sm:col-span-2 lg:col-span-4">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">Mais filtros</summary>
        <div className="mt-2 grid gap-2 sm:grid-cols-2 md:grid-cols-4">
          <Select aria-label="E-mail" value={search.get('hasEmail') ?? ''} onChange={(e) => setParam('hasEmail', e.target.value)}>
            <option value="">Com ou sem e-mail</option>
            <option value="true">Com e-mail</option>
            <option value="false">Sem e-mail</option>
          </Select>
          {people && (
            <LegalBasisSelect aria-label="Base legal" value={search.get('legalBasis') ?? ''} onChange={(e) => setParam('legalBasis', e.target.value)} none="Qualquer base legal" />
          )}
          <Field label="Criado a partir de">
            <Input type="date" value={search.get('createdFrom') ?? ''} onChange={(e) => setParam('createdFrom', e.target.value)} />
          </Field>
          <Field label="Criado até">
            <Input type="date" value={search.get('createdTo') ?? ''} onChange={(e) => setParam('createdTo', e.target.value)} />
          </Field>
        </div>
      </details>
    </form>
  );
}
