import { Building2 } from 'lucide-react';
import type { InvitationByToken } from '@sede/shared/invitations';
import { INVITE_ROLES } from '@sede/shared/roles';
import { dayOf } from '@sede/shared/format';

/** Who invited whom, to which company and with which role. */
export function InviteSummary({ invitation }: { invitation: InvitationByToken }) {
  const description = INVITE_ROLES.find((r) => r.value === invitation.role)?.description;
  return (
    <div className="flex gap-3 rounded-[var(--radius-ui)] border border-slate-200 bg-slate-50 p-4" data-testid="invite-summary">
      <span className="h-fit rounded-lg bg-[var(--color-accent-soft)] p-2 text-[var(--color-accent)]">
        <Building2 className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="font-semibold text-slate-900 break-words">{invitation.companyName}</p>
        <p className="text-slate-700">
          {invitation.inviterName ? `${invitation.inviterName} convidou você` : 'Você foi convidado(a)'} com a função{' '}
          <strong className="font-medium text-slate-900">{invitation.roleLabel}</strong>
          {description ? ` (${description})` : ''}.
        </p>
        {invitation.status === 'pending' && <p className="text-xs text-slate-600">Válido até {dayOf(invitation.expiresAt)}</p>}
      </div>
    </div>
  );
}

export function InviteHeading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="grid gap-1">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children && <div className="text-sm text-slate-600">{children}</div>}
    </div>
  );
}
