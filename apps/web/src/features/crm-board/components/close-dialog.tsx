import { useState } from 'react';
import { dealLostSchema, dealWonSchema, LOST_REASONS, WON_REASONS, type DealLostInput, type DealWonInput } from '@sede/shared/crm/deals';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';

const WORDS = {
  won: {
    title: 'Marcar como ganho',
    description: 'Por que este negócio foi ganho? O motivo mostra ao time o que funciona.',
    reasons: WON_REASONS,
    schema: dealWonSchema,
    submit: 'Marcar como ganho',
  },
  lost: {
    title: 'Marcar como perdido',
    description: 'Por que este negócio foi perdido? O motivo alimenta as métricas do time.',
    reasons: LOST_REASONS,
    schema: dealLostSchema,
    submit: 'Marcar como perdido',
  },
} as const;

type Props = {
  kind: 'won' | 'lost' | null;
  onOpenChange: (o: boolean) => void;
  pending?: boolean;
  onConfirm: (input: DealWonInput | DealLostInput) => void;
};

/** Won and lost ask for the reason (decisions 0152, 0403): one of the list, free text required for 'Outro'. */
export function CloseDialog({ kind, onOpenChange, pending, onConfirm }: Props) {
  const w = WORDS[kind ?? 'lost'];
  return (
    <Dialog open={kind !== null} onOpenChange={onOpenChange} title={w.title} description={w.description}>
      {kind && <CloseForm key={kind} kind={kind} pending={pending} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} />}
    </Dialog>
  );
}

function CloseForm({ kind, pending, onCancel, onConfirm }: { kind: 'won' | 'lost'; pending?: boolean; onCancel: () => void; onConfirm: Props['onConfirm'] }) {
  const w = WORDS[kind];
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="grid gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = w.schema.safeParse({ reason, note });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        onConfirm({ reason: parsed.data.reason, note: parsed.data.note ?? null } as DealWonInput | DealLostInput);
      }}
    >
      <Field label="Motivo" error={error && !reason ? error : undefined}>
        <OptionSelect none="Escolha um motivo" options={w.reasons.map((r) => ({ value: r, label: r }))} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      <Field label={reason === 'Outro' ? 'Detalhe (obrigatório)' : 'Detalhe (opcional)'} error={error && reason ? error : undefined}>
        <textarea className={`${inputClass} h-20`} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" variant={kind === 'lost' ? 'destructive' : 'primary'} className={kind === 'won' ? 'bg-emerald-700 hover:bg-emerald-800' : undefined} pending={pending}>
          {w.submit}
        </Button>
      </div>
    </form>
  );
}
