import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { DELAYS } from '@sede/shared/constants';
import { normalizeEmail } from '@sede/shared/email';
import { INVITE_MESSAGES, invitationTokenSchema } from '@sede/shared/invitations';
import { PROFILE_MESSAGES, PROFILE_MODALS, type SaveProfileReply } from '@sede/shared/profile';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { acceptInvitation, processInviteAfterConfirmation, useInvitationByToken, welcomeMessage, InviteSummary } from '../../invitations/public.ts';
import { useProfile } from '../../../components/profile/api/get-profile.ts';
import { ProfileErrorDialog, type ProfileModal } from '../../../components/profile/profile-error-dialog.tsx';
import { ProfileForm } from '../../../components/profile/profile-form.tsx';
import { ProfileSkeleton } from '../../../components/profile/profile-skeleton.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * /complete-profile (query token, email, confirmed). With an invitation for the signed-in
 * address it is accepted (after e-mail confirmation, or when the person has no company yet),
 * and saving the profile finishes it: 0.5 s, then /empresa with a welcome message.
 */
export default function CompleteProfilePage() {
  const [params] = useUrlParams();
  const navigate = useNavigate();
  const auth = useAuth();
  const profile = useProfile();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const confirmed = params.get('confirmed') === 'true';

  const hasInvite = Boolean(token || email);
  const tokenValid = invitationTokenSchema.safeParse(token).success;
  const emailMatches = Boolean(auth.user && email && normalizeEmail(email) === normalizeEmail(auth.user.email));
  const inviteUsable = hasInvite && tokenValid && emailMatches;
  const invitation = useInvitationByToken(inviteUsable ? token : null, auth.user?.id ?? null);
  const [modal, setModal] = useState<ProfileModal>(null);
  const [acceptFailed, setAcceptFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!inviteUsable || started.current || !auth.user) return;
    if (!confirmed && auth.company) return;
    started.current = true;
    const run = confirmed ? processInviteAfterConfirmation : acceptInvitation;
    run(token).then(
      () =>
        setTimeout(() => {
          void auth.refresh();
          void profile.refetch();
        }, DELAYS.afterProfileRefresh),
      (e: Error) => {
        setAcceptFailed(true);
        setModal({ title: confirmed ? PROFILE_MODALS.processing : PROFILE_MODALS.accept, description: e.message || INVITE_MESSAGES.unexpectedProcess });
      },
    );
  }, [inviteUsable, confirmed, token, auth, profile]);

  const companyName = invitation.data?.companyName ?? null;

  const onSaved = async (reply: SaveProfileReply) => {
    const joined = reply.invitation?.accepted || Boolean(reply.profile.companyId);
    if (joined) {
      const name = reply.invitation?.companyName ?? companyName ?? auth.company?.name;
      toast.success(name ? welcomeMessage(name) : PROFILE_MESSAGES.saved);
      await sleep(DELAYS.afterProfileRefresh);
      await auth.refresh();
      navigate('/empresa', { replace: true });
      return;
    }
    toast.success(PROFILE_MESSAGES.saved);
    await auth.refresh();
    navigate('/', { replace: true });
  };

  const inviteAlert = !hasInvite
    ? null
    : !tokenValid
      ? { title: INVITE_MESSAGES.invalidToken, text: 'Abra novamente o link do convite que você recebeu por e-mail.' }
      : !emailMatches
        ? { title: 'Email Incorreto', text: `Este convite foi enviado para ${email}, mas você está conectado como ${auth.user?.email ?? ''}.` }
        : invitation.isError
          ? { title: INVITE_MESSAGES.invalidDefault, text: 'Seu cadastro pode ser concluído mesmo assim; peça um novo convite a quem convidou você.' }
          : null;

  return (
    <FocusCard wide>
      <div className="mb-6 grid gap-1">
        <h1 className="text-xl font-semibold text-slate-900">Complete seu cadastro</h1>
        <p className="text-sm text-slate-600">Falta pouco: informe seu nome para que sua equipe reconheça você.</p>
      </div>
      <div className="mb-6 grid gap-3 empty:hidden">
        {invitation.data && <InviteSummary invitation={invitation.data} />}
        {inviteAlert && (
          <FormAlert title={inviteAlert.title}>
            <p>{inviteAlert.text}</p>
          </FormAlert>
        )}
      </div>
      {profile.data ? (
        <ProfileForm
          profile={profile.data}
          invitationToken={inviteUsable && !acceptFailed ? token : null}
          submitLabel="Finalizar Cadastro"
          autoFocusName
          googleCallbackURL={typeof window === 'undefined' ? '/complete-profile' : `${window.location.pathname}${window.location.search}`}
          onSaved={onSaved}
        />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-red-700">{profile.error.message}</p>
      ) : (
        <ProfileSkeleton />
      )}
      <ProfileErrorDialog modal={modal} onClose={() => setModal(null)} />
    </FocusCard>
  );
}
