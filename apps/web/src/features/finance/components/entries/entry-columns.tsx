import type { EntryKind, FinEntry } from '@sede/shared/finance/entries';
import { day, money } from '@sede/shared/format';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../../../components/ui/data-list.tsx';
import { StatusBadge } from '../status-badge.tsx';

function Due({ entry: e }: { entry: FinEntry }) {
  return (
    <>
      <span className={e.displayStatus === 'overdue' ? 'font-medium text-red-700' : undefined}>{day(e.dueDate)}</span>
      {e.effectiveDueDate !== e.dueDate && e.status === 'open' && <span className="block text-xs text-amber-800">pagável {day(e.effectiveDueDate)}</span>}
    </>
  );
}

function Description({ entry: e }: { entry: FinEntry }) {
  return (
    <>
      <span className="font-medium text-slate-900">{e.description}</span>
      {e.installmentNumber && (
        <span className="ml-1 text-xs text-slate-600">
          ({e.installmentNumber}/{e.installmentTotal})
        </span>
      )}
      {(e.partyName || e.categoryName) && <span className="block text-xs font-normal text-slate-600">{[e.partyName, e.categoryName].filter(Boolean).join(' · ')}</span>}
    </>
  );
}

/**
 * The payables' or receivables' columns (sorted by the 'Ordenar por' filter, so no heading sorts);
 * on a phone the description heads the card, the situation is its badge and the buttons its foot.
 */
export const entryColumns = (kind: EntryKind, actions: (e: FinEntry) => ReactNode): DataColumn<FinEntry>[] => [
  { id: 'due', header: 'Vencimento', className: 'whitespace-nowrap tabular-nums', cell: (e) => <Due entry={e} /> },
  { id: 'entry', header: 'Descrição', card: 'title', cell: (e) => <Description entry={e} /> },
  { id: 'value', header: 'Valor', align: 'right', className: 'whitespace-nowrap', cell: (e) => money(e.amountCents) },
  { id: 'open', header: 'Em aberto', align: 'right', className: 'whitespace-nowrap', cell: (e) => money(e.openCents) },
  { id: 'status', header: 'Situação', card: 'badge', cell: (e) => <StatusBadge kind={kind} status={e.displayStatus} /> },
  { id: 'actions', header: 'Ações', headerHidden: true, card: 'actions', align: 'right', className: '[&>div]:flex-nowrap', cell: actions },
];
