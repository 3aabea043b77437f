import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { DocContent } from '@sede/shared/documents/schemas';
import { plainToRichText } from '@sede/shared/platform/rich-text';
import { TASK_PRIORITIES, TASK_PRIORITY_LABELS, taskUpdateSchema, type ChecklistItem, type Person, type TaskDetail, type TaskPriority } from '@sede/shared/projects/schemas';
import { CommentThread } from '../../../components/collaboration/comment-thread.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { RichTextField } from '../../../components/rich-text/rich-text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PeopleChecklist } from './people-checklist.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { optionsOf } from '../../../components/ui/filter-bar.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteTask, taskQueryOptions, updateTask } from '../api/board.ts';
import { projectKeys } from '../api/keys.ts';
import { DateField } from '../../../components/form/date-field.tsx';

const newId = () => Math.random().toString(36).slice(2, 10);

/** A task's details: title, description (rich text, decision 0422), assignees, due date, priority, labels, checklist, comments and files. */
export function TaskPanel({ taskId, people, onClose }: { taskId: string | null; people: Person[]; onClose: () => void }) {
  const qc = useQueryClient();
  const task = useQuery({ ...taskQueryOptions(taskId ?? ''), enabled: Boolean(taskId) });
  return (
    <ScrollDialog open={Boolean(taskId)} onOpenChange={(o) => !o && onClose()} title={task.data?.title ?? 'Tarefa'} testId="task-panel">
      {!task.data ? (
        task.isError ? (
          <p className="text-sm text-red-700">{task.error instanceof ApiError ? task.error.message : 'Não foi possível abrir a tarefa.'}</p>
        ) : (
          <Spinner label="Carregando a tarefa" />
        )
      ) : (
        <TaskForm
          key={task.data.updatedAt}
          task={task.data}
          people={people}
          onSaved={(t) => {
            qc.setQueryData(projectKeys.task(t.id), t);
            void qc.invalidateQueries({ queryKey: projectKeys.boards });
          }}
          onDeleted={() => {
            void qc.invalidateQueries({ queryKey: projectKeys.boards });
            onClose();
          }}
        />
      )}
    </ScrollDialog>
  );
}

function TaskForm({ task, people, onSaved, onDeleted }: { task: TaskDetail; people: Person[]; onSaved: (t: TaskDetail) => void; onDeleted: () => void }) {
  const confirm = useConfirm();
  const [title, setTitle] = useState(task.title);
  // A description written before rich text (or rewritten elsewhere as plain text) opens as rich text; saved only when edited.
  const [description, setDescription] = useState<DocContent | null>(null);
  const initialDescription = useMemo(() => task.descriptionDoc ?? plainToRichText(task.description), [task.descriptionDoc, task.description]);
  const [assignees, setAssignees] = useState(task.assignees.map((a) => a.id));
  const [dueDate, setDue] = useState(task.dueDate ?? '');
  const [priority, setPriority] = useState<TaskPriority>(task.priority);
  const [labels, setLabels] = useState(task.labels.join(', '));
  const [checklist, setChecklist] = useState<ChecklistItem[]>(task.checklist);
  const [newItem, setNewItem] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), []);

  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateTask>[1]) => updateTask(task.id, input),
    onSuccess: (t) => {
      onSaved(t);
      toast.success('Tarefa salva.');
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Não foi possível salvar. Tente de novo.'),
  });
  const remove = useMutation({
    mutationFn: () => deleteTask(task.id),
    onSuccess: () => {
      toast.success('Tarefa excluída.');
      onDeleted();
    },
    onError: (e) => toast.error('Não foi possível excluir a tarefa', { description: e instanceof ApiError ? e.message : undefined }),
  });
  const submit = () => {
    setError(null);
    const input = {
      title,
      ...(description ? { descriptionDoc: description } : {}),
      assigneeIds: assignees,
      dueDate: dueDate || null,
      priority,
      labels: labels
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
      checklist,
    };
    const parsed = taskUpdateSchema.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Dados inválidos.');
    save.mutate(input);
  };
  const everyone = [...people, ...task.assignees.filter((a) => !people.some((p) => p.id === a.id))];

  return (
    <div className="grid gap-4">
      <Field label="Título">
        <Input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <RichTextField label="Descrição" value={initialDescription} onChange={setDescription} hint="Negrito, listas, títulos e links: selecione o texto e use a barra acima." />
      <div className="grid grid-cols-2 gap-3">
        <DateField label="Prazo" value={dueDate} onChange={setDue} />
        <Field label="Prioridade">
          <OptionSelect options={optionsOf(TASK_PRIORITIES, TASK_PRIORITY_LABELS)} value={priority} onChange={(e) => setPriority(e.target.value as TaskPriority)} />
        </Field>
      </div>
      <Field label="Etiquetas" hint="Separadas por vírgula.">
        <Input value={labels} onChange={(e) => setLabels(e.target.value)} />
      </Field>
      <PeopleChecklist legend="Pessoas designadas" people={everyone} selected={assignees} onChange={setAssignees} />
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-900">
          Lista de verificação ({checklist.filter((c) => c.done).length}/{checklist.length})
        </legend>
        {checklist.map((item) => (
          <div key={item.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              aria-label={`Concluir: ${item.text}`}
              checked={item.done}
              onChange={(e) => setChecklist((l) => l.map((x) => (x.id === item.id ? { ...x, done: e.target.checked } : x)))}
            />
            <span className={item.done ? 'flex-1 text-slate-600 line-through' : 'flex-1 text-slate-900'}>{item.text}</span>
            <Button variant="ghost" size="sm" aria-label={`Remover: ${item.text}`} onClick={() => setChecklist((l) => l.filter((x) => x.id !== item.id))}>
              <X aria-hidden />
            </Button>
          </div>
        ))}
        <form
          className="flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!newItem.trim()) return;
            setChecklist((l) => [...l, { id: newId(), text: newItem.trim(), done: false }]);
            setNewItem('');
          }}
        >
          <Input aria-label="Novo item da lista" placeholder="Novo item" value={newItem} maxLength={200} onChange={(e) => setNewItem(e.target.value)} />
          <Button type="submit" variant="secondary" aria-label="Adicionar item">
            <Plus aria-hidden />
          </Button>
        </form>
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex justify-between gap-2">
        <Button variant="ghost" className="text-red-700" onClick={async () => (await confirm.ask({ title: 'Excluir esta tarefa?', description: task.title, confirmLabel: 'Excluir', destructive: true })) && remove.mutate()} pending={remove.isPending}>
          <Trash2 aria-hidden /> Excluir
        </Button>
        <Button onClick={submit} pending={save.isPending}>
          Salvar
        </Button>
      </div>
      <FileManager entityType="task" entityId={task.id} kinds={['document', 'image']} title="Anexos" />
      <CommentThread entityType="task" entityId={task.id} />
      {confirm.dialog}
    </div>
  );
}
