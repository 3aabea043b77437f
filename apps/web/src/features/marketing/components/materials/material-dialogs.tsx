import { toast } from '../../../../lib/toast.ts';
import type { MaterialFolder, MaterialView } from '@sede/shared/marketing/materials';
import { ShareLinkDialog } from '../../../../components/files/share-link-dialog.tsx';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog.tsx';
import { deleteMaterial } from '../../api/materials.ts';
import { EditMaterialDialog } from './edit-material-dialog.tsx';
import type { MaterialAction } from './material-items.tsx';
import { PreviewDialog } from './preview-dialog.tsx';

export type MaterialDialog = { action: MaterialAction; material: MaterialView } | null;

/** The dialog of the action chosen on a material: preview, share link, edit, or delete (asked first). */
export function MaterialDialogs({ dialog, folders, onClose, onChanged }: { dialog: MaterialDialog; folders: MaterialFolder[]; onClose: () => void; onChanged: () => Promise<unknown> }) {
  const close = (open: boolean) => !open && onClose();
  return (
    <>
      {dialog?.action === 'preview' && <PreviewDialog material={dialog.material} onOpenChange={close} />}
      {dialog?.action === 'share' && <ShareLinkDialog file={{ id: dialog.material.fileId, name: dialog.material.name }} title="Compartilhar material" open onOpenChange={close} />}
      {dialog?.action === 'edit' && <EditMaterialDialog material={dialog.material} folders={folders} open onOpenChange={close} onSaved={() => void onChanged()} />}
      <ConfirmDeleteDialog
        open={dialog?.action === 'delete'}
        onOpenChange={close}
        title="Excluir material?"
        description={`"${dialog?.material.name ?? ''}" será excluído e os links compartilhados deixam de funcionar.`}
        failureMessage="Não foi possível excluir o material."
        onConfirm={async () => {
          await deleteMaterial(dialog!.material.id);
          onClose();
          toast.success('Material excluído');
          await onChanged();
        }}
      />
    </>
  );
}
