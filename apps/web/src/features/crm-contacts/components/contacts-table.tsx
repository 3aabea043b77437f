import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Building2, Download, Plus, Save, Search, Upload, Users } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatCnpj } from '@sede/shared/cnpj';
import { LEGAL_BASES, type Organization, type Person } from '@sede/shared/platform/parties';
import { formatPhone } from '@sede/shared/phone';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { createSegment } from '../api/create-segment.ts';
import { crmContactKeys } from '../api/keys.ts';
import { contactsQueryOptions, type ContactEntity } from '../api/list-contacts.ts';
import { listsQueryOptions } from '../api/lists.ts';
import { ownersQueryOptions } from '../api/owners.ts';
import { BulkBar, type Selection } from './bulk-bar.tsx';
import { ContactDialog } from './contact-dialog.tsx';
import { apiParams, filterObject, hasFilters } from './filters.ts';
import { Select } from './select.tsx';
import { TagChips } from './tag-chips.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

type Row = Person | Organization;
const isPerson = (r: Row): r is Person => 'emails' in r;

const COLUMNS = 'md:grid md:grid-cols-[2rem_minmax(0,2fr)_minmax(0,2.2fr)_minmax(0,1.3fr)_minmax(0,1.5fr)_minmax(0,1.4fr)_minmax(0,1.2fr)] md:items-center md:gap-3';

/**
 * People or organizations of the company: server-side search, filters and sort kept in the URL,
 * cursor pages loaded on scroll (or 'Carregar mais'), rows virtualized, selection with the bulk
 * bar; on phones each row is a card.
 */
export function ContactsTable({ entity, onImport }: { entity: ContactEntity; onImport: () => void }) {
  const [search, setSearch] = useUrlParams();
  const params = useMemo(() => apiParams(search, entity), [search, entity]);
  const query = useInfiniteQuery(contactsQueryOptions(entity, params));
  const owners = useQuery(ownersQueryOptions());
  const lists = useQuery(listsQueryOptions());
  const ownerName = useMemo(() => new Map(owners.data?.map((o) => [o.userId, o.name])), [owners.data]);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items as Row[]) ?? [], [query.data]);
  const [selection, setSelection] = useState<Selection>({ mode: 'ids', ids: new Set() });
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const [saving, setSaving] = useState(false);
  const [qText, setQText] = useState(search.get('q') ?? '');
  const people = entity === 'people';
  // Other people's changes to contacts refetch the table (the parties announce them, decision 0115).
  useLiveInvalidate(people ? 'person' : 'organization', crmContactKeys.tables(entity));

  // Search as you type (debounced) into the URL.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((search.get('q') ?? '') === qText.trim()) return;
      setParam('q', qText.trim());
    }, 300);
    return () => clearTimeout(t);
  });
  // A new filter clears the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => setSelection({ mode: 'ids', ids: new Set() }), [params.toString()]);

  function setParam(key: string, value: string) {
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  }

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 64,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex >= rows.length - 10 && query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  }, [lastIndex, rows.length, query]);

  const selectedIds = selection.mode === 'ids' ? selection.ids : null;
  const toggle = (id: string) =>
    setSelection((s) => {
      const ids = new Set(s.mode === 'ids' ? s.ids : []);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { mode: 'ids', ids };
    });
  const allLoaded = rows.length > 0 && selectedIds !== null && rows.every((r) => selectedIds.has(r.id));
  const selecting = selection.mode === 'filter' || selection.ids.size > 0;

  async function saveSegment(name: string) {
    try {
      await createSegment({ name, entity, filter: filterObject(params) });
      await queryClient.invalidateQueries({ queryKey: crmContactKeys.segments });
      toast.success('Segmento salvo.');
      setSaving(false);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível salvar o segmento.');
    }
  }
  const queryClient = useQueryClient();
  const exportHref = `/api/crm-contacts/export?entity=${entity}&${new URLSearchParams([...params].filter(([k]) => k !== 'sort' && k !== 'dir'))}`;
  const filtered = hasFilters(params);

  return (
    <div className="grid gap-3">
      <form aria-label="Busca e filtros" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
        <div className="relative sm:col-span-2 lg:col-span-4">
          <Search className="pointer-events-none absolute left-3 top-3 size-4 text-slate-500" aria-hidden />
          <Input aria-label={people ? 'Buscar pessoas' : 'Buscar organizações'} value={qText} onChange={(e) => setQText(e.target.value)} placeholder={people ? 'Nome, e-mail, telefone ou CPF' : 'Razão social, CNPJ, e-mail ou telefone'} className="pl-9" />
        </div>
        <Select aria-label="Responsável" value={search.get('noOwner') === 'true' ? '__none' : (search.get('ownerId') ?? '')} onChange={(e) => {
          const v = e.target.value;
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.delete('ownerId');
            next.delete('noOwner');
            if (v === '__none') next.set('noOwner', 'true');
            else if (v) next.set('ownerId', v);
            return next;
          }, { replace: true });
        }}>
          <option value="">Todos os responsáveis</option>
          <option value="__none">Sem responsável</option>
          {owners.data?.map((o) => (
            <option key={o.userId} value={o.userId}>
              {o.name}
            </option>
          ))}
        </Select>
        <Input aria-label="Etiqueta" placeholder="Etiqueta" defaultValue={search.get('tag') ?? ''} onBlur={(e) => setParam('tag', e.target.value.trim())} onKeyDown={(e) => e.key === 'Enter' && setParam('tag', e.currentTarget.value.trim())} />
        <Select aria-label="Lista" value={search.get('listId') ?? ''} onChange={(e) => setParam('listId', e.target.value)}>
          <option value="">Todas as listas</option>
          {lists.data?.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </Select>
        <Select aria-label="Ordenar" value={`${search.get('sort') ?? 'name'}:${search.get('dir') ?? 'asc'}`} onChange={(e) => {
          const [sort, dir] = e.target.value.split(':') as [string, string];
          setSearch((prev) => {
            const next = new URLSearchParams(prev);
            next.set('sort', sort);
            next.set('dir', dir);
            return next;
          }, { replace: true });
        }}>
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
              <Select aria-label="Base legal" value={search.get('legalBasis') ?? ''} onChange={(e) => setParam('legalBasis', e.target.value)}>
                <option value="">Qualquer base legal</option>
                {Object.entries(LEGAL_BASES).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </Select>
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

      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" onClick={() => setEditing('new')}>
          <Plus aria-hidden /> {people ? 'Nova pessoa' : 'Nova organização'}
        </Button>
        <Button size="sm" variant="secondary" onClick={onImport}>
          <Upload aria-hidden /> Importar
        </Button>
        <Button size="sm" variant="secondary" asChild>
          <a href={exportHref} download>
            <Download aria-hidden /> Exportar CSV
          </a>
        </Button>
        {filtered && (
          <Button size="sm" variant="ghost" onClick={() => setSaving(true)}>
            <Save aria-hidden /> Salvar como segmento
          </Button>
        )}
        {filtered && rows.length > 0 && (
          <Button size="sm" variant="ghost" onClick={() => setSelection({ mode: 'filter', filter: filterObject(params) })}>
            Selecionar todos do filtro
          </Button>
        )}
      </div>

      {query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {query.error.message}
        </p>
      ) : query.isPending ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          Carregando…
        </p>
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState icon={Search} title="Nenhum contato encontrado" description="Nenhum contato corresponde à busca e aos filtros. Altere os filtros ou limpe a busca." />
        ) : (
          <EmptyState
            icon={people ? Users : Building2}
            title={people ? 'Nenhuma pessoa ainda' : 'Nenhuma organização ainda'}
            description={
              people
                ? 'Aqui fica a base de contatos da empresa: pessoas com e-mail, telefone, responsável e etiquetas, para organizar em listas e segmentos. Cadastre a primeira ou importe uma planilha.'
                : 'Aqui ficam as empresas com quem você se relaciona (clientes, leads, parceiros). Cadastre a primeira ou importe uma planilha com CNPJ.'
            }
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => setEditing('new')}>{people ? 'Nova pessoa' : 'Nova organização'}</Button>
                <Button variant="secondary" onClick={onImport}>
                  Importar planilha
                </Button>
              </div>
            }
          />
        )
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white">
          <div className={`hidden border-b border-slate-200 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 ${COLUMNS}`}>
            <input
              type="checkbox"
              aria-label="Selecionar todos os carregados"
              className="size-4"
              checked={allLoaded}
              onChange={() => setSelection(allLoaded ? { mode: 'ids', ids: new Set() } : { mode: 'ids', ids: new Set(rows.map((r) => r.id)) })}
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
                const name = isPerson(r) ? r.name : r.razaoSocial;
                const email = isPerson(r) ? r.emails[0] : r.email;
                const phone = isPerson(r) ? r.phones[0] : r.phone;
                const third = isPerson(r) ? (r.organization?.nomeFantasia ?? r.organization?.razaoSocial) : r.cnpj ? formatCnpj(r.cnpj) : null;
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
                    <button type="button" className="truncate text-left font-medium text-slate-900 hover:underline" onClick={() => setEditing(r)}>
                      {name}
                    </button>
                    <span className={email ? 'truncate text-slate-700' : 'hidden text-slate-600 md:inline'}>{email ?? '—'}</span>
                    <span className={phone ? 'truncate text-slate-700' : 'hidden text-slate-600 md:inline'}>{phone ? formatPhone(phone) : '—'}</span>
                    <span className={third ? 'truncate text-slate-700' : 'hidden text-slate-600 md:inline'}>{third ?? '—'}</span>
                    <span className={r.ownerId ? 'truncate text-slate-700' : 'truncate text-slate-600'}>{r.ownerId ? (ownerName.get(r.ownerId) ?? 'Membro') : 'Sem responsável'}</span>
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
      )}

      {selecting && <BulkBar entity={entity} selection={selection} listId={search.get('listId')} onDone={() => setSelection({ mode: 'ids', ids: new Set() })} />}
      {entity === 'people' ? (
        <ContactDialog entity="people" open={editing !== null} contact={editing === 'new' || editing === null ? null : (editing as Person)} onClose={() => setEditing(null)} />
      ) : (
        <ContactDialog entity="organizations" open={editing !== null} contact={editing === 'new' || editing === null ? null : (editing as Organization)} onClose={() => setEditing(null)} />
      )}
      <SegmentDialog open={saving} onClose={() => setSaving(false)} onSave={saveSegment} />
    </div>
  );
}

function SegmentDialog({ open, onClose, onSave }: { open: boolean; onClose: () => void; onSave: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Salvar como segmento" description="O segmento guarda a busca e os filtros atuais; ao abri-lo, os contatos são calculados de novo.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(name);
        }}
      >
        <Field label="Nome do segmento">
          <Input value={name} onChange={(e) => setName(e.target.value)} required />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit">Salvar</Button>
        </div>
      </form>
    </Dialog>
  );
}
