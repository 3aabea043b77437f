import { useId, type ReactElement, cloneElement } from 'react';
import { Label } from './label.tsx';

type FieldProps = {
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
};

/** A visible label, the control, and its error tied to it with aria-describedby. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const controlId = children.props.id ?? `${id}-control`;
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={controlId}>{label}</Label>
      {cloneElement(children, {
        id: controlId,
        'aria-describedby': error || hint ? messageId : undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-red-700">{error}</p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-slate-600">{hint}</p>
      ) : null}
    </div>
  );
}
