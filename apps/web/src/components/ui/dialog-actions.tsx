import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A dialog form's footer: 'Cancelar' and the submit button, stacked on phones with the submit on top. */
export function DialogActions({ onCancel, pending, submitLabel = 'Salvar', disabled }: { onCancel: () => void; pending?: boolean; submitLabel?: ReactNode; disabled?: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" pending={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
