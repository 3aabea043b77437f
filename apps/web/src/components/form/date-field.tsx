import type { ComponentProps } from 'react';
import { Field } from '../ui/field.tsx';
import { Input } from '../ui/input.tsx';

type DateFieldProps = { label: string; hint?: string; value: string; onChange: (isoDate: string) => void } & Omit<ComponentProps<typeof Input>, 'type' | 'value' | 'onChange'>;

/** A labelled native date input; the value is 'AAAA-MM-DD' ('' when empty). */
export function DateField({ label, hint, value, onChange, ...input }: DateFieldProps) {
  return (
    <Field label={label} hint={hint}>
      <Input type="date" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
    </Field>
  );
}
