import { toast } from 'sonner';
import { ApiError } from '../../lib/api-client.ts';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

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
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancelar
        </Button>
        <Button
          variant="destructive"
          onClick={async () => {
            try {
              await onConfirm();
            } catch (err) {
              onOpenChange(false);
              toast.error(err instanceof ApiError ? err.message : failureMessage);
            }
          }}
        >
          Excluir
        </Button>
      </div>
    </Dialog>
  );
}
