import { useQuery } from '@tanstack/react-query';
import { FolderKanban, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, projectListQuerySchema, type Project, type ProjectListQuery } from '@sede/shared/projects/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { projectKeys } from '../api/keys.ts';
import { projectsQueryOptions } from '../api/projects.ts';
import { longDay } from '@sede/shared/format';
import { STATUS_CLASS } from '../components/status.ts';
import { NewProjectDialog } from '../components/new-project-dialog.tsx';
import { patchParams, useUrlParams } from '../../../lib/url-params.ts';

function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-2 w-24 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuenow={value} aria-valuemin={0} aria-valuemax={100} aria-label={label}>
        <div className="h-full rounded-full bg-[var(--color-accent)]" style={{ width: `${value}%` }} />
      </div>
      <span className="text-xs text-slate-700">{value}%</span>
    </div>
  );
}
const period = (p: Project) => (p.startDate || p.endDate ? `${longDay(p.startDate)} – ${longDay(p.endDate)}` : 'Sem datas');
const StatusBadge = ({ p }: { p: Project }) => <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[p.status]}`}>{PROJECT_STATUS_LABELS[p.status]}</span>;

const COLUMNS: DataColumn<Project>[] = [
  {
    id: 'name',
    header: 'Projeto',
    card: 'title',
    cell: (p) => (
      <>
        <Link to={`/projeto-kanban/${p.id}`} className="font-medium text-slate-900 hover:underline">
          {p.name}
        </Link>
        <span className="block text-xs font-normal text-slate-600">
          {p.taskCount} {p.taskCount === 1 ? 'tarefa' : 'tarefas'}
        </span>
      </>
    ),
  },
  { id: 'client', header: 'Cliente', cell: (p) => p.organization?.name ?? '—' },
  { id: 'owner', header: 'Responsável', cell: (p) => p.owner?.name ?? '—' },
  { id: 'period', header: 'Período', cell: period },
  { id: 'status', header: 'Situação', card: 'badge', cell: (p) => <StatusBadge p={p} /> },
  { id: 'progress', header: 'Progresso', card: 'subtitle', cell: (p) => <Progress value={p.progress} label={`Progresso de ${p.name}`} /> },
];

/** /gestao-projetos: the company's projects with filters; a table on wide screens, cards on phones. */
export default function ProjectsListPage() {
  const [params, setParams] = useUrlParams();
  const filters = useMemo<ProjectListQuery>(() => {
    const parsed = projectListQuerySchema.safeParse({ status: params.get('situacao') || undefined, q: params.get('q') || undefined });
    return parsed.success ? parsed.data : {};
  }, [params]);
  const [newOpen, setNewOpen] = useState(false);
  const list = useQuery(projectsQueryOptions(filters));
  useLiveInvalidate('project', projectKeys.lists);
  const set = (k: string, v: string) => setParams(patchParams({ [k]: v }), { replace: true });
  const filtered = Boolean(filters.status || filters.q);
  const projects = list.data ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm id="projects-q" initial={filters.q ?? ''} placeholder="Nome do projeto" onSearch={(text) => set('q', text)} />
        <div className="grid gap-1">
          <Label htmlFor="projects-status">Situação</Label>
          <select id="projects-status" className={`${inputClass} h-9 sm:w-44`} value={filters.status ?? ''} onChange={(e) => set('situacao', e.target.value)}>
            <option value="">Todas</option>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PROJECT_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <Button className="ml-auto h-9 sm:h-10" onClick={() => setNewOpen(true)}>
          <Plus aria-hidden /> Novo projeto
        </Button>
      </div>

      <DataList label="Projetos" rows={projects} columns={COLUMNS} query={list} filtered={filtered} states={listStates(FolderKanban, 'os projetos', {
        title: 'Organize os projetos da equipe',
        description: 'Crie um projeto em branco, a partir de um modelo (implantação de cliente, campanha de marketing, desenvolvimento de software) ou de um briefing que a IA quebra em tarefas. Cada projeto tem seu quadro kanban e seu painel.',
        action: <AddButton onClick={() => setNewOpen(true)}>Criar o primeiro projeto</AddButton>,
      }, 'Nenhum projeto com estes filtros.')} />
      <NewProjectDialog open={newOpen} onOpenChange={setNewOpen} />
    </div>
  );
}
