import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListChecks, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { CrmList } from '@sede/shared/crm/contacts';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { count, day } from '@sede/shared/format';
import { createList } from '../api/create-list.ts';
import { deleteList } from '../api/delete-list.ts';
import { crmContactKeys } from '../api/keys.ts';
import { listsQueryOptions } from '../api/lists.ts';
import { useFormSubmit } from '../../../lib/use-submit.ts';
import { useRemove } from './use-remove.ts';

type Open = (listId: string, entity: 'people' | 'organizations') => void;

const columns = (onOpen: Open, onRemove: (id: string) => void): DataColumn<CrmList>[] => [
  { id: 'name', header: 'Lista', card: 'title', cell: (l) => <span className="font-medium text-slate-900">{l.name}</span> },
  { id: 'members', header: 'Contatos', card: 'subtitle', cell: (l) => `${count(l.peopleCount)} pessoa(s) · ${count(l.organizationsCount)} organização(ões)` },
  { id: 'createdAt', header: 'Criada em', cell: (l) => day(l.createdAt) },
  {
    id: 'actions',
    header: 'Ações',
    card: 'subtitle',
    cell: (l) => (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => onOpen(l.id, 'people')}>
          Ver pessoas
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onOpen(l.id, 'organizations')}>
          Ver organizações
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" aria-label={`Excluir a lista ${l.name}`} onClick={() => onRemove(l.id)}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    ),
  },
];

/** Static lists: create one, open its members (the Pessoas or Organizações tab filtered by it), delete. */
export function ListsPanel({ onOpen }: { onOpen: Open }) {
  const queryClient = useQueryClient();
  const lists = useQuery(listsQueryOptions());
  const [name, setName] = useState('');
  const create = useFormSubmit(async () => {
    await createList({ name });
    setName('');
    await queryClient.invalidateQueries({ queryKey: crmContactKeys.lists });
    toast.success('Lista criada. Selecione contatos e use "Adicionar à lista".');
  }, 'Não foi possível criar a lista.');
  const { error } = create;
  const remove = useRemove(deleteList, crmContactKeys.lists, { done: 'Lista excluída.', failed: 'Não foi possível excluir a lista.' });

  return (
    <div className="grid gap-4">
      <form onSubmit={create.onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="grid min-w-60 flex-1 gap-1 sm:flex-none">
          <Label htmlFor="new-list-name">Nova lista</Label>
          <Input id="new-list-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Visitantes da feira" aria-invalid={error ? true : undefined} aria-describedby={error ? 'list-error' : undefined} />
        </div>
        <Button type="submit" pending={create.pending}>
          Criar lista
        </Button>
        {error && (
          <p id="list-error" role="alert" className="w-full text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
      <DataList label="Listas" rows={lists.data ?? []} columns={columns(onOpen, (id) => void remove(id))} query={lists} states={listStates(ListChecks, 'as listas', {
        title: 'Nenhuma lista ainda',
        description: 'Listas reúnem contatos escolhidos a dedo (uma feira, uma campanha, os clientes VIP). Crie uma acima e adicione contatos pela seleção nas abas Pessoas e Organizações.',
      })} />
    </div>
  );
}
