import { Folder, Library } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { MATERIAL_LIMITS, type MaterialFolder } from '@sede/shared/marketing/materials';
import { cn } from '../../../../lib/cn.ts';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { useSubmit } from '../../../../lib/use-submit.ts';
import { moveFolder } from '../../api/materials.ts';
import { moveTargets, type MoveTarget } from './folders.ts';

const ROOT = 'raiz';
const BLOCKED: Record<NonNullable<MoveTarget['blocked']>, string> = {
  self: 'a própria pasta',
  inside: 'dentro dela',
  deep: `passaria de ${MATERIAL_LIMITS.folderDepth} níveis`,
};

/**
 * 'Mover para…' of a folder (decision 0342): the client's folders as a tree, the library's root
 * first; the folder itself, its subfolders and destinations too deep are shown but disabled.
 */
export function MoveFolderDialog({
  folder,
  folders,
  open,
  onOpenChange,
  onMoved,
}: {
  folder: MaterialFolder;
  folders: MaterialFolder[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMoved: (folder: MaterialFolder) => void | Promise<void>;
}) {
  const id = useId();
  const current = folder.parentId ?? ROOT;
  const [target, setTarget] = useState(current);
  const move = useSubmit(async () => {
    const moved = await moveFolder(folder.id, target === ROOT ? null : target);
    toast.success('Pasta movida');
    await onMoved(moved);
    onOpenChange(false);
  }, 'Não foi possível mover a pasta.');
  const { setError } = move;
  useEffect(() => {
    if (open) {
      setTarget(folder.parentId ?? ROOT);
      setError(null);
    }
  }, [open, folder.parentId, setError]);
  const rows = moveTargets(folder, folders, MATERIAL_LIMITS.folderDepth);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Mover "${folder.name}"`} description="A pasta vai com as subpastas e os materiais que estão nela.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void move.submit();
        }}
      >
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium text-slate-900">Para onde</legend>
          <ul className="max-h-72 overflow-y-auto rounded-lg border border-slate-200 p-1" aria-label="Pastas desta empresa cliente">
            {rows.map((row) => {
              const value = row.folder?.id ?? ROOT;
              const disabled = row.blocked !== null;
              return (
                <li key={value}>
                  <label
                    className={cn(
                      'flex min-h-10 items-center gap-2 rounded-md py-1.5 pr-2 text-sm',
                      disabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-800 hover:bg-slate-50',
                      target === value && 'bg-[var(--color-accent-soft)]',
                    )}
                    style={{ paddingLeft: `${0.5 + row.level * 1.25}rem` }}
                  >
                    <input type="radio" name={`${id}-target`} value={value} checked={target === value} disabled={disabled} onChange={() => setTarget(value)} className="size-4 accent-[var(--color-accent)]" />
                    {row.folder ? <Folder className="size-4 shrink-0 text-[var(--color-accent)]" aria-hidden /> : <Library className="size-4 shrink-0 text-slate-600" aria-hidden />}
                    <span className="min-w-0 flex-1 truncate">{row.folder?.name ?? 'Biblioteca (fora de pastas)'}</span>
                    {row.current && <span className="shrink-0 text-xs text-slate-600">atual</span>}
                    {row.blocked && <span className="shrink-0 text-xs text-slate-600">({BLOCKED[row.blocked]})</span>}
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <FormActions error={move.error} onCancel={() => onOpenChange(false)} submitLabel="Mover" pending={move.pending} disabled={target === current} />
      </form>
    </Dialog>
  );
}
