import { DateField } from '../form/date-field.tsx';

/** A period's two dates, each a labelled date field ('Início' and 'Término' or 'Fim'), for a form's grid. */
export function PeriodFields({ start, end, onStart, onEnd, endLabel = 'Término' }: { start: string; end: string; onStart: (day: string) => void; onEnd: (day: string) => void; endLabel?: string }) {
  return (
    <>
      <DateField label="Início" value={start} onChange={onStart} />
      <DateField label={endLabel} value={end} onChange={onEnd} />
    </>
  );
}
