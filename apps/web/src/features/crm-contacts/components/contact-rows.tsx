import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { cnpj as formatCnpj, phone as formatPhone } from '@sede/shared/format';
import type { Organization, Person } from '@sede/shared/platform/parties';
import { Button } from '../../../components/ui/button.tsx';
import type { Selection } from './bulk-bar.tsx';
import { TagChips } from '../../../components/ui/tag-chips.tsx';

export type ContactRow = Person | Organization;
const isPerson = (r: ContactRow): r is Person => 'emails' in r;

const COLUMNS = 'md:grid md:grid-cols-[2rem_minmax(0,2fr)_minmax(0,2.2fr)_minmax(0,1.3fr)_minmax(0,1.5fr)_minmax(0,1.4fr)_minmax(0,1.2fr)] md:items-center md:gap-3';

/** What a row shows, the same for a person and an organization. */
function summary(r: ContactRow) {
  if (isPerson(r)) return { name: r.name, email: r.emails[0], phone: r.phones[0], third: r.organization?.nomeFantasia ?? r.organization?.razaoSocial };
  return { name: r.razaoSocial, email: r.email, phone: r.phone, third: r.cnpj ? formatCnpj(r.cnpj) : null };
}

/**
 * The contacts as virtualized rows (a base of thousands stays light): columns on wide screens, a
 * card per contact on phones; the next page loads as the end scrolls into view.
 */
export function ContactRows({
  people,
  rows,
  query,
  selection,
  onSelect,
  onOpen,
  ownerName,
}: {
  people: boolean;
  rows: ContactRow[];
  query: Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  onOpen: (row: ContactRow) => void;
  ownerName: (userId: string) => string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => 64, overscan: 8 });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 10 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [lastIndex, rows.length, query]);

  const selectedIds = selection.mode === 'ids' ? selection.ids : null;
  const allLoaded = rows.length > 0 && selectedIds !== null && rows.every((r) => selectedIds.has(r.id));
  const toggle = (id: string) => {
    const ids = new Set(selectedIds ?? []);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    onSelect({ mode: 'ids', ids });
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white">
      <div className={`hidden border-b border-slate-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 ${COLUMNS}`}>
        <input
          type="checkbox"
          aria-label="Selecionar todos os carregados"
          className="size-4"
          checked={allLoaded}
          onChange={() => onSelect({ mode: 'ids', ids: new Set(allLoaded ? [] : rows.map((r) => r.id)) })}
        />
        <span>{people ? 'Nome' : 'Razão social'}</span>
        <span>E-mail</span>
        <span>Telefone</span>
        <span>{people ? 'Organização' : 'CNPJ'}</span>
        <span>Responsável</span>
        <span>Etiquetas</span>
      </div>
      <div ref={scrollRef} className="max-h-[65vh] overflow-y-auto" data-testid="contacts-scroll">
        <ul aria-label={people ? 'Pessoas' : 'Organizações'} className="relative" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((v) => {
            const r = rows[v.index]!;
            const checked = selection.mode === 'filter' || selection.ids.has(r.id);
            const { name, email, phone, third } = summary(r);
            return (
              <li
                key={r.id}
                data-index={v.index}
                ref={virtualizer.measureElement}
                data-testid="contact-row"
                className={`absolute left-0 top-0 grid w-full grid-cols-[1.5rem_1fr] gap-x-3 gap-y-1 border-b border-slate-100 px-3 py-3 text-sm ${COLUMNS} ${checked ? 'bg-[var(--color-accent-soft)]' : ''}`}
                style={{ transform: `translateY(${v.start}px)` }}
              >
                <input type="checkbox" aria-label={`Selecionar ${name}`} className="row-span-6 mt-0.5 size-4 md:row-span-1 md:mt-0" checked={checked} disabled={selection.mode === 'filter'} onChange={() => toggle(r.id)} />
                <button type="button" className="truncate text-left font-medium text-slate-900 hover:underline" onClick={() => onOpen(r)}>
                  {name}
                </button>
                <OptionalCell value={email} />
                <OptionalCell value={phone ? formatPhone(phone) : null} />
                <OptionalCell value={third} />
                <span className={r.ownerId ? 'truncate text-slate-700' : 'truncate text-slate-600'}>{r.ownerId ? ownerName(r.ownerId) : 'Sem responsável'}</span>
                <TagChips tags={r.tags} />
              </li>
            );
          })}
        </ul>
        <div className="flex justify-center p-3">
          {query.hasNextPage ? (
            <Button variant="secondary" size="sm" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              Carregar mais
            </Button>
          ) : (
            <p className="text-xs text-slate-600">{rows.length === 1 ? '1 contato' : `${rows.length} contatos`}</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** A column that may be empty: '—' on wide screens, nothing on a phone's card. */
function OptionalCell({ value }: { value: string | null | undefined }) {
  return <span className={value ? 'truncate text-slate-700' : 'hidden text-slate-600 md:inline'}>{value ?? '—'}</span>;
}
