import { MailOpen } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useMyInvitations } from '../api/list-my-invitations.ts';

/**
 * On the company-creation screens: someone with a pending invitation is offered to join that team
 * instead of being pushed into creating a company of their own (decision 0055).
 */
export function PendingInvitationsNotice() {
  const { isAuthenticated, company } = useAuth();
  const { data } = useMyInvitations(isAuthenticated && !company);
  if (!data?.length) return null;
  return (
    <section aria-labelledby="pending-invites-title" className="mt-4 grid gap-3 rounded-[var(--radius-ui)] border border-blue-200 bg-blue-50 p-4" data-testid="pending-invitations">
      <div className="flex items-start gap-3">
        <MailOpen className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden />
        <div className="grid gap-1 text-sm">
          <h2 id="pending-invites-title" className="font-semibold text-slate-900">Você tem um convite para uma equipe</h2>
          <p className="text-slate-700">Se a sua empresa já usa o Sede, aceite o convite em vez de cadastrá-la de novo.</p>
        </div>
      </div>
      <ul className="grid gap-2">
        {data.map((invite) => (
          <li key={invite.path} className="flex flex-col gap-2 rounded-[var(--radius-ui)] bg-white p-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="min-w-0 text-sm text-slate-700">
              <strong className="break-words font-medium text-slate-900">{invite.companyName}</strong>
              {' · '}
              {invite.roleLabel}
              {invite.inviterName ? ` · convite de ${invite.inviterName}` : ''}
            </p>
            <Button asChild size="sm">
              <Link to={invite.path}>Ver convite</Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
