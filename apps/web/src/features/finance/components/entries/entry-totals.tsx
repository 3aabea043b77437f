import type { EntryKind, FinEntryTotals } from '@sede/shared/finance/entries';
import { count, money } from '@sede/shared/format';

/** What the filtered entries add up to: open, overdue, paid or received, and the whole. */
export function EntryTotals({ kind, totals }: { kind: EntryKind; totals: FinEntryTotals }) {
  const cards: [string, number, string][] = [
    ['Em aberto', totals.openCents, 'text-slate-900'],
    ['Vencido', totals.overdueCents, totals.overdueCents ? 'text-red-700' : 'text-slate-900'],
    [kind === 'payable' ? 'Pago' : 'Recebido', totals.paidCents, 'text-emerald-800'],
    [`Total (${count(totals.count)} ${totals.count === 1 ? 'lançamento' : 'lançamentos'})`, totals.amountCents, 'text-slate-900'],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totais do filtro">
      {cards.map(([label, cents, tone]) => (
        <div key={label} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          {/* Nine-figure sums (a base of 100,000 entries) fit a phone's half width at the smaller size. */}
          <dd className={`text-base font-semibold break-words tabular-nums sm:text-lg ${tone}`}>{money(cents)}</dd>
        </div>
      ))}
    </dl>
  );
}
