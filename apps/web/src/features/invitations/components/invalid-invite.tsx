import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';
import { InviteNotice } from './invite-notice.tsx';

/** 'Convite Inválido': the error, the token and e-mail given, and 'Ir para Login'. */
export function InvalidInvite({ error, token, email }: { error?: string | null; token: string; email: string }) {
  return (
    <div className="grid gap-5" data-testid="invite-invalid">
      <InviteNotice icon={TriangleAlert} tone="danger" title="Convite Inválido">
        <p role="alert" className="text-sm text-red-700">{error || INVITE_MESSAGES.invalidDefault}</p>
      </InviteNotice>
      <dl className="grid gap-2 rounded-[var(--radius-ui)] bg-slate-50 p-3 text-xs text-slate-700">
        <div className="grid gap-0.5">
          <dt className="font-medium">Token</dt>
          <dd className="break-all font-mono">{token || '—'}</dd>
        </div>
        <div className="grid gap-0.5">
          <dt className="font-medium">E-mail</dt>
          <dd className="break-all">{email || '—'}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-600">Peça a quem convidou você que envie um novo convite.</p>
      <Button asChild>
        <Link to="/auth" replace>Ir para Login</Link>
      </Button>
    </div>
  );
}
