import { Button } from './button.tsx';

/** A dialog form's footer: 'Cancelar' closes it, the submit button shows the request pending. */
export function FormActions({ onCancel, pending, submitLabel, disabled }: { onCancel: () => void; pending: boolean; submitLabel: string; disabled?: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="secondary" onClick={onCancel}>
        Cancelar
      </Button>
      <Button type="submit" pending={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
