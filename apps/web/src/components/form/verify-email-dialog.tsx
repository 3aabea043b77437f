import { MailCheck } from 'lucide-react';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';

/** The sign-up modal of spec §2: 'Verifique seu E-mail', inbox and spam, the link, 'Entendi'. */
export function VerifyEmailDialog({ email, onClose }: { email: string | null; onClose: () => void }) {
  return (
    <Dialog
      open={Boolean(email)}
      onOpenChange={(open) => !open && onClose()}
      title="Verifique seu E-mail"
      description={
        <>
          Enviamos um link de confirmação para <strong className="break-all text-slate-900">{email}</strong>.
        </>
      }
    >
      <div className="flex gap-3 rounded-[var(--radius-ui)] bg-[var(--color-accent-soft)] p-3 text-sm text-slate-800">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-[var(--color-accent)]" aria-hidden />
        <p>Abra sua caixa de entrada e também a pasta de spam, e clique no link de confirmação para ativar sua conta.</p>
      </div>
      <Button className="w-full" onClick={onClose} autoFocus>
        Entendi
      </Button>
    </Dialog>
  );
}
