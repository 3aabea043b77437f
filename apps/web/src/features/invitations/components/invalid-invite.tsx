import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { Button } from '../../../components/ui/button.tsx';

/** 'Convite Inválido': the error, the token and e-mail given, and 'Ir para Login'. */
export function InvalidInvite({ error, token, email }: { error?: string | null; token: string; email: string }) {
  return (
    <div className="grid gap-5" data-testid="invite-invalid">
      <div className="flex items-start gap-3">
        <span className="rounded-full bg-red-50 p-2 text-red-600">
          <TriangleAlert className="size-5" aria-hidden />
        </span>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold text-slate-900">Convite Inválido</h1>
          <p role="alert" className="text-sm text-red-700">{error || INVITE_MESSAGES.invalidDefault}</p>
        </div>
      </div>
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
