import type { EntryKind, FinEntryTotals } from '@sede/shared/finance/entries';
import { money } from '@sede/shared/format';

/** What the filtered entries add up to: open, overdue, paid or received, and the whole. */
export function EntryTotals({ kind, totals }: { kind: EntryKind; totals: FinEntryTotals }) {
  const cards: [string, number, string][] = [
    ['Em aberto', totals.openCents, 'text-slate-900'],
    ['Vencido', totals.overdueCents, totals.overdueCents ? 'text-red-700' : 'text-slate-900'],
    [kind === 'payable' ? 'Pago' : 'Recebido', totals.paidCents, 'text-emerald-800'],
    [`Total (${totals.count} ${totals.count === 1 ? 'lançamento' : 'lançamentos'})`, totals.amountCents, 'text-slate-900'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totais do filtro">
      {cards.map(([label, cents, tone]) => (
        <div key={label} className="rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{money(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
