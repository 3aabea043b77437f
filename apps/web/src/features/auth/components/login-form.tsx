import { type ChangeEvent, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { checkSignIn } from '@sede/shared/auth-rules';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { LOGIN_ERRORS, loginErrorMessage, loginExceptionMessage } from '@sede/shared/auth-errors';
import { TOASTS } from '@sede/shared/constants';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { preloadAuthClient } from '../../../lib/session/auth-call.ts';
import { useSignIn } from '../../../lib/session/sign-in.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { PasswordInput } from '../../../components/form/password-input.tsx';
import { EmailInput } from './email-input.tsx';
import { ResendConfirmation } from './resend-confirmation.tsx';

type Errors = { email?: string; password?: string; form?: string };
const duration = TOASTS.loginDuration;

/** 'Entrar': spec §5 validation, §8 error catalogue, login toasts of 2.5 s. */
export function LoginForm({ defaultEmail = '', notice, onForgot }: { defaultEmail?: string; notice?: string; onForgot: (email: string) => void }) {
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const busy = useRef(false);
  const signIn = useSignIn();

  /** A field's change: keep what was typed, drop the last try's errors. */
  const typed = (set: (value: string) => void) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setErrors({});
  };

  const showError = (next: Errors, title: string, description?: string) => {
    setErrors(next);
    toast.error(title, { description, duration });
    (next.email ? emailRef : next.password ? passwordRef : null)?.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy.current) return;
    setUnconfirmedEmail(null);
    const parsed = checkSignIn({ email, password });
    if (!parsed.success) {
      const { field, message } = parsed;
      const title = message === AUTH_MESSAGES.required ? AUTH_MESSAGES.requiredTitle : message;
      return showError({ [field]: message }, title, title === message ? undefined : message);
    }
    busy.current = true;
    try {
      const { error } = await signIn.mutateAsync(parsed.data);
      if (error) {
        const message = loginErrorMessage(error);
        if (message === LOGIN_ERRORS.emailNotConfirmed) {
          setUnconfirmedEmail(parsed.data.email);
          return showError({ email: message }, message);
        }
        return showError(message === LOGIN_ERRORS.invalidCredentials ? { password: message } : { form: message }, message);
      }
      setErrors({});
      toast.success('Login realizado com sucesso!', { duration });
      // The provider reloads the session and the routing rules take the person onwards.
      emitAuthEvent('SIGNED_IN');
    } catch (e) {
      showError({ form: loginExceptionMessage(e) }, loginExceptionMessage(e));
    } finally {
      busy.current = false;
    }
  };

  // method="post": sent before the script took over (a prerendered page, decision 0636), the password never goes into the address.
  return (
    <form method="post" noValidate onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Entrar">
      {notice && <FormAlert tone="success" title={notice} />}
      <Field label="E-mail" error={errors.email}>
        <EmailInput ref={emailRef} value={email} onChange={typed(setEmail)} />
      </Field>
      {unconfirmedEmail && <ResendConfirmation email={unconfirmedEmail} />}
      <div className="grid gap-1.5">
        <Field label="Senha" error={errors.password}>
          <PasswordInput
            ref={passwordRef}
            name="password"
            autoComplete="current-password"
            value={password}
            onFocus={preloadAuthClient}
            onChange={typed(setPassword)}
          />
        </Field>
        <div className="flex justify-end">
          <Button type="button" variant="link" size="sm" className="h-auto px-0 py-0.5" onClick={() => onForgot(email.trim())}>
            Esqueceu a senha?
          </Button>
        </div>
      </div>
      {errors.form && <FormAlert title={errors.form} />}
      <Button type="submit" className="w-full" pending={signIn.isPending}>
        Entrar
      </Button>
    </form>
  );
}
