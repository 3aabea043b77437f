import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Columns3, FileText, FolderKanban, Plus } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { boardQuerySchema, DUE_FILTERS, PROJECT_STATUS_LABELS, TASK_PRIORITIES, TASK_PRIORITY_LABELS, type BoardFilters, type TaskCard } from '@sede/shared/projects/schemas';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { mentionableQueryOptions } from '../../../components/collaboration/collaboration-api.ts';
import { KanbanBoard } from '../../../components/kanban/kanban-board.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createTask } from '../api/board.ts';
import { projectKeys } from '../api/keys.ts';
import { ColumnsDialog } from '../components/columns-dialog.tsx';
import { STATUS_CLASS } from '../components/status.ts';
import { TaskCardBody } from '../components/task-card.tsx';
import { TaskPanel } from '../components/task-panel.tsx';
import { useProjectBoard } from '../components/use-project-board.ts';
import { patchParams, pickParams, useUrlParams } from '../../../lib/url-params.ts';
import { submitWhenFilled } from '../components/submit-when-filled.ts';

const FILTER_KEYS = ['assigneeId', 'label', 'priority', 'due'] as const;
const DUE_LABELS: Record<(typeof DUE_FILTERS)[number], string> = { overdue: 'Atrasadas', week: 'Próximos 7 dias', none: 'Sem prazo' };
const WORDS = {
  item: 'Tarefa',
  picked: 'pega',
  dropped: 'solta',
  returned: 'A tarefa voltou ao lugar.',
  instructions: 'Para mover esta tarefa, pressione espaço. Use as setas para escolher a coluna e a posição, espaço para soltar ou Esc para cancelar. Enter abre os detalhes.',
  empty: 'Arraste tarefas para cá',
};

/** /projeto-kanban/:projectId: the project's board (decision 0272). */
export default function ProjectBoardPage() {
  const { projectId = '' } = useParams();
  const { membership } = useAuth();
  const canDelete = can(grantsFor(membership), 'projects.delete');
  const qc = useQueryClient();
  const [params, setParams] = useUrlParams();
  const filters = useMemo<BoardFilters>(() => {
    const parsed = boardQuerySchema.safeParse(pickParams(params, FILTER_KEYS));
    if (!parsed.success) return {};
    const { limit: _l, ...f } = parsed.data;
    return f;
  }, [params]);
  const setParam = useCallback((k: string, v: string | null) => setParams(patchParams({ [k]: v ?? undefined }), { replace: true }), [setParams]);
  const { query: board, loadMore, loading, move, setDragging } = useProjectBoard(projectId, filters);
  const members = useQuery(mentionableQueryOptions(''));
  const people = useMemo(() => (members.data ?? []).map((m) => ({ id: m.userId, name: m.name })), [members.data]);
  const [title, setTitle] = useState('');
  const [columnsOpen, setColumnsOpen] = useState(false);
  const add = useMutation({
    mutationFn: () => createTask(projectId, { title }),
    onSuccess: () => {
      setTitle('');
      void qc.invalidateQueries({ queryKey: projectKeys.boards });
    },
    onError: (e) => toast.error('Não foi possível criar a tarefa', { description: e instanceof ApiError ? e.message : undefined }),
  });

  if (board.isPending) return <Spinner label="Carregando o quadro" />;
  if (board.isError || !board.data) {
    const missing = board.error instanceof ApiError && board.error.status === 404;
    return (
      <EmptyState
        icon={FolderKanban}
        title={missing ? 'Projeto não encontrado' : 'Não foi possível abrir o quadro'}
        description={missing ? 'O projeto não existe ou foi excluído.' : board.error instanceof ApiError ? board.error.message : 'Tente de novo em instantes.'}
        action={
          <Button asChild variant="secondary">
            <Link to="/gestao-projetos">Ver os projetos</Link>
          </Button>
        }
      />
    );
  }
  const data = board.data;
  const p = data.project;
  const total = data.columns.reduce((n, c) => n + c.count, 0);
  const filtered = FILTER_KEYS.some((k) => filters[k]);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div className="min-w-0 basis-full sm:basis-auto sm:flex-1">
          <p className="text-xs text-slate-700">
            <Link to="/gestao-projetos" className="hover:underline">
              Projetos
            </Link>{' '}
            / <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_CLASS[p.status]}`}>{PROJECT_STATUS_LABELS[p.status]}</span>
          </p>
          <h2 className="break-words text-lg font-semibold text-slate-900" data-testid="project-name">
            {p.name}
          </h2>
          <p className="text-xs text-slate-700">
            {p.organization ? `${p.organization.name} · ` : ''}
            {p.doneCount} de {p.taskCount} tarefas concluídas ({p.progress}%)
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" className="h-9">
            <Link to={`/kanban-dashboard/${p.id}`}>
              <BarChart3 aria-hidden /> Painel
            </Link>
          </Button>
          <Button asChild variant="secondary" className="h-9">
            <Link to={`/documentacao-projeto/${p.id}`}>
              <FileText aria-hidden /> Documentação
            </Link>
          </Button>
          <Button variant="secondary" className="h-9" onClick={() => setColumnsOpen(true)}>
            <Columns3 aria-hidden /> Colunas
          </Button>
        </div>
      </div>
      <form className="flex gap-2" onSubmit={submitWhenFilled(title, () => add.mutate())}>
        <Input aria-label="Título da nova tarefa" placeholder={`Nova tarefa em ${data.columns[0]?.name ?? 'A fazer'}`} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit" pending={add.isPending} className="shrink-0">
          <Plus aria-hidden /> Adicionar
        </Button>
      </form>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Filtros</legend>
        <FilterSelect id="f-assignee" label="Pessoa" value={filters.assigneeId ?? ''} onChange={(v) => setParam('assigneeId', v)} options={people.map((m) => [m.id, m.name])} />
        <FilterSelect id="f-label" label="Etiqueta" value={filters.label ?? ''} onChange={(v) => setParam('label', v)} options={data.labels.map((l) => [l, l])} />
        <FilterSelect id="f-priority" label="Prioridade" value={filters.priority ?? ''} onChange={(v) => setParam('priority', v)} options={TASK_PRIORITIES.map((x) => [x, TASK_PRIORITY_LABELS[x]])} />
        <FilterSelect id="f-due" label="Prazo" value={filters.due ?? ''} onChange={(v) => setParam('due', v)} options={DUE_FILTERS.map((x) => [x, DUE_LABELS[x]])} />
      </fieldset>
      {total === 0 && !filtered && <p className="text-sm text-slate-700">Este quadro ainda não tem tarefas. Escreva a primeira acima; depois arraste-a entre as colunas conforme o trabalho anda.</p>}
      {total === 0 && filtered && <p className="text-sm text-slate-700">Nenhuma tarefa com estes filtros.</p>}
      <KanbanBoard<TaskCard>
        columns={data.columns}
        columnOf={(t) => t.columnId}
        title={(t) => t.title}
        renderCard={(t) => <TaskCardBody task={t} />}
        words={WORDS}
        loading={loading}
        onLoadMore={loadMore}
        onMove={(id, col, index) => void move(id, col, index)}
        onDragging={setDragging}
        onOpen={(id) => setParam('tarefa', id)}
        // Fits the viewport at 1366 × 768 beside the sidebar, its sideways scrollbar in view when there are more columns (decision 0424).
        look={{ boardTestId: 'project-board', fitColumns: true, columnHeightClass: 'h-[calc(100dvh-24rem)]' }}
      />
      <TaskPanel taskId={params.get('tarefa')} people={people} onClose={() => setParam('tarefa', null)} />
      <ColumnsDialog open={columnsOpen} onOpenChange={setColumnsOpen} projectId={p.id} columns={data.columns} canDelete={canDelete} />
    </div>
  );
}

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (v: string) => void; options: Array<[string, string]> }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
      <select id={id} className={`${inputClass} h-9 w-40`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Todas</option>
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </div>
  );
}
