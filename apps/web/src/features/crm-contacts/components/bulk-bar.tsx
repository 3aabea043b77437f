import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { BulkRequest } from '@sede/shared/crm/contacts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { crmContactKeys } from '../api/keys.ts';
import { count } from '@sede/shared/format';
import { runBulk } from '../api/bulk.ts';
import { removeListMembers } from '../api/remove-list-members.ts';
import type { ContactEntity } from '../api/list-contacts.ts';
import { parseTags } from './tags.ts';
import { ListSelect, OwnerSelect } from './contact-selects.tsx';

export type Selection = { mode: 'ids'; ids: Set<string> } | { mode: 'filter'; filter: Record<string, string | boolean> };

/** The bar shown while contacts are selected: add to a list, tag, assign an owner, delete (one request, one transaction). */
export function BulkBar({ entity, selection, listId: openList, onDone }: { entity: ContactEntity; selection: Selection; listId?: string | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [listId, setListId] = useState('');
  const [tags, setTags] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const target: BulkRequest['target'] = selection.mode === 'ids' ? { ids: [...selection.ids] } : { filter: selection.filter };
  const chosenLabel = selection.mode === 'ids' ? `${count(selection.ids.size)} selecionado(s)` : 'Todos os contatos do filtro';

  async function run(action: BulkRequest['action'], label: string) {
    setPending(label);
    try {
      const { affected } = await runBulk({ entity, target, action });
      await queryClient.invalidateQueries({ queryKey: crmContactKeys.parties });
      await queryClient.invalidateQueries({ queryKey: crmContactKeys.all });
      toast.success(`${label}: ${count(affected)} contato(s).`);
      onDone();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível concluir a ação.');
    } finally {
      setPending(null);
      setConfirmDelete(false);
    }
  }

  async function removeFromList() {
    if (!openList || selection.mode !== 'ids') return;
    setPending('Removidos da lista');
    try {
      const { removed } = await removeListMembers(openList, entity, [...selection.ids]);
      await queryClient.invalidateQueries({ queryKey: crmContactKeys.parties });
      await queryClient.invalidateQueries({ queryKey: crmContactKeys.all });
      toast.success(`Removidos da lista: ${count(removed)} contato(s).`);
      onDone();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível remover da lista.');
    } finally {
      setPending(null);
    }
  }

  return (
    <section aria-label="Ações em massa" data-testid="bulk-bar" className="z-10 grid gap-3 rounded-xl md:sticky md:bottom-2 border border-slate-300 bg-white p-3 shadow-lg md:flex md:flex-wrap md:items-end">
      <p className="text-sm font-semibold text-slate-900 md:self-center" aria-live="polite">
        {chosenLabel}
      </p>
      <div className="flex items-end gap-2">
        <Field label="Lista">
          <ListSelect value={listId} onChange={(e) => setListId(e.target.value)} className="h-9 min-w-36" none="Escolha…" />
        </Field>
        <Button size="sm" variant="secondary" disabled={!listId} pending={pending === 'Adicionados à lista'} onClick={() => run({ type: 'add_to_list', listId }, 'Adicionados à lista')}>
          Adicionar à lista
        </Button>
      </div>
      <div className="flex items-end gap-2">
        <Field label="Etiquetas">
          <Input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="vip, feira" className="h-9 w-36" />
        </Field>
        <Button size="sm" variant="secondary" disabled={!parseTags(tags).length} pending={pending === 'Etiquetados'} onClick={() => run({ type: 'tag', add: parseTags(tags), remove: [] }, 'Etiquetados')}>
          Etiquetar
        </Button>
      </div>
      <div className="flex items-end gap-2">
        <Field label="Responsável">
          <OwnerSelect value={ownerId} onChange={(e) => setOwnerId(e.target.value)} className="h-9 min-w-36" none="Sem responsável" />
        </Field>
        <Button size="sm" variant="secondary" pending={pending === 'Responsável definido'} onClick={() => run({ type: 'assign_owner', ownerId: ownerId || null }, 'Responsável definido')}>
          Atribuir
        </Button>
      </div>
      <div className="flex flex-wrap gap-2 md:ml-auto">
        {openList && selection.mode === 'ids' && (
          <Button size="sm" variant="secondary" pending={pending === 'Removidos da lista'} onClick={() => void removeFromList()}>
            Remover da lista
          </Button>
        )}
        <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setConfirmDelete(true)}>
          Excluir
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Limpar seleção
        </Button>
      </div>
      <Dialog open={confirmDelete} onOpenChange={setConfirmDelete} title="Excluir contatos?" description={`${chosenLabel}. Os contatos saem de todas as listas; a ação fica registrada no histórico da empresa.`}>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
            Cancelar
          </Button>
          <Button variant="destructive" pending={pending === 'Excluídos'} onClick={() => run({ type: 'delete' }, 'Excluídos')}>
            Excluir
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
