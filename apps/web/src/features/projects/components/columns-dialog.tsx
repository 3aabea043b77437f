import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { BoardColumn } from '@sede/shared/projects/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addColumn, deleteColumn, reorderColumns, updateColumn } from '../api/board.ts';
import { projectKeys } from '../api/keys.ts';
import { submitWhenFilled } from './submit-when-filled.ts';

/** The board's columns: add, rename, mark as done, reorder, delete (with where its tasks go). */
export function ColumnsDialog({ open, onOpenChange, projectId, columns, canDelete }: { open: boolean; onOpenChange: (o: boolean) => void; projectId: string; columns: BoardColumn[]; canDelete: boolean }) {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<BoardColumn | null>(null);
  const [moveTo, setMoveTo] = useState('');
  const done = () => void qc.invalidateQueries({ queryKey: projectKeys.boards });
  const fail = (e: unknown) => toast.error('Não foi possível salvar a coluna', { description: e instanceof ApiError ? e.message : undefined });
  const add = useMutation({ mutationFn: () => addColumn(projectId, name), onSuccess: () => {
      setName('');
      done();
    },
    onError: fail,
  });
  const update = useMutation({ mutationFn: (v: { id: string; name?: string; isDone?: boolean }) => updateColumn(v.id, v), onSuccess: done, onError: fail });
  const order = useMutation({ mutationFn: (ids: string[]) => reorderColumns(projectId, ids), onSuccess: done, onError: fail });
  const remove = useMutation({
    mutationFn: (v: { id: string; moveTo?: string }) => deleteColumn(v.id, v.moveTo),
    onSuccess: (r) => {
      setRemoving(null);
      done();
      toast.success(r.moved ? `Coluna excluída; ${r.moved} ${r.moved === 1 ? 'tarefa movida' : 'tarefas movidas'}.` : 'Coluna excluída.');
    },
    onError: fail,
  });
  const askRemove = (c: BoardColumn) => {
    if (!c.count) return remove.mutate({ id: c.id });
    setRemoving(c);
    setMoveTo(columns.find((x) => x.id !== c.id)?.id ?? '');
  };
  const swap = (i: number, j: number) => {
    const ids = columns.map((c) => c.id);
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    order.mutate(ids);
  };

  return (
    <ScrollDialog open={open} onOpenChange={onOpenChange} title="Colunas do quadro" description="Tarefas numa coluna marcada como concluída contam como feitas.">
      <ul className="grid gap-2">
        {columns.map((c, i) => (
          <li key={c.id} className="grid gap-2 rounded-lg border border-slate-200 p-2">
            <div className="flex items-center gap-1">
              <Input
                aria-label={`Nome da coluna ${c.name}`}
                defaultValue={c.name}
                maxLength={60}
                onBlur={(e) => e.target.value.trim() && e.target.value.trim() !== c.name && update.mutate({ id: c.id, name: e.target.value.trim() })}
              />
              <Button variant="ghost" size="icon" aria-label={`Mover ${c.name} para a esquerda`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                <ArrowUp aria-hidden />
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Mover ${c.name} para a direita`} disabled={i === columns.length - 1} onClick={() => swap(i, i + 1)}>
                <ArrowDown aria-hidden />
              </Button>
              {canDelete && (
                <Button variant="ghost" size="icon" aria-label={`Excluir a coluna ${c.name}`} disabled={columns.length <= 1} onClick={() => askRemove(c)}>
                  <Trash2 aria-hidden />
                </Button>
              )}
            </div>
            <label className="flex items-center gap-2 text-xs text-slate-700">
              <input type="checkbox" checked={c.isDone} onChange={(e) => update.mutate({ id: c.id, isDone: e.target.checked })} /> Coluna de tarefas concluídas
            </label>
            {removing?.id === c.id && (
              <div className="grid gap-2 rounded-md bg-amber-50 p-2" role="alert">
                <Label htmlFor={`move-${c.id}`}>
                  A coluna tem {c.count} {c.count === 1 ? 'tarefa' : 'tarefas'}. Mover para:
                </Label>
                <select id={`move-${c.id}`} className={inputClass} value={moveTo} onChange={(e) => setMoveTo(e.target.value)}>
                  {columns
                    .filter((x) => x.id !== c.id)
                    .map((x) => (
                      <option key={x.id} value={x.id}>
                        {x.name}
                      </option>
                    ))}
                </select>
                <div className="flex justify-end gap-2">
                  <Button variant="secondary" size="sm" onClick={() => setRemoving(null)}>
                    Cancelar
                  </Button>
                  <Button variant="destructive" size="sm" pending={remove.isPending} onClick={() => remove.mutate({ id: c.id, moveTo })}>
                    Mover e excluir
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      <form className="flex items-end gap-2" onSubmit={submitWhenFilled(name, () => add.mutate())}>
        <div className="grid flex-1 gap-1">
          <Label htmlFor="new-column">Nova coluna</Label>
          <Input id="new-column" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </div>
        <Button type="submit" pending={add.isPending}>
          Adicionar
        </Button>
      </form>
    </ScrollDialog>
  );
}
