import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { refuse } from '../api/signing.ts';

/** 'Recusar': the reason goes to the sender; the envelope ends for everyone. */
export function RefuseDialog({ token, open, onOpenChange, onRefused }: { token: string; open: boolean; onOpenChange: (v: boolean) => void; onRefused: () => void }) {
  const [reason, setReason] = useState('');
  const submit = useSubmit(async () => {
    await refuse(token, reason);
    onOpenChange(false);
    onRefused();
  }, 'Não foi possível registrar a recusa.');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Recusar assinar" description="Quem enviou recebe o motivo. O envelope é encerrado e ninguém mais poderá assiná-lo.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit.submit();
        }}
      >
        <Field label="Motivo da recusa">
          <textarea className={`${inputClass} h-24`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={1000} />
        </Field>
        <FormActions error={submit.error} onCancel={() => onOpenChange(false)} pending={submit.pending} submitLabel="Recusar" submitVariant="destructive" disabled={reason.trim().length < 3} />
      </form>
    </Dialog>
  );
}
