import type { DocumentFolder } from '@sede/shared/documents/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { Folder, FolderPlus, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { createFolder } from '../api/create-folder.ts';
import { deleteFolder } from '../api/delete-folder.ts';
import { documentKeys } from '../api/keys.ts';
import { renameFolder } from '../api/rename-folder.ts';

type Props = { folders: DocumentFolder[]; selected: string | undefined; onSelect: (id: string | undefined) => void };

/** The folders of the company's documentation, one level shown with their subfolders indented. */
export function FolderList({ folders, selected, onSelect }: Props) {
  const qc = useQueryClient();
  const [editing, setEditing] = useState<{ id?: string; parentId: string | null; name: string } | null>(null);
  const byParent = (parentId: string | null) => folders.filter((f) => f.parentId === parentId);
  const refresh = () => qc.invalidateQueries({ queryKey: documentKeys.all });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    try {
      if (editing.id) await renameFolder(editing.id, editing.name);
      else onSelect((await createFolder(editing.name, editing.parentId)).id);
      await refresh();
      setEditing(null);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível salvar a pasta.');
    }
  };
  const item = (f: DocumentFolder, depth: number) => (
    <li key={f.id}>
      <div className={`group flex items-center rounded-md ${selected === f.id ? 'bg-[var(--color-accent-soft)]' : 'hover:bg-slate-100'}`} style={{ paddingLeft: `${depth * 0.75}rem` }}>
        <button type="button" aria-current={selected === f.id ? 'true' : undefined} onClick={() => onSelect(f.id)} className="flex min-w-0 flex-1 items-center gap-2 px-2 py-1.5 text-left text-sm text-slate-800">
          <Folder className="size-4 shrink-0 text-slate-500" aria-hidden />
          <span className="truncate">{f.name}</span>
          <span className="ml-auto text-xs text-slate-500">{f.documents}</span>
        </button>
        <button type="button" aria-label={`Renomear ${f.name}`} className="rounded p-1 text-slate-500 hover:text-slate-900" onClick={() => setEditing({ id: f.id, parentId: f.parentId, name: f.name })}>
          <Pencil className="size-3.5" aria-hidden />
        </button>
        <button
          type="button"
          aria-label={`Excluir ${f.name}`}
          className="rounded p-1 text-slate-500 hover:text-red-700"
          onClick={async () => {
            try {
              await deleteFolder(f.id);
              if (selected === f.id) onSelect(undefined);
              await refresh();
              toast.success('Pasta excluída.');
            } catch (err) {
              toast.error(err instanceof ApiError ? err.message : 'Não foi possível excluir a pasta.');
            }
          }}
        >
          <Trash2 className="size-3.5" aria-hidden />
        </button>
      </div>
      {byParent(f.id).length > 0 && <ul>{byParent(f.id).map((c) => item(c, depth + 1))}</ul>}
    </li>
  );
  return (
    <nav aria-label="Pastas" className="grid gap-2">
      <ul className="grid gap-0.5">
        <li>
          <button
            type="button"
            aria-current={selected === undefined ? 'true' : undefined}
            onClick={() => onSelect(undefined)}
            className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${selected === undefined ? 'bg-[var(--color-accent-soft)] font-medium' : 'hover:bg-slate-100'}`}
          >
            Todos os documentos
          </button>
        </li>
        <li>
          <button
            type="button"
            aria-current={selected === 'raiz' ? 'true' : undefined}
            onClick={() => onSelect('raiz')}
            className={`flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm ${selected === 'raiz' ? 'bg-[var(--color-accent-soft)] font-medium' : 'hover:bg-slate-100'}`}
          >
            Sem pasta
          </button>
        </li>
        {byParent(null).map((f) => item(f, 0))}
      </ul>
      <Button variant="secondary" size="sm" onClick={() => setEditing({ parentId: selected && selected !== 'raiz' ? selected : null, name: '' })}>
        <FolderPlus aria-hidden /> Nova pasta
      </Button>
      <Dialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} title={editing?.id ? 'Renomear pasta' : 'Nova pasta'}>
        <form onSubmit={submit} className="grid gap-4">
          <Field label="Nome da pasta">
            <Input value={editing?.name ?? ''} maxLength={80} onChange={(e) => setEditing((v) => (v ? { ...v, name: e.target.value } : v))} autoFocus />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setEditing(null)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={!editing?.name.trim()}>
              Salvar
            </Button>
          </div>
        </form>
      </Dialog>
    </nav>
  );
}
