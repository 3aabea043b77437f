import { toast } from '../../../../lib/toast.ts';
import type { MaterialFolder } from '@sede/shared/marketing/materials';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog.tsx';
import { createFolder, deleteFolder, renameFolder } from '../../api/materials.ts';
import type { FolderAction } from './folder-bar.tsx';
import { FolderDialog } from './folder-dialog.tsx';
import { MoveFolderDialog } from './move-folder-dialog.tsx';

type Props = {
  action: FolderAction | null;
  onAction: (action: FolderAction | null) => void;
  clientId: string | undefined;
  folderId: string | undefined;
  /** The folder open in the library (none at its root). */
  current: MaterialFolder | undefined;
  folders: MaterialFolder[];
  /** After a deletion: open the folder's parent. */
  onOpen: (id: string | undefined) => void;
  onChanged: () => Promise<unknown>;
};

/** The folder's dialogs: a new folder inside the open one, rename, 'Mover para…' and delete (an empty folder only). */
export function FolderDialogs({ action, onAction, clientId, folderId, current, folders, onOpen, onChanged }: Props) {
  const toggle = (a: FolderAction) => (open: boolean) => onAction(open ? a : null);
  return (
    <>
      <FolderDialog
        open={action === 'new'}
        onOpenChange={toggle('new')}
        title={current ? `Nova pasta em "${current.name}"` : 'Nova pasta'}
        submitLabel="Criar pasta"
        onSubmit={async (name) => {
          await createFolder({ clientId: clientId!, parentId: folderId ?? null, name });
          await onChanged();
        }}
      />
      {current && (
        <FolderDialog
          key={current.id}
          open={action === 'rename'}
          onOpenChange={toggle('rename')}
          title="Renomear pasta"
          initial={current.name}
          submitLabel="Salvar"
          onSubmit={async (name) => {
            await renameFolder(current.id, name);
            await onChanged();
          }}
        />
      )}
      {current && <MoveFolderDialog key={`move-${current.id}`} folder={current} folders={folders} open={action === 'move'} onOpenChange={toggle('move')} onMoved={async () => void (await onChanged())} />}
      <ConfirmDeleteDialog
        open={action === 'delete'}
        onOpenChange={toggle('delete')}
        title="Excluir pasta?"
        description={`A pasta "${current?.name ?? ''}" precisa estar vazia para ser excluída.`}
        failureMessage="Não foi possível excluir a pasta."
        onConfirm={async () => {
          await deleteFolder(current!.id);
          onAction(null);
          onOpen(current!.parentId ?? undefined);
          toast.success('Pasta excluída');
          await onChanged();
        }}
      />
    </>
  );
}
