import { CalendarClock, UserRound } from 'lucide-react';
import type { DealCard } from '@sede/shared/crm/deals';
import { TASK_KINDS } from '@sede/shared/platform/collaboration-rules';
import { cn } from '../../../lib/cn.ts';
import { money, shortDay } from '@sede/shared/format';
import { todayIso } from '../../../lib/today.ts';


const CLOSED = { won: { label: 'Ganho', cls: 'bg-emerald-100 text-emerald-900' }, lost: { label: 'Perdido', cls: 'bg-red-100 text-red-900' } } as const;

/** What a card shows: title, organization, value, owner and the next open activity; a closed deal says won or lost. */
export function DealCardBody({ deal }: { deal: DealCard }) {
  const next = deal.nextActivity;
  const overdue = next?.dueDate ? next.dueDate < todayIso() : false;
  const closed = deal.status === 'open' ? null : CLOSED[deal.status];
  return (
    <>
      {closed && <span className={cn('mb-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium', closed.cls)}>{closed.label}</span>}
      <p className="line-clamp-2 break-words text-sm font-medium text-slate-900">{deal.title}</p>
      {deal.organizationName && <p className="truncate text-xs text-slate-600">{deal.organizationName}</p>}
      <div className="mt-1 flex items-center justify-between gap-2 text-xs">
        <span className="font-semibold text-slate-900">{money(deal.valueCents)}</span>
        {deal.ownerName && (
          <span className="flex min-w-0 items-center gap-1 text-slate-600">
            <UserRound className="size-3 shrink-0" aria-hidden />
            <span className="truncate">{deal.ownerName}</span>
          </span>
        )}
      </div>
      {(next || !closed) && (
      <p className={cn('mt-1 flex items-center gap-1 truncate text-xs', next ? (overdue ? 'text-red-700' : 'text-slate-700') : 'text-amber-800')}>
        <CalendarClock className="size-3 shrink-0" aria-hidden />
        {next ? (
          <span className="truncate">
            {TASK_KINDS[next.kind as keyof typeof TASK_KINDS] ?? 'Atividade'}: {next.title}
            {next.dueDate ? ` · ${shortDay(next.dueDate)}` : ''}
            {overdue ? ' (atrasada)' : ''}
          </span>
        ) : (
          <span>Sem próxima atividade</span>
        )}
      </p>
      )}
    </>
  );
}

export const cardClass = 'block w-full cursor-grab rounded-lg border border-slate-200 bg-white p-3 text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)]';
