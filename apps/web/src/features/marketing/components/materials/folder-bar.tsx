import { ChevronRight, Folder, FolderInput, Pencil, Trash2 } from 'lucide-react';
import type { MaterialFolder } from '@sede/shared/marketing/materials';
import { cn } from '../../../../lib/cn.ts';
import { Button } from '../../../../components/ui/button.tsx';

export type FolderAction = 'new' | 'rename' | 'move' | 'delete';

const crumb = (here: boolean) => cn('rounded px-1.5 py-0.5 hover:underline', here ? 'font-semibold text-slate-900' : 'text-[var(--color-accent)]');

/** Where the person is in the client's library (Biblioteca › folder › …), the folder's actions and its subfolders. */
export function FolderBar({ trail, folderId, subfolders, onOpen, onAction }: { trail: MaterialFolder[]; folderId: string | undefined; subfolders: MaterialFolder[]; onOpen: (id: string | undefined) => void; onAction: (action: FolderAction) => void }) {
  return (
    <div className="grid gap-2">
      <nav aria-label="Pastas" className="flex flex-wrap items-center gap-1 text-sm">
        <button type="button" onClick={() => onOpen(undefined)} className={crumb(!folderId)} aria-current={!folderId ? 'page' : undefined}>
          Biblioteca
        </button>
        {trail.map((f) => (
          <span key={f.id} className="flex items-center gap-1">
            <ChevronRight className="size-4 text-slate-400" aria-hidden />
            <button type="button" onClick={() => onOpen(f.id)} className={crumb(f.id === folderId)} aria-current={f.id === folderId ? 'page' : undefined}>
              {f.name}
            </button>
          </span>
        ))}
        {trail.length > 0 && (
          <span className="ml-auto flex flex-wrap gap-1">
            <Button variant="ghost" size="sm" onClick={() => onAction('rename')}>
              <Pencil aria-hidden /> Renomear pasta
            </Button>
            <Button variant="ghost" size="sm" onClick={() => onAction('move')}>
              <FolderInput aria-hidden /> Mover para…
            </Button>
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => onAction('delete')}>
              <Trash2 aria-hidden /> Excluir pasta
            </Button>
          </span>
        )}
      </nav>
      {subfolders.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-label="Subpastas">
          {subfolders.map((f) => (
            <li key={f.id}>
              <button type="button" onClick={() => onOpen(f.id)} className="flex w-full items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-left text-sm font-medium text-slate-800 hover:border-[var(--color-accent)] hover:bg-[var(--color-accent-soft)]">
                <Folder className="size-4 shrink-0 text-[var(--color-accent)]" aria-hidden />
                <span className="truncate">{f.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
