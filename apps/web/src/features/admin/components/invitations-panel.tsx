import { useQueryClient } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { roleLabel } from '@sede/shared/roles';
import { dayOf } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { invitationsQueryKey, usePendingInvitations, useResendInvitation, useRevokeInvitation, useSendInvitation, InviteMemberForm, type InviteEntry } from '../../invitations/public.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { adminKeys } from '../api/keys.ts';

/** Invite someone, and the pending invitations with resend and revoke. */
export function InvitationsPanel() {
  const queryClient = useQueryClient();
  const invitations = usePendingInvitations();
  const send = useSendInvitation();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  const invite = async (entry: InviteEntry) => {
    try {
      await send.mutateAsync(entry);
      toast.success(INVITE_MESSAGES.sent(1), { description: entry.email });
    } catch (e) {
      toast.error(INVITE_MESSAGES.sendError, { description: (e as Error).message });
      throw e; // keep the form filled
    } finally {
      void queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
    }
  };

  const act = async (run: () => Promise<unknown>, ok: string) => {
    try {
      await run();
      toast.success(ok);
      void queryClient.invalidateQueries({ queryKey: adminKeys.activity });
    } catch (e) {
      toast.error((e as Error).message);
    }
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="new-invite-title">
        <h2 id="new-invite-title" className="mb-1 text-base font-semibold text-slate-900">Convidar pessoa</h2>
        <p className="mb-4 text-sm text-slate-600">{INVITE_MESSAGES.expiryNote}.</p>
        <InviteMemberForm onAdd={invite} submitLabel="Enviar convite" pending={send.isPending} />
      </section>

      <section aria-labelledby="pending-title" className="grid grid-cols-1 gap-3">
        <h2 id="pending-title" className="text-base font-semibold text-slate-900">Convites pendentes</h2>
        {invitations.isPending ? (
          <ListSkeleton rows={2} />
        ) : invitations.isError ? (
          <p role="alert" className="text-sm text-red-700">{invitations.error.message}</p>
        ) : invitations.data.length === 0 ? (
          <EmptyState icon={MailPlus} title="Nenhum convite pendente" description="Os convites enviados aparecem aqui até serem aceitos, recusados ou revogados." />
        ) : (
          <ul className="grid grid-cols-1 gap-2">
            {invitations.data.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="invitation-row" data-email={inv.email}>
                <div className="min-w-0 flex-1 basis-48">
                  <p className="truncate font-medium text-slate-900">{inv.email}</p>
                  <p className="text-sm text-slate-600">
                    {roleLabel(inv.role)} · enviado em {dayOf(inv.createdAt)}
                    {inv.invitedBy ? ` por ${inv.invitedBy.name}` : ''}
                  </p>
                </div>
                {inv.expired ? (
                  <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900">Expirado</span>
                ) : (
                  <span className="text-xs text-slate-600">Expira em {dayOf(inv.expiresAt)}</span>
                )}
                <div className="flex gap-2">
                  <Button size="sm" variant="secondary" onClick={() => void act(() => resend.mutateAsync(inv.id), 'Convite reenviado')} aria-label={`Reenviar convite para ${inv.email}`}>
                    Reenviar
                  </Button>
                  <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => void act(() => revoke.mutateAsync(inv.id), 'Convite revogado')} aria-label={`Revogar convite para ${inv.email}`}>
                    Revogar
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
