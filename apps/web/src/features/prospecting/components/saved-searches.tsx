import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { deleteSavedSearch, saveSearch, useSavedSearches } from '../api/saved-searches.ts';
import { prospectingKeys } from '../api/keys.ts';

/** The company's saved searches: apply one, save the current filters, delete. */
export function SavedSearches({ params, onApply }: { params: URLSearchParams; onApply: (filters: Record<string, string>) => void }) {
  const saved = useSavedSearches();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: prospectingKeys.savedSearches });
  const filters = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'pagina'));
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await saveSearch({ name: name.trim(), filters });
      setName('');
      toast.success('Busca salva.');
      await refresh();
    } catch (err) {
      toast.error((err as Error).message);
    }
  };
  const items = saved.data?.items ?? [];
  return (
    <div className="flex flex-wrap items-end gap-3 text-sm">
      {items.length ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1">
            <span className="font-medium text-slate-800">Buscas salvas</span>
            <select className={`${inputClass} pr-8`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Escolha…</option>
              {items.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
            </select>
          </label>
          <Button variant="secondary" size="sm" disabled={!chosen} onClick={() => onApply(items.find((s) => s.id === chosen)?.filters ?? {})}>Aplicar</Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!chosen}
            onClick={async () => {
              await deleteSavedSearch(chosen).catch((err: Error) => toast.error(err.message));
              setChosen('');
              await refresh();
            }}
          >
            Excluir
          </Button>
        </div>
      ) : null}
      <form onSubmit={save} className="flex flex-wrap items-end gap-2">
        <label htmlFor="saved-search-name" className="grid gap-1">
          <span className="font-medium text-slate-800">Salvar esta busca como</span>
          <Input id="saved-search-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} placeholder="Ex.: Padarias ativas em SP" />
        </label>
        <Button type="submit" variant="secondary" size="sm" disabled={!name.trim()}>Salvar busca</Button>
      </form>
    </div>
  );
}
