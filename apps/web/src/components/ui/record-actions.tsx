import { Pencil, Trash2 } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { Button } from './button.tsx';
import { ConfirmDeleteDialog } from './confirm-delete-dialog.tsx';

/** What 'Excluir' asks before it deletes, and the deletion itself (ConfirmDeleteDialog's texts and `onConfirm`). */
export type RecordDeletion = Omit<ComponentProps<typeof ConfirmDeleteDialog>, 'open' | 'onOpenChange'>;

/**
 * A record's 'Editar' and 'Excluir' (each only when given: the person may not have the right).
 * With `deletion`, 'Excluir' opens its own confirmation instead of calling `onDelete`.
 */
export function RecordActions({ onEdit, onDelete, deletion }: { onEdit?: () => void; onDelete?: () => void; deletion?: RecordDeletion }) {
  const [confirming, setConfirming] = useState(false);
  const remove = deletion ? () => setConfirming(true) : onDelete;
  return (
    <>
      {onEdit && (
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden /> Editar
        </Button>
      )}
      {remove && (
        <Button variant="ghost" size="sm" onClick={remove}>
          <Trash2 aria-hidden /> Excluir
        </Button>
      )}
      {deletion && <ConfirmDeleteDialog open={confirming} onOpenChange={setConfirming} {...deletion} />}
    </>
  );
}
