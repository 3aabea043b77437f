import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { DELAYS } from '@sede/shared/constants';
import { signUpErrorMessage } from '@sede/shared/auth-errors';
import { completeProfileAfterInvitePath, createPasswordSchema, INVITE_MESSAGES, type CreatePasswordInput, type InvitationByToken } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordInput } from '../../../components/form/password-input.tsx';
import { VerifyEmailDialog } from '../../../components/form/verify-email-dialog.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useSignUpFromInvite } from '../api/sign-up-from-invite.ts';

/** Create-password form of the invite view (nobody signed in, no account yet). */
export function CreatePasswordForm({ invitation, token }: { invitation: InvitationByToken; token: string }) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const signUp = useSignUpFromInvite();
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const form = useForm<CreatePasswordInput>({ resolver: zodResolver(createPasswordSchema), defaultValues: { password: '', confirmPassword: '' } });
  const [password, confirmPassword] = form.watch(['password', 'confirmPassword']);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const { data, error } = await signUp.mutateAsync({ email: invitation.email, password: password ?? '', token });
      if (error) {
        const mapped = signUpErrorMessage(error);
        if (mapped.alreadyRegistered) {
          toast.error(INVITE_MESSAGES.userAlreadyRegistered, { description: INVITE_MESSAGES.existingAccount });
          setTimeout(() => navigate(`/auth?email=${encodeURIComponent(invitation.email)}`), DELAYS.existingAccountRedirect);
          return;
        }
        toast.error(`${INVITE_MESSAGES.createAccountError}${error.message ?? mapped.title}`);
        return;
      }
      form.reset();
      // With e-mail confirmation required there is no session yet: the modal explains the next step.
      const me = data?.token ? await refresh() : null;
      if (me?.user.emailVerified) {
        setTimeout(() => navigate(completeProfileAfterInvitePath(token, invitation.email), { replace: true }), DELAYS.afterSignUpWithSession);
        return;
      }
      setVerifyEmail(invitation.email);
    } catch {
      toast.error(INVITE_MESSAGES.unexpectedProcess);
    }
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Criar senha">
        <Field label="E-mail">
          <Input value={invitation.email} readOnly aria-readonly />
        </Field>
        <Field label="Senha" error={errors.password?.message === INVITE_MESSAGES.passwordTooShort ? `${INVITE_MESSAGES.passwordTooShortTitle}: ${errors.password.message}` : errors.password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('password')} />
        </Field>
        <Field label="Confirmar senha" error={errors.confirmPassword?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" className="w-full" disabled={!password || !confirmPassword} pending={signUp.isPending}>
          Criar conta e aceitar convite
        </Button>
      </form>
      <VerifyEmailDialog
        email={verifyEmail}
        onClose={() => {
          setVerifyEmail(null);
          navigate(`/auth?email=${encodeURIComponent(invitation.email)}`);
        }}
      />
    </>
  );
}
