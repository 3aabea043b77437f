import { Field } from './field.tsx';
import { Input } from './input.tsx';

/** A period's two dates, each a labelled date field ('Início' and 'Término' or 'Fim'), for a form's grid. */
export function PeriodFields({ start, end, onStart, onEnd, endLabel = 'Término' }: { start: string; end: string; onStart: (day: string) => void; onEnd: (day: string) => void; endLabel?: string }) {
  return (
    <>
      <Field label="Início">
        <Input type="date" value={start} onChange={(e) => onStart(e.target.value)} />
      </Field>
      <Field label={endLabel}>
        <Input type="date" value={end} onChange={(e) => onEnd(e.target.value)} />
      </Field>
    </>
  );
}
