import { MailCheck } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import type { InvitationByToken } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { useResendInviteConfirmation } from '../api/resend-confirmation.ts';

/** The invitee signed up but has not confirmed the e-mail yet: say so (never "not found"). */
export function ConfirmEmailNotice({ invitation, token }: { invitation: InvitationByToken; token: string }) {
  const resend = useResendInviteConfirmation();
  const send = async () => {
    const result = await resend.mutateAsync({ email: invitation.email, token }).catch(() => null);
    if (!result || result.error) toast.error('Não foi possível reenviar o e-mail', { description: result?.error?.message ?? 'Tente novamente em alguns minutos.' });
    else toast.success('E-mail de confirmação reenviado', { description: `Confira a caixa de entrada de ${invitation.email}.` });
  };
  return (
    <div className="grid gap-4" data-testid="invite-confirm-email">
      <div className="flex gap-3 rounded-[var(--radius-ui)] bg-[var(--color-accent-soft)] p-4 text-sm text-slate-800">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden />
        <div className="grid gap-1">
          <p className="font-semibold text-slate-900">Confirme seu e-mail para aceitar o convite</p>
          <p>
            Sua conta com <strong className="break-all">{invitation.email}</strong> já foi criada. Abra o link de confirmação que enviamos (veja também a pasta de spam) e você entrará direto na equipe.
          </p>
        </div>
      </div>
      <Button variant="secondary" onClick={() => void send()} pending={resend.isPending}>
        Reenviar e-mail de confirmação
      </Button>
    </div>
  );
}
