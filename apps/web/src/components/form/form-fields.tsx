import type { ComponentProps } from 'react';
import { type Control, Controller, type ControllerRenderProps, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field } from '../ui/field.tsx';
import { MaskedInput } from './masked-input.tsx';
import { MoneyInput } from './money-input.tsx';

type Bound<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string; hint?: string };

/** An input react-hook-form does not register by itself, bound through a Controller, labelled, with the field's error. */
function ControlledField<T extends FieldValues>({ control, name, label, hint, input }: Bound<T> & { input: (field: ControllerRenderProps<T, FieldPath<T>>) => ComponentProps<typeof Field>['children'] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message} hint={hint}>
          {input(field)}
        </Field>
      )}
    />
  );
}

/** A masked input (CPF, phone, CEP) bound to a react-hook-form field. */
export function MaskedField<T extends FieldValues>({ control, name, label, hint, ...props }: Bound<T> & Omit<ComponentProps<typeof MaskedInput>, 'name' | 'value' | 'onValueChange' | 'onBlur' | 'ref'>) {
  return <ControlledField control={control} name={name} label={label} hint={hint} input={(field) => <MaskedInput {...props} value={field.value ?? ''} onValueChange={field.onChange} onBlur={field.onBlur} ref={field.ref} name={name} />} />;
}

/** The one money input bound to a react-hook-form field of integer cents; `inputName` when the input's name differs. */
export function MoneyField<T extends FieldValues>({ inputName, ...bound }: Bound<T> & { inputName?: string }) {
  return <ControlledField {...bound} input={(field) => <MoneyInput cents={field.value} onCents={field.onChange} onBlur={field.onBlur} ref={field.ref} name={inputName ?? bound.name} />} />;
}
