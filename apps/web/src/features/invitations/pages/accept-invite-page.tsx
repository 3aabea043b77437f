import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { DELAYS } from '@sede/shared/constants';
import { normalizeEmail } from '@sede/shared/email';
import { INVITE_MESSAGES, invitationTokenSchema, type InvitationByToken } from '@sede/shared/invitations';
import { PROFILE_MESSAGES, type SaveProfileReply } from '@sede/shared/profile';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useProfile } from '../../../components/profile/api/get-profile.ts';
import { ProfileForm } from '../../../components/profile/profile-form.tsx';
import { ProfileSkeleton } from '../../../components/profile/profile-skeleton.tsx';
import { useDeclineInvitation } from '../api/decline-invitation.ts';
import { invitationLoadError, useInvitationByToken } from '../api/get-invitation-by-token.ts';
import { AlreadyAccepted, OtherCompany } from '../components/already-member.tsx';
import { ConfirmEmailNotice } from '../components/confirm-email-notice.tsx';
import { CreatePasswordForm } from '../components/create-password-form.tsx';
import { ExistingAccountForm } from '../components/existing-account-form.tsx';
import { InvalidInvite } from '../components/invalid-invite.tsx';
import { decline, InviteReceived, welcomeMessage } from '../components/invite-received.tsx';
import { InviteHeading, InviteSummary } from '../components/invite-summary.tsx';
import { WrongEmail } from '../components/wrong-email.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

/** /accept-invite?token&email: every view of spec §2/§4, decided from the invitation and the session. */
export default function AcceptInvitePage() {
  const [params] = useUrlParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const auth = useAuth();
  const tokenValid = invitationTokenSchema.safeParse(token).success;
  const invitation = useInvitationByToken(tokenValid ? token : null, auth.user?.id ?? null);

  let view: React.ReactNode;
  if (!tokenValid) view = <InvalidInvite error={INVITE_MESSAGES.invalidToken} token={token} email={email} />;
  else if (auth.isLoading || auth.isProfileLoading || invitation.isPending) view = <Spinner label="Carregando convite..." />;
  else if (invitation.isError) view = <InvalidInvite error={invitationLoadError(invitation.error)} token={token} email={email} />;
  else view = <InviteFlow invitation={invitation.data} token={token} />;

  return <FocusCard>{view}</FocusCard>;
}

function InviteFlow({ invitation, token }: { invitation: InvitationByToken; token: string }) {
  const auth = useAuth();
  if (!auth.isAuthenticated || !auth.user) return <SignedOut invitation={invitation} token={token} />;
  if (normalizeEmail(auth.user.email) !== normalizeEmail(invitation.email)) return <WrongEmail invitation={invitation} currentEmail={auth.user.email} />;
  const missingName = !auth.profile?.first_name?.trim() || !auth.profile?.last_name?.trim();
  if (missingName) return <CompleteProfileStep invitation={invitation} token={token} />;
  if (!auth.company) return <InviteReceived invitation={invitation} token={token} />;
  if (invitation.status === 'accepted' || invitation.viewerIsMember) return <AlreadyAccepted />;
  return <OtherCompany companyName={invitation.companyName} />;
}

/** Nobody signed in: create a password, confirm the e-mail, or sign in to the existing account. */
function SignedOut({ invitation, token }: { invitation: InvitationByToken; token: string }) {
  const navigate = useNavigate();
  const declineMutation = useDeclineInvitation();
  const title = invitation.account === 'none' ? 'Crie sua senha' : invitation.account === 'unconfirmed' ? 'Confirme seu e-mail' : 'Entre para aceitar o convite';
  return (
    <div className="grid gap-5">
      <InviteHeading title={title}>Você recebeu um convite para uma equipe no Sede.</InviteHeading>
      <InviteSummary invitation={invitation} />
      {invitation.account === 'none' && <CreatePasswordForm invitation={invitation} token={token} />}
      {invitation.account === 'unconfirmed' && <ConfirmEmailNotice invitation={invitation} token={token} />}
      {invitation.account === 'confirmed' && <ExistingAccountForm invitation={invitation} />}
      <Button
        variant="link"
        className="justify-self-center text-slate-600"
        onClick={() => void decline(token, declineMutation.mutateAsync, navigate)}
        pending={declineMutation.isPending}
      >
        Recusar convite
      </Button>
    </div>
  );
}

/** First or last name missing: the profile form; saving it accepts the invitation. */
function CompleteProfileStep({ invitation, token }: { invitation: InvitationByToken; token: string }) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const profile = useProfile();
  const onSaved = async (reply: SaveProfileReply) => {
    toast.success(reply.invitation?.accepted || reply.profile.companyId ? welcomeMessage(invitation.companyName) : PROFILE_MESSAGES.saved);
    await new Promise((r) => setTimeout(r, DELAYS.afterProfileRefresh));
    await refresh();
    navigate('/empresa', { replace: true });
  };
  return (
    <div className="grid gap-5">
      <InviteHeading title="Complete seu cadastro">Informe seu nome para entrar na equipe.</InviteHeading>
      <InviteSummary invitation={invitation} />
      {profile.data ? (
        <ProfileForm profile={profile.data} invitationToken={token} submitLabel="Finalizar Cadastro" autoFocusName googleCallbackURL="/perfil" onSaved={onSaved} />
      ) : (
        <ProfileSkeleton />
      )}
    </div>
  );
}
