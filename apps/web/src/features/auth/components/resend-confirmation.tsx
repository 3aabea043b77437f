import { toast } from '../../../lib/toast.ts';
import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { Button } from '../../../components/ui/button.tsx';
import { useSendVerificationEmail } from '../api/send-verification-email.ts';

/** Shown after 'Email não confirmado': a new link, so a lost or expired e-mail is not a dead end. */
export function ResendConfirmation({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  const send = async () => {
    if (resend.isPending) return;
    const { error } = await resend.mutateAsync(email).catch(() => ({ error: { message: 'network' } }));
    if (error) toast.error(AUTH_MESSAGES.resetEmailError, { description: 'Tente novamente em alguns minutos.' });
    else toast.success('E-mail de confirmação reenviado', { description: `Enviamos um novo link para ${email}. Confira também o spam.` });
  };
  return (
    <div className="-mt-2 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
      <span>Não recebeu o e-mail?</span>
      <Button type="button" variant="link" size="sm" className="h-auto px-0 py-0.5" pending={resend.isPending} onClick={() => void send()}>
        Reenviar e-mail de confirmação
      </Button>
    </div>
  );
}
