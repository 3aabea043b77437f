import { day } from '@sede/shared/format';
import { useLiveInvalidate } from '../../lib/live/entity-events.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { Task } from '@sede/shared/platform/collaboration';
import { TASK_KINDS, TASK_TITLE_MAX_LENGTH } from '@sede/shared/platform/collaboration-rules';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { Button } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm-dialog.tsx';
import { BR_DATE_MESSAGE, parseBrDate } from '../form/br-date.ts';
import { LazyDateInput } from '../form/lazy-date-input.tsx';
import { Input, inputClass } from '../ui/input.tsx';
import { collaborationKeys, createTask, deleteTask, entityTasksQueryOptions, mentionableQueryOptions, type NewTask, updateTask } from './collaboration-api.ts';

const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Não foi possível salvar a tarefa. Tente novamente.');

/** One task: a checkbox to complete it, where it lives ('Projeto: …' in 'Minhas tarefas', decision 0423), its due date (late in red and in words), its assignee. */
export function TaskItem({ task, showAssignee = true }: { task: Task; showAssignee?: boolean }) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const checkboxId = useId();
  const refresh = () => qc.invalidateQueries({ queryKey: collaborationKeys.tasks });
  // The box follows the click at once (set in the same event, so the controlled input never
  // snaps back), until the server's answer and the refetched list settle it.
  const [clicked, setClicked] = useState<boolean | null>(null);
  const toggle = useMutation({ mutationFn: (done: boolean) => updateTask(task.id, { done }), onSettled: () => refresh().finally(() => setClicked(null)) });
  const remove = useMutation({ mutationFn: () => deleteTask(task.id), onSuccess: refresh });
  const done = clicked ?? task.doneAt !== null;
  return (
    <li className="flex items-start gap-3 py-3" data-testid="task" data-done={done}>
      <input
        id={checkboxId}
        type="checkbox"
        className="mt-0.5 size-5 shrink-0 accent-[var(--color-accent)]"
        checked={done}
        disabled={!task.canEdit || toggle.isPending}
        onChange={(e) => {
          setClicked(e.target.checked);
          toggle.mutate(e.target.checked);
        }}
      />
      <div className="min-w-0 flex-1">
        <label htmlFor={checkboxId} className={cn('block break-words text-sm font-medium text-slate-900', done && 'text-slate-500 line-through')}>
          {task.title}
        </label>
        <p className="flex flex-wrap gap-x-2 text-xs text-slate-600">
          {task.context && (
            <span className="min-w-0 break-words">
              {task.context.kind}:{' '}
              {task.context.path ? (
                <Link to={task.context.path} className="font-medium text-[var(--color-accent)] underline-offset-2 hover:underline">
                  {task.context.name}
                </Link>
              ) : (
                <span className="font-medium text-slate-800">{task.context.name}</span>
              )}
            </span>
          )}
          {task.kind !== 'task' && <span>{TASK_KINDS[task.kind]}</span>}
          {task.dueDate &&
            (task.overdue ? (
              <span className="font-medium text-red-700">Atrasada · venceu em {day(task.dueDate)}</span>
            ) : (
              <span>Vence em {day(task.dueDate)}</span>
            ))}
          {showAssignee && task.assignee && <span>Responsável: {task.assignee.name}</span>}
          {task.doneAt && <span>Concluída em {new Date(task.doneAt).toLocaleDateString('pt-BR')}</span>}
        </p>
        {(toggle.error || remove.error) && (
          <p role="alert" className="text-xs text-red-700">
            {errorText(toggle.error ?? remove.error)}
          </p>
        )}
      </div>
      {task.canDelete && (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Excluir a tarefa ${task.title}`}
          pending={remove.isPending}
          onClick={async () => {
            if (await confirm.ask({ title: 'Excluir esta tarefa?', description: task.title, confirmLabel: 'Excluir', destructive: true })) remove.mutate();
          }}
        >
          {!remove.isPending && <Trash2 aria-hidden />}
        </Button>
      )}
      {confirm.dialog}
    </li>
  );
}

/**
 * Adds a task: title, due date (typed DD/MM/AAAA) and, when
 * `withAssignee`, the responsible member (default: me).
 */
export function TaskComposer({ entityType, entityId, withAssignee = true }: { entityType?: string; entityId?: string; withAssignee?: boolean }) {
  const qc = useQueryClient();
  const { user } = useAuth();
  const ids = { title: useId(), due: useId(), dueError: useId(), assignee: useId(), error: useId() };
  const [title, setTitle] = useState('');
  const [dueText, setDueText] = useState('');
  const [dueError, setDueError] = useState<string | null>(null);
  const [assigneeId, setAssigneeId] = useState('');
  const people = useQuery({ ...mentionableQueryOptions(''), enabled: withAssignee });
  const create = useMutation({
    mutationFn: (t: NewTask) => createTask(t),
    onSuccess: () => {
      setTitle('');
      setDueText('');
      return qc.invalidateQueries({ queryKey: collaborationKeys.tasks });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    const dueDate = parseBrDate(dueText);
    if (dueDate === undefined) {
      setDueError(BR_DATE_MESSAGE);
      return;
    }
    setDueError(null);
    create.mutate({
      title: title.trim(),
      dueDate,
      ...(assigneeId ? { assigneeId } : {}),
      ...(entityType && entityId ? { entityType, entityId } : {}),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 basis-full gap-1">
        <label htmlFor={ids.title} className="text-sm font-medium text-slate-800">
          Nova tarefa
        </label>
        <Input
          id={ids.title}
          value={title}
          maxLength={TASK_TITLE_MAX_LENGTH}
          onChange={(e) => setTitle(e.target.value)}
          placeholder="O que precisa ser feito?"
          aria-invalid={create.error ? true : undefined}
          aria-describedby={create.error ? ids.error : undefined}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={ids.due} className="text-sm font-medium text-slate-800">
          Vencimento
        </label>
        <LazyDateInput
          id={ids.due}
          value={dueText}
          onValueChange={(v) => {
            setDueText(v);
            setDueError(null);
          }}
          className="w-36"
          aria-invalid={dueError ? true : undefined}
          aria-describedby={dueError ? ids.dueError : undefined}
        />
      </div>
      {withAssignee && (
        <div className="grid gap-1">
          <label htmlFor={ids.assignee} className="text-sm font-medium text-slate-800">
            Responsável
          </label>
          <select id={ids.assignee} className={cn(inputClass, 'w-44')} value={assigneeId} onChange={(e) => setAssigneeId(e.target.value)}>
            <option value="">Eu</option>
            {(people.data ?? []).filter((p) => p.userId !== user?.id).map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <Button type="submit" pending={create.isPending} disabled={!title.trim()}>
        Adicionar
      </Button>
      {dueError && (
        <p id={ids.dueError} role="alert" className="basis-full text-sm text-red-700">
          {dueError}
        </p>
      )}
      {create.error && (
        <p id={ids.error} role="alert" className="basis-full text-sm text-red-700">
          {errorText(create.error)}
        </p>
      )}
    </form>
  );
}

/** The tasks and activities of one entity, with the composer. `<TaskList entityType="deal" entityId={id} />` */
export function TaskList({ entityType, entityId, title = 'Tarefas' }: { entityType: string; entityId: string; title?: string }) {
  const headingId = useId();
  const tasks = useQuery(entityTasksQueryOptions(entityType, entityId));
  // Tasks changed by others (created, assigned, done) refetch without a reload.
  useLiveInvalidate('tasks', ['tasks']);
  return (
    <section aria-labelledby={headingId} className="grid gap-3" data-testid="task-list">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      <TaskComposer entityType={entityType} entityId={entityId} />
      {tasks.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as tarefas.
        </p>
      )}
      {tasks.isSuccess && tasks.data.length === 0 && <p className="text-sm text-slate-600">Nenhuma tarefa por aqui.</p>}
      {tasks.isSuccess && tasks.data.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {tasks.data.map((t) => (
            <TaskItem key={t.id} task={t} />
          ))}
        </ul>
      )}
    </section>
  );
}
