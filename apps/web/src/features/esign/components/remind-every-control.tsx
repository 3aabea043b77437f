import { ESIGN_LIMITS, ESIGN_MESSAGES, remindEveryDaysSchema } from '@sede/shared/esign/schemas';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';

/** The shared rule's message for a typed interval, or null when it is fine (decision 0624). */
export const remindEveryError = (v: number | null) => (remindEveryDaysSchema.safeParse(v).success ? null : ESIGN_MESSAGES.remindEveryDays);

/**
 * Reminders of an envelope (decisions 0593, 0620): 'Lembrar a cada N dias' or 'Sem lembretes'.
 * `value` null is none; a number out of 1–30 shows the shared message.
 */
export function RemindEveryControl({ value, onChange, error }: { value: number | null; onChange: (v: number | null) => void; error?: string | null }) {
  const on = value !== null;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">Lembretes</legend>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="size-4" checked={on} onChange={(e) => onChange(e.target.checked ? ESIGN_LIMITS.remindDefaultDays : null)} />
        Enviar lembretes a quem ainda não assinou
      </label>
      {on && (
        <Field label="A cada quantos dias" error={error ?? undefined} hint={`De 1 a ${ESIGN_LIMITS.remindMaxDays} dias.`}>
          <Input type="number" inputMode="numeric" min={1} max={ESIGN_LIMITS.remindMaxDays} className="w-28" value={Number.isNaN(value) ? '' : value} onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))} />
        </Field>
      )}
    </fieldset>
  );
}
