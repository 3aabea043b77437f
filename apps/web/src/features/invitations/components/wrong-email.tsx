import { UserX } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { InvitationByToken } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { LOCAL_AI_KEY, LOCAL_AUTH_TOKEN_KEY, useAuth } from '../../../lib/session/auth-provider.tsx';
import { loadAuthClient } from '../../../lib/session/auth-call.ts';
import { InviteNotice } from './invite-notice.tsx';

/** 'Email Incorreto': signed in as someone else. Switch to the invited address, or sign out. */
export function WrongEmail({ invitation, currentEmail }: { invitation: InvitationByToken; currentEmail: string }) {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState<'switch' | 'out' | null>(null);

  // Signs out, then loads this invitation again from scratch: the page then offers the sign-in
  // (or sign-up) of the invited address. A full load, so nothing of the old session survives
  // and no sign-out redirect of the old page can take the person to /auth instead.
  const switchAccount = async () => {
    setBusy('switch');
    try {
      localStorage.removeItem(LOCAL_AUTH_TOKEN_KEY);
      localStorage.removeItem(LOCAL_AI_KEY);
      const client = await loadAuthClient();
      const result = await client.signOut();
      if (result.error) throw new Error(result.error.message);
      window.location.replace(window.location.href);
    } catch {
      toast.error('Sign out failed');
      setBusy(null);
    }
  };

  const logOut = async () => {
    setBusy('out');
    try {
      localStorage.clear();
      await signOut();
    } catch (e) {
      toast.error((e as Error).message);
      setBusy(null);
    }
  };

  return (
    <div className="grid gap-5" data-testid="invite-wrong-email">
      <InviteNotice icon={UserX} tone="warning" title="Email Incorreto">
        <p className="text-sm text-slate-700">
          Você está conectado como <strong className="break-all">{currentEmail}</strong>, mas este convite foi enviado para{' '}
          <strong className="break-all">{invitation.email}</strong>.
        </p>
      </InviteNotice>
      <div className="grid gap-2">
        <Button onClick={() => void switchAccount()} pending={busy === 'switch'} disabled={busy !== null}>
          Entrar com o email correto
        </Button>
        <Button variant="secondary" onClick={() => void logOut()} pending={busy === 'out'} disabled={busy !== null}>
          Sair
        </Button>
      </div>
    </div>
  );
}
