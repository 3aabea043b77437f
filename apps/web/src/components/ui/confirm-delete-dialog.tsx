import { useState } from 'react';
import { toast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** Deletes, then does what follows (invalidate, toast, navigate); a throw closes the dialog and says why. */
  onConfirm: () => Promise<void>;
  /** Said when the deletion fails without a message of the server's. */
  failureMessage: string;
};

/** 'Excluir …?': Cancelar or Excluir, for a deletion that cannot be undone. */
export function ConfirmDeleteDialog({ open, onOpenChange, title, description, onConfirm, failureMessage }: Props) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      confirmLabel="Excluir"
      destructive
      onConfirm={async () => {
        try {
          await onConfirm();
        } catch (err) {
          onOpenChange(false);
          toast.error(err instanceof ApiError ? err.message : failureMessage);
        }
      }}
    />
  );
}

/**
 * A record's deletion behind `ConfirmDeleteDialog` (spread `dialog` on it): `ask` opens it; on
 * 'Excluir' the record is removed, its lists refreshed, `done` said, and the page left.
 */
export function useDeletion({ remove, refresh, done, leave }: { remove: () => Promise<unknown>; refresh: () => unknown; done: string; leave: () => void }) {
  const [open, setOpen] = useState(false);
  const onConfirm = async () => {
    await remove();
    await refresh();
    toast.success(done);
    leave();
  };
  return { ask: () => setOpen(true), dialog: { open, onOpenChange: setOpen, onConfirm } };
}
