import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export type ConfirmOptions = {
  title: string;
  description?: ReactNode;
  /** The confirming button's words ('Excluir', 'Enviar agora'…). */
  confirmLabel: string;
  /** The other button's words (default 'Cancelar'), when 'Cancelar' would read as undoing something else. */
  cancelLabel?: string;
  /** Red confirming button: the action deletes or cannot be undone. */
  destructive?: boolean;
};

type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending?: boolean;
};

/** The app's question before an action: Cancelar or the action (never the browser's `confirm`). */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Cancelar', destructive, onConfirm, pending }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} pending={pending}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}

/**
 * `const confirm = useConfirm()`: `await confirm.ask({ title, confirmLabel })` answers true when
 * the person confirms, false when they cancel or close; render `{confirm.dialog}` once.
 */
export function useConfirm(): { ask: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [open, setOpen] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOpen(false);
  };
  const ask = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const dialog = options ? <ConfirmDialog {...options} open={open} onOpenChange={(o) => !o && settle(false)} onConfirm={() => settle(true)} /> : null;
  return { ask, dialog };
}
