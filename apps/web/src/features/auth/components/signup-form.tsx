import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { checkSignUp, type SignUpField, type SignUpValues } from '@sede/shared/auth-rules';
import { PERSON_NAME_MAX_LENGTH } from '@sede/shared/constants';
import { SIGNUP_ERRORS, signUpErrorMessage } from '@sede/shared/auth-errors';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useSignUp } from '../api/sign-up.ts';
import { useFieldForm } from '../hooks/use-field-form.ts';
import { lengthHint } from '../../../components/form/length-hint.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';

type FieldName = SignUpField;
type Values = SignUpValues;
const empty = (email = ''): Values => ({ firstName: '', lastName: '', email, password: '', confirmPassword: '' });
const RATE_LIMIT_TOAST_MS = 8000;
const FIELDS: FieldName[] = ['firstName', 'lastName', 'email', 'password', 'confirmPassword'];
/** Under each other empty required field; the first one carries the spec's message. */
const FIELD_REQUIRED = 'Campo obrigatório';

/** 'Criar conta': spec §5 validation and §8 sign-up errors; success opens the 'Verifique seu E-mail' modal. */
export function SignupForm({
  defaultEmail = '',
  onSignedUp,
  onGoToLogin,
}: {
  defaultEmail?: string;
  onSignedUp: (email: string) => void;
  onGoToLogin: (email: string) => void;
}) {
  const { values, setValues, setError, fail, bind, errorOf, busy } = useFieldForm<FieldName>(() => empty(defaultEmail));
  const signUp = useSignUp();
  // After a submit with empty required fields, every one of them is marked until it is filled.
  const [markedEmpty, setMarkedEmpty] = useState<FieldName[]>([]);
  // What no field caused (a limit, a server error) is said above the button, not under 'Nome'.
  const [formError, setFormError] = useState<{ title: string; description?: string } | null>(null);
  const fieldError = (name: FieldName) =>
    errorOf(name) ?? (markedEmpty.includes(name) && !values[name].trim() ? FIELD_REQUIRED : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    const parsed = checkSignUp(values);
    setFormError(null);
    setMarkedEmpty(FIELDS.filter((f) => !values[f].trim()));
    if (!parsed.success) {
      toast.error(parsed.message);
      return fail(parsed.field, parsed.message);
    }
    const { firstName, lastName, email, password } = parsed.data;
    busy.current = true;
    try {
      const { data, error: apiError } = await signUp.mutateAsync({ firstName, lastName, email, password });
      if (apiError) {
        const result = signUpErrorMessage(apiError);
        const rateLimited = result.title === SIGNUP_ERRORS.emailRateLimit || result.title === SIGNUP_ERRORS.rateLimit;
        toast.error(result.title, {
          description: result.alreadyRegistered ? 'Entre com sua senha ou recupere o acesso.' : result.description,
          duration: rateLimited ? RATE_LIMIT_TOAST_MS : undefined,
          action: result.alreadyRegistered ? { label: 'Entrar', onClick: () => onGoToLogin(email) } : undefined,
        });
        if (result.alreadyRegistered) return fail('email', result.title);
        return setFormError({ title: result.title, description: result.description });
      }
      if (!data?.user) {
        toast.error(SIGNUP_ERRORS.noUser);
        return setFormError({ title: SIGNUP_ERRORS.noUser });
      }
      setValues(empty());
      setError(null);
      onSignedUp(email);
    } catch (e) {
      const description = e instanceof Error ? e.message : undefined;
      toast.error(SIGNUP_ERRORS.generic, { description });
      setFormError({ title: SIGNUP_ERRORS.generic, description });
    } finally {
      busy.current = false;
    }
  };


  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Criar conta">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field label="Nome" error={fieldError('firstName')} hint={lengthHint(values.firstName, PERSON_NAME_MAX_LENGTH)}>
          <Input autoComplete="given-name" {...bind('firstName')} />
        </Field>
        <Field label="Sobrenome" error={fieldError('lastName')} hint={lengthHint(values.lastName, PERSON_NAME_MAX_LENGTH)}>
          <Input autoComplete="family-name" {...bind('lastName')} />
        </Field>
      </div>
      <Field label="E-mail" error={fieldError('email')}>
        <Input type="email" inputMode="email" autoComplete="email" placeholder="voce@empresa.com.br" {...bind('email')} />
      </Field>
      <NewPasswordFields label="Senha" confirmLabel="Confirmar senha" bind={bind} errorOf={fieldError} />
      {formError && <FormAlert title={formError.title}>{formError.description}</FormAlert>}
      <Button type="submit" className="w-full" pending={signUp.isPending}>
        Criar conta
      </Button>
      <p className="text-center text-xs text-slate-600">Enviaremos um link para confirmar seu e-mail antes do primeiro acesso.</p>
    </form>
  );
}
