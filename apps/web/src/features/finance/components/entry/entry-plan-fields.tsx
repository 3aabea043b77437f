import { money } from '@sede/shared/format';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Select } from '../select.tsx';
import type { EntryDraft, Plan, SetDraft, planPreview } from './entry-draft.ts';

/** 'Repetição' of a new entry: once, in installments or recurring, with what it will create. */
export function EntryPlanFields({ draft, set, preview }: { draft: EntryDraft; set: SetDraft; preview: ReturnType<typeof planPreview> }) {
  const { plan, count, amount } = draft;
  const { split, recurrence, pastMax } = preview;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Repetição</legend>
      <div className="grid items-start gap-3 sm:grid-cols-2">
        <Field label="Forma">
          <Select value={plan} onChange={(e) => set('plan', e.target.value as Plan)}>
            <option value="single">À vista (uma vez)</option>
            <option value="installments">Parcelado</option>
            <option value="monthly">Recorrente todo mês</option>
            <option value="yearly">Recorrente todo ano</option>
          </Select>
        </Field>
        {plan !== 'single' && (
          <Field label={plan === 'installments' ? 'Número de parcelas' : 'Quantas vezes criar'}>
            <Input type="number" min={2} max={plan === 'installments' ? 120 : 60} value={count} onChange={(e) => set('count', Math.max(0, Number(e.target.value) || 0))} />
          </Field>
        )}
      </div>
      {pastMax ? (
        <p className="text-sm text-red-700" aria-live="polite">
          {pastMax.message}
        </p>
      ) : (
        <>
          {split && (
            <p className="text-sm text-slate-700" aria-live="polite">
              {split[0] === split[1] ? `${split.length}x de ${money(split[0]!)}` : `1ª parcela de ${money(split[0]!)} e ${split.length - 1}x de ${money(split[1]!)}`}, uma por mês.
            </p>
          )}
          {recurrence !== 'none' && <p className="text-sm text-slate-700">Cria agora {count} lançamentos de {amount ? money(amount) : 'R$ 0,00'}, um por {plan === 'monthly' ? 'mês' : 'ano'}.</p>}
        </>
      )}
    </fieldset>
  );
}
