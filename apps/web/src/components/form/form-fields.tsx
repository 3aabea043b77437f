import type { ComponentProps } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '../ui/field.tsx';
import { MaskedInput } from './masked-input.tsx';
import { MoneyInput } from './money-input.tsx';

type Bound<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string; hint?: string };

/** A masked input (CPF, phone, CEP) bound to a react-hook-form field, labelled, with the field's error. */
export function MaskedField<T extends FieldValues>({ control, name, label, hint, ...input }: Bound<T> & Omit<ComponentProps<typeof MaskedInput>, 'name' | 'value' | 'onValueChange' | 'onBlur' | 'ref'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message} hint={hint}>
          <MaskedInput {...input} value={field.value ?? ''} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={name} />
        </Field>
      )}
    />
  );
}

/** The one money input bound to a react-hook-form field of integer cents; `inputName` when the input's name differs. */
export function MoneyField<T extends FieldValues>({ control, name, label, hint, inputName }: Bound<T> & { inputName?: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message} hint={hint}>
          <MoneyInput cents={field.value} onCents={field.onChange} onBlur={field.onBlur} ref={field.ref} name={inputName ?? name} />
        </Field>
      )}
    />
  );
}
