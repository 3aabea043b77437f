import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

export type ProfileModal = { title: string; description: string } | null;

/** The profile modals of spec §8 ('Campos Obrigatórios', 'CPF já Cadastrado', ...). */
export function ProfileErrorDialog({ modal, onClose }: { modal: ProfileModal; onClose: () => void }) {
  return (
    <Dialog open={Boolean(modal)} onOpenChange={(open) => !open && onClose()} title={modal?.title ?? ''} description={modal?.description}>
      <Button className="w-full" onClick={onClose} autoFocus>
        Entendi
      </Button>
    </Dialog>
  );
}
