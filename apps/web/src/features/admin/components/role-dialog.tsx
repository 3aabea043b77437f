import { useEffect, useId, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { CUSTOM_PERMISSION_KEYS } from '@sede/shared/permissions';
import { CUSTOM_PERMISSION_LABELS, MEMBER_MESSAGES, type AssignableRole, type MemberView } from '@sede/shared/members';
import { ASSIGNABLE_ROLES, INVITE_ROLES, roleLabel } from '@sede/shared/roles';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';
import { useChangeRole } from '../api/change-role.ts';

const describe = (role: string) =>
  role === 'custom' ? 'Escolha as áreas abaixo' : (INVITE_ROLES.find((r) => r.value === role)?.description ?? '');

/** Change a member's role, including `custom` with one checkbox per department key. */
export function RoleDialog({ member, onClose }: { member: MemberView | null; onClose: () => void }) {
  const changeRole = useChangeRole();
  const [role, setRole] = useState<string>('vendas');
  const [custom, setCustom] = useState<string[]>([]);
  const groupId = useId();

  useEffect(() => {
    if (!member) return;
    setRole(member.role);
    setCustom(member.customPermissions);
  }, [member]);

  const save = async () => {
    if (!member) return;
    try {
      await changeRole.mutateAsync({ userId: member.userId, role: role as AssignableRole, customPermissions: custom as never });
      toast.success(MEMBER_MESSAGES.roleChanged, { description: `${member.name}: ${roleLabel(role)}` });
      onClose();
    } catch (e) {
      toast.error('Não foi possível alterar a função', { description: (e as Error).message });
    }
  };

  return (
    <Dialog open={Boolean(member)} onOpenChange={(open) => !open && onClose()} title="Alterar função" description={member ? `${member.name} (${member.email})` : undefined}>
      <fieldset className="grid max-h-[55dvh] gap-2 overflow-y-auto pr-1">
        <legend className="sr-only">Função</legend>
        {ASSIGNABLE_ROLES.map((value) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-[var(--radius-ui)] border p-3 text-sm',
              role === value ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)]' : 'border-slate-200 hover:bg-slate-50',
            )}
          >
            <input type="radio" name={groupId} value={value} checked={role === value} onChange={() => setRole(value)} className="mt-0.5 size-4 accent-[var(--color-accent)]" />
            <span className="grid gap-0.5">
              <span className="font-medium text-slate-900">{roleLabel(value)}</span>
              <span className="text-xs text-slate-600">{describe(value)}</span>
            </span>
          </label>
        ))}
        {role === 'custom' && (
          <fieldset className="grid min-w-0 gap-2 rounded-[var(--radius-ui)] border border-slate-200 p-3" aria-label="Áreas da função personalizada">
            <p className="text-xs font-medium uppercase tracking-wide text-slate-600">Áreas liberadas</p>
            {CUSTOM_PERMISSION_KEYS.map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--color-accent)]"
                  checked={custom.includes(key)}
                  onChange={(e) => setCustom((all) => (e.target.checked ? [...all, key] : all.filter((k) => k !== key)))}
                />
                {CUSTOM_PERMISSION_LABELS[key]}
              </label>
            ))}
            <p className="text-xs text-slate-600">Empresa, projetos, documentação e perfil ficam sempre liberados.</p>
          </fieldset>
        )}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={() => void save()} pending={changeRole.isPending}>
          Salvar função
        </Button>
      </div>
    </Dialog>
  );
}
