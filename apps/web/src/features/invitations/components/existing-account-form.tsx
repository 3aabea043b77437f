import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LOGIN_ERRORS, loginErrorMessage } from '@sede/shared/auth-errors';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { INVITE_MESSAGES, type InvitationByToken } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { emitAuthEvent } from '../../../lib/auth-events.ts';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { PasswordInput } from '../../../components/form/password-input.tsx';
import { useSignIn } from '../../../lib/session/sign-in.ts';

/**
 * The invited address already has an account: sign in right here and carry on with the
 * invitation (the /auth rules would send someone without a company to create one).
 */
export function ExistingAccountForm({ invitation }: { invitation: InvitationByToken }) {
  const signIn = useSignIn();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password.trim()) {
      setError(AUTH_MESSAGES.required);
      return;
    }
    setError(null);
    const result = await signIn.mutateAsync({ email: invitation.email, password: password.trim() }).catch(() => null);
    if (!result) return setError(LOGIN_ERRORS.unexpected);
    if (result.error) return setError(loginErrorMessage(result.error));
    emitAuthEvent('SIGNED_IN');
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Entrar para aceitar o convite">
      <FormAlert tone="success" title={INVITE_MESSAGES.existingAccount} />
      <Field label="E-mail">
        <Input value={invitation.email} readOnly aria-readonly />
      </Field>
      <Field label="Senha" error={error ?? undefined}>
        <PasswordInput autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Button type="submit" className="w-full" pending={signIn.isPending}>
        Entrar e ver o convite
      </Button>
      <Button asChild variant="link" className="justify-self-center">
        <Link to={`/auth?email=${encodeURIComponent(invitation.email)}`}>Esqueci minha senha</Link>
      </Button>
    </form>
  );
}
