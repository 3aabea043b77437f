import { useState } from 'react';
import { dealLostSchema, LOST_REASONS, type DealLostInput } from '@sede/shared/crm/deals';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { inputClass } from '../../../components/ui/input.tsx';

/** Lost asks for the reason (decision 0152): one of the list, free text required for 'Outro'. */
export function LostDialog({ open, onOpenChange, pending, onConfirm }: { open: boolean; onOpenChange: (o: boolean) => void; pending?: boolean; onConfirm: (input: DealLostInput) => void }) {
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Marcar como perdido" description="Por que este negócio foi perdido? O motivo alimenta as métricas do time.">
      <form
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const parsed = dealLostSchema.safeParse({ reason, note });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message);
            return;
          }
          setError(undefined);
          onConfirm({ reason: parsed.data.reason, note: parsed.data.note ?? null });
        }}
      >
        <Field label="Motivo" error={error && !reason ? error : undefined}>
          <select className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)}>
            <option value="">Escolha um motivo</option>
            {LOST_REASONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field label={reason === 'Outro' ? 'Detalhe (obrigatório)' : 'Detalhe (opcional)'} error={error && reason ? error : undefined}>
          <textarea className={`${inputClass} h-20`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            Cancelar
          </Button>
          <Button type="submit" variant="destructive" pending={pending}>
            Marcar como perdido
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
