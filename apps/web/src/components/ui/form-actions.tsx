import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** Why the form's last try failed, announced to screen readers. */
export function FormError({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  );
}

/**
 * The foot of a form (most often in a dialog): why the last try failed, then 'Cancelar' and the
 * submit button, busy while the form is sent. `children` are other buttons placed before the submit
 * ('Testar', 'Pedir alterações').
 */
export function FormActions({
  error,
  onCancel,
  cancelVariant = 'secondary',
  submitLabel,
  submitVariant,
  pending,
  disabled,
  stacked,
  children,
}: {
  error?: string | null;
  /** Shows 'Cancelar' (it closes the dialog). */
  onCancel?: () => void;
  cancelVariant?: 'secondary' | 'ghost';
  submitLabel: ReactNode;
  /** A submit that removes or refuses something ('Marcar como recusado') is destructive. */
  submitVariant?: 'primary' | 'destructive';
  pending?: boolean;
  disabled?: boolean;
  /** On a phone the buttons stack, the submit on top (Financeiro's dialogs). */
  stacked?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <FormError error={error} />
      <div className={stacked ? 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end' : 'flex flex-wrap justify-end gap-2'}>
        {onCancel && (
          <Button type="button" variant={cancelVariant} onClick={onCancel}>
            Cancelar
          </Button>
        )}
        {children}
        <Button type="submit" variant={submitVariant} pending={pending} disabled={disabled}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
