import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Download, Plus, Save, Upload, Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { Organization, Person } from '@sede/shared/platform/parties';
import { Button } from '../../../components/ui/button.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useUrlParams } from '../../../lib/url-params.ts';
import { createSegment } from '../api/create-segment.ts';
import { crmContactKeys } from '../api/keys.ts';
import { contactsQueryOptions, type ContactEntity } from '../api/list-contacts.ts';
import { ownersQueryOptions } from '../api/owners.ts';
import { BulkBar, type Selection } from './bulk-bar.tsx';
import { ContactDialog } from './contact-dialog.tsx';
import { type ContactRow, ContactRows } from './contact-rows.tsx';
import { ContactsFilters } from './contacts-filters.tsx';
import { apiParams, filterObject, hasFilters } from './filters.ts';
import { SegmentDialog } from './segment-dialog.tsx';

const NONE: Selection = { mode: 'ids', ids: new Set() };

/**
 * People or organizations of the company: server-side search, filters and sort kept in the URL,
 * cursor pages loaded on scroll (or 'Carregar mais'), rows virtualized, selection with the bulk
 * bar; on phones each row is a card.
 */
export function ContactsTable({ entity, onImport }: { entity: ContactEntity; onImport: () => void }) {
  const [search] = useUrlParams();
  const params = useMemo(() => apiParams(search, entity), [search, entity]);
  const query = useInfiniteQuery(contactsQueryOptions(entity, params));
  const owners = useQuery(ownersQueryOptions());
  const ownerNames = useMemo(() => new Map(owners.data?.map((o) => [o.userId, o.name])), [owners.data]);
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.items as ContactRow[]) ?? [], [query.data]);
  const [selection, setSelection] = useState<Selection>(NONE);
  const [editing, setEditing] = useState<ContactRow | null | 'new'>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const people = entity === 'people';
  // Other people's changes to contacts refetch the table (the parties announce them, decision 0115).
  useLiveInvalidate(people ? 'person' : 'organization', crmContactKeys.tables(entity));
  // A new filter clears the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the query changes
  useEffect(() => setSelection(NONE), [params.toString()]);

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
  const exportHref = `/api/crm-contacts/export?entity=${entity}&${new URLSearchParams([...params].filter(([k]) => k !== 'sort' && k !== 'dir'))}`;
  const filtered = hasFilters(params);
  const selecting = selection.mode === 'filter' || selection.ids.size > 0;
  const editingContact = editing === 'new' ? null : editing;

  return (
    <div className="grid gap-3">
      <ContactsFilters entity={entity} />

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

      <ListStates
        query={query}
        count={rows.length}
        filtered={filtered}
        icon={people ? Users : Building2}
        loading={people ? 'Carregando pessoas…' : 'Carregando organizações…'}
        failed={people ? 'Não foi possível carregar as pessoas' : 'Não foi possível carregar as organizações'}
        noMatch={{ title: 'Nenhum contato encontrado', description: 'Nenhum contato corresponde à busca e aos filtros. Altere os filtros ou limpe a busca.' }}
        empty={{
          title: people ? 'Nenhuma pessoa ainda' : 'Nenhuma organização ainda',
          description: people
            ? 'Aqui fica a base de contatos da empresa: pessoas com e-mail, telefone, responsável e etiquetas, para organizar em listas e segmentos. Cadastre a primeira ou importe uma planilha.'
            : 'Aqui ficam as empresas com quem você se relaciona (clientes, leads, parceiros). Cadastre a primeira ou importe uma planilha com CNPJ.',
          action: (
            <div className="flex flex-wrap justify-center gap-2">
              <Button onClick={() => setEditing('new')}>{people ? 'Nova pessoa' : 'Nova organização'}</Button>
              <Button variant="secondary" onClick={onImport}>
                Importar planilha
              </Button>
            </div>
          ),
        }}
      >
        <ContactRows people={people} rows={rows} query={query} selection={selection} onSelect={setSelection} onOpen={setEditing} ownerName={(id) => ownerNames.get(id) ?? 'Membro'} />
      </ListStates>

      {selecting && <BulkBar entity={entity} selection={selection} listId={search.get('listId')} onDone={() => setSelection(NONE)} />}
      {entity === 'people' ? (
        <ContactDialog entity="people" open={editing !== null} contact={editingContact as Person | null} onClose={() => setEditing(null)} />
      ) : (
        <ContactDialog entity="organizations" open={editing !== null} contact={editingContact as Organization | null} onClose={() => setEditing(null)} />
      )}
      <SegmentDialog open={saving} onClose={() => setSaving(false)} onSave={saveSegment} />
    </div>
  );
}
