import { Users } from 'lucide-react';
import { useState } from 'react';
import type { MemberView } from '@sede/shared/members';
import { roleLabel } from '@sede/shared/roles';
import { dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useMembers } from '../api/list-members.ts';
import { ListSkeleton } from './list-skeleton.tsx';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { RoleDialog } from './role-dialog.tsx';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');

/** The company's members: name, e-mail, role, last sign-in; change the role or remove. */
export function MembersPanel() {
  const members = useMembers();
  const [editing, setEditing] = useState<MemberView | null>(null);
  const [removing, setRemoving] = useState<MemberView | null>(null);

  if (members.isPending) return <ListSkeleton />;
  if (members.isError) return <p role="alert" className="text-sm text-red-700">{members.error.message}</p>;
  if (members.data.length === 0) return <EmptyState icon={Users} title="Nenhum membro" description="Convide pessoas para a sua empresa na aba Convites." />;

  return (
    <>
      <ul className="grid grid-cols-1 gap-2" aria-label="Membros da empresa">
        {members.data.map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="member-row" data-email={m.email}>
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[var(--color-accent-soft)] text-sm font-semibold text-[var(--color-accent)]" aria-hidden>
              {initials(m.name) || '?'}
            </span>
            <div className="min-w-0 flex-1 basis-48">
              <p className="truncate font-medium text-slate-900">
                {m.name} {m.isYou && <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-700">você</span>}
              </p>
              <p className="truncate text-sm text-slate-600">{m.email}</p>
            </div>
            <div className="grid min-w-36 gap-0.5 text-sm">
              <span className="font-medium text-slate-900" data-testid="member-role">{roleLabel(m.role)}</span>
              <span className="text-xs text-slate-600">{m.lastLoginAt ? `Último acesso: ${dateTime(m.lastLoginAt)}` : 'Nunca entrou'}</span>
            </div>
            <div className="flex gap-2">
              <Button size="sm" variant="secondary" onClick={() => setEditing(m)} aria-label={`Alterar função de ${m.name}`}>
                Alterar função
              </Button>
              <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setRemoving(m)} aria-label={`Remover ${m.name}`}>
                Remover
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RoleDialog member={editing} onClose={() => setEditing(null)} />
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
