import type { ComponentProps } from 'react';
import { PasswordInput } from '../../../components/form/password-input.tsx';
import { Field } from '../../../components/ui/field.tsx';

type PasswordName = 'password' | 'confirmPassword';

/** A new password typed twice ('Criar conta', 'Nova senha'): at least 6 characters, the browser may suggest one. */
export function NewPasswordFields({ label, confirmLabel, bind, errorOf }: { label: string; confirmLabel: string; bind: (name: PasswordName) => ComponentProps<typeof PasswordInput>; errorOf: (name: PasswordName) => string | undefined }) {
  return (
    <>
      <Field label={label} error={errorOf('password')} hint="Mínimo de 6 caracteres">
        <PasswordInput autoComplete="new-password" {...bind('password')} />
      </Field>
      <Field label={confirmLabel} error={errorOf('confirmPassword')}>
        <PasswordInput autoComplete="new-password" {...bind('confirmPassword')} />
      </Field>
    </>
  );
}
