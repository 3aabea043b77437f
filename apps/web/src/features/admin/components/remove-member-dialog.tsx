import { toast } from '../../../lib/toast.ts';
import { MEMBER_MESSAGES, type MemberView } from '@sede/shared/members';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { useRemoveMember } from '../api/remove-member.ts';

export function RemoveMemberDialog({ member, onClose }: { member: MemberView | null; onClose: () => void }) {
  const remove = useRemoveMember();
  const confirm = async () => {
    if (!member) return;
    try {
      await remove.mutateAsync(member.userId);
      toast.success(MEMBER_MESSAGES.removed, { description: member.email });
      onClose();
    } catch (e) {
      toast.error('Não foi possível remover', { description: (e as Error).message });
    }
  };
  return (
    <Dialog
      open={Boolean(member)}
      onOpenChange={(open) => !open && onClose()}
      title={member ? `Remover ${member.name}?` : 'Remover membro'}
      description="A pessoa perde o acesso à empresa imediatamente. Para voltar, ela precisará de um novo convite."
    >
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancelar
        </Button>
        <Button variant="destructive" onClick={() => void confirm()} pending={remove.isPending}>
          Remover da empresa
        </Button>
      </div>
    </Dialog>
  );
}
