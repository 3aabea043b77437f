import { useLiveInvalidate } from '../../lib/live/entity-events.ts';
import { useQuery } from '@tanstack/react-query';
import { ListChecks } from 'lucide-react';
import { useId, useState } from 'react';
import type { MyTaskScope } from '@sede/shared/platform/collaboration';
import { cn } from '../../lib/cn.ts';
import { myTasksQueryOptions } from './collaboration-api.ts';
import { TaskComposer, TaskItem } from './task-list.tsx';

const SCOPES: Array<{ scope: MyTaskScope; label: string; empty: string }> = [
  { scope: 'today', label: 'Hoje', empty: 'Nada para hoje.' },
  { scope: 'overdue', label: 'Atrasadas', empty: 'Nenhuma tarefa atrasada.' },
  { scope: 'upcoming', label: 'Próximas', empty: 'Nenhuma tarefa pela frente.' },
  { scope: 'done', label: 'Concluídas', empty: 'Nenhuma tarefa concluída ainda.' },
];

/**
 * 'Minhas tarefas' (decision 0132): the signed-in person's tasks and activities of every area in
 * one list — today, late (a due date on a day off rolls to the next business day), upcoming, done.
 */
export function MyTasks() {
  const headingId = useId();
  const [scope, setScope] = useState<MyTaskScope>('today');
  const tasks = useQuery(myTasksQueryOptions(scope));
  // Tasks changed by others (created, assigned, done) refetch without a reload.
  useLiveInvalidate('tasks', ['tasks']);
  const overdue = useQuery(myTasksQueryOptions('overdue'));
  const current = SCOPES.find((s) => s.scope === scope)!;
  return (
    <section className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby={headingId} data-testid="my-tasks">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <ListChecks className="size-5 text-[var(--color-accent)]" aria-hidden /> Minhas tarefas
      </h2>
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Quais tarefas mostrar</legend>
        {SCOPES.map((s) => (
          <button
            key={s.scope}
            type="button"
            aria-pressed={scope === s.scope}
            onClick={() => setScope(s.scope)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)]',
              scope === s.scope ? 'border-[var(--color-accent)] bg-[var(--color-accent-soft)] font-medium text-slate-900' : 'border-slate-300 text-slate-700 hover:bg-slate-50',
            )}
          >
            {s.label}
            {s.scope === 'overdue' && (overdue.data?.length ?? 0) > 0 && <span className="ml-1 font-semibold text-red-700">({overdue.data!.length})</span>}
          </button>
        ))}
      </fieldset>
      {tasks.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar suas tarefas.
        </p>
      )}
      {tasks.isSuccess && tasks.data.length === 0 && <p className="text-sm text-slate-600">{current.empty}</p>}
      {tasks.isSuccess && tasks.data.length > 0 && (
        <ul className="divide-y divide-slate-100" aria-label={`Tarefas: ${current.label}`}>
          {tasks.data.map((t) => (
            <TaskItem key={t.id} task={t} showAssignee={false} />
          ))}
        </ul>
      )}
      <TaskComposer withAssignee />
    </section>
  );
}
