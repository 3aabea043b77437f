import { CalendarClock, CheckSquare, UserRound } from 'lucide-react';
import { TASK_PRIORITY_LABELS, type TaskCard } from '@sede/shared/projects/schemas';
import { cn } from '../../../lib/cn.ts';
import { shortDay } from '@sede/shared/format';
import { todayIso } from '../../../lib/today.ts';

const PRIORITY_CLASS = { baixa: 'bg-slate-100 text-slate-800', media: 'bg-blue-50 text-blue-900', alta: 'bg-amber-100 text-amber-900', urgente: 'bg-red-100 text-red-900' } as const;

/** What a task's card shows: title, priority, labels, assignees, due date and checklist progress. */
export function TaskCardBody({ task }: { task: TaskCard }) {
  const overdue = !task.doneAt && task.dueDate ? task.dueDate < todayIso() : false;
  return (
    <>
      <p className={cn('line-clamp-2 break-words text-sm font-medium text-slate-900', task.doneAt && 'text-slate-600 line-through')}>{task.title}</p>
      <div className="mt-1 flex flex-wrap gap-1 text-xs">
        <span className={cn('rounded px-1.5 py-0.5', PRIORITY_CLASS[task.priority])}>{TASK_PRIORITY_LABELS[task.priority]}</span>
        {task.labels.slice(0, 3).map((l) => (
          <span key={l} className="rounded bg-violet-50 px-1.5 py-0.5 text-violet-900">
            {l}
          </span>
        ))}
      </div>
      <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-700">
        {task.assignees.length ? (
          <span className="flex min-w-0 items-center gap-1">
            <UserRound className="size-3 shrink-0" aria-hidden />
            <span className="truncate">{task.assignees.map((a) => a.name).join(', ')}</span>
          </span>
        ) : (
          <span />
        )}
        <span className="flex shrink-0 items-center gap-2">
          {task.checklistTotal > 0 && (
            <span className="flex items-center gap-0.5">
              <CheckSquare className="size-3" aria-hidden />
              <span className="sr-only">Lista de verificação: </span>
              {task.checklistDone}/{task.checklistTotal}
            </span>
          )}
          {task.dueDate && (
            <span className={cn('flex items-center gap-0.5', overdue && 'font-medium text-red-700')}>
              <CalendarClock className="size-3" aria-hidden />
              {shortDay(task.dueDate)}
              {overdue ? ' (atrasada)' : ''}
            </span>
          )}
        </span>
      </div>
    </>
  );
}
