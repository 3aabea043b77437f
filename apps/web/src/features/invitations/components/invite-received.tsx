import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { INVITE_MESSAGES, type InvitationByToken } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { useDeclineInvitation } from '../api/decline-invitation.ts';
import { InviteHeading, InviteSummary } from './invite-summary.tsx';

export const welcomeMessage = (companyName: string) => `Bem-vindo(a) à equipe ${companyName}!`;

/** 'Convite Recebido': a signed-in person with a name and no company accepts or declines. */
export function InviteReceived({ invitation, token }: { invitation: InvitationByToken; token: string }) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const acceptMutation = useAcceptInvitation();
  const declineMutation = useDeclineInvitation();
  const busy = acceptMutation.isPending || declineMutation.isPending;

  const accept = async () => {
    try {
      const reply = await acceptMutation.mutateAsync(token);
      await refresh();
      toast.success(welcomeMessage(reply.companyName ?? invitation.companyName));
      navigate('/empresa', { replace: true });
    } catch (e) {
      toast.error(e instanceof Error && e.message ? e.message : INVITE_MESSAGES.unexpectedProcess);
    }
  };

  return (
    <div className="grid gap-5" data-testid="invite-received">
      <InviteHeading title="Convite Recebido">Você foi convidado(a) para fazer parte de uma equipe no Sede.</InviteHeading>
      <InviteSummary invitation={invitation} />
      <div className="grid gap-2 sm:grid-cols-2">
        <Button variant="secondary" onClick={() => void decline(token, declineMutation.mutateAsync, navigate)} disabled={busy} pending={declineMutation.isPending}>
          Recusar
        </Button>
        <Button onClick={() => void accept()} disabled={busy} pending={acceptMutation.isPending}>
          Aceitar convite
        </Button>
      </div>
    </div>
  );
}

/** Decline: the invitation is deleted, 'Convite recusado', then /auth. */
export async function decline(token: string, run: (token: string) => Promise<void>, navigate: (to: string) => void) {
  try {
    await run(token);
    toast.success(INVITE_MESSAGES.declined);
    navigate('/auth');
  } catch (e) {
    toast.error(INVITE_MESSAGES.declineError, { description: e instanceof Error ? e.message : undefined });
  }
}
