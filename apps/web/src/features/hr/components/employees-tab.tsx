import { Download, Plus, Users } from 'lucide-react';
import { useMemo } from 'react';
import { count, cpf, day, money } from '@sede/shared/format';
import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, EMPLOYEE_STATUS_LABELS, EMPLOYEE_STATUSES, type EmployeeListItem } from '@sede/shared/hr/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { exportEmployeesUrl } from '../api/export-employees.ts';
import { useHrOverview } from '../api/get-overview.ts';
import type { EmployeeFilters } from '../api/keys.ts';
import { useEmployees } from '../api/list-employees.ts';
import { EmployeeStatusBadge } from './status-badge.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { RecordLink } from '../../../components/ui/record-link.tsx';

const SORTS = [
  { value: 'name', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
  { value: 'admissionDate:desc', label: 'Admissão mais recente' },
  { value: 'admissionDate', label: 'Admissão mais antiga' },
  { value: 'department', label: 'Departamento' },
];

const columns = (link: (id: string) => string): DataColumn<EmployeeListItem>[] => [
  {
    id: 'name',
    header: 'Nome',
    card: 'title',
    sortKey: 'name',
    cell: (e) => (
      <>
        <RecordLink to={link(e.id)}>{e.name}</RecordLink>
        <span className="block text-xs font-normal text-slate-600">CPF {cpf(e.cpf)}</span>
      </>
    ),
  },
  {
    id: 'position',
    header: 'Cargo e departamento',
    card: 'subtitle',
    sortKey: 'department',
    cell: (e) => (
      <>
        <span className="block">{e.position ?? '—'}</span>
        <span className="text-xs text-slate-600">{e.department ?? 'Sem departamento'}</span>
      </>
    ),
  },
  { id: 'contractType', header: 'Contrato', cell: (e) => CONTRACT_TYPE_LABELS[e.contractType] },
  { id: 'admissionDate', header: 'Admissão', sortKey: 'admissionDate', className: 'whitespace-nowrap', cell: (e) => day(e.admissionDate) },
  { id: 'salary', header: 'Salário', align: 'right', cell: (e) => money(e.salaryCents) },
  { id: 'status', header: 'Situação', card: 'badge', cell: (e) => <EmployeeStatusBadge status={e.status} /> },
];

/** The register: filters in the URL, a table on wide screens and cards on phones, 50 at a time. */
export function EmployeesTab({ onNew, canExport }: { onNew: () => void; canExport: boolean }) {
  const [params] = useUrlParams();
  const [sort, order] = (params.get('ordem') ?? 'name').split(':');
  const filters: EmployeeFilters = useMemo(
    () => ({
      q: params.get('q') ?? undefined,
      department: params.get('departamento') ?? undefined,
      status: params.get('situacao') ?? undefined,
      contractType: params.get('contrato') ?? undefined,
      sort,
      order: order ?? undefined,
    }),
    [params, sort, order],
  );
  const query = useEmployees(filters);
  const { data } = query;
  const overview = useHrOverview();
  const filtered = Boolean(filters.q || filters.department || filters.status || filters.contractType);
  const employees = data?.pages.flatMap((p) => p.employees) ?? [];
  const link = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('colaborador', id);
    return `/rh?${next}`;
  };

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">As pessoas da empresa: cargo, departamento, contrato, salário, gestor, documentos, férias e afastamentos.</p>
        <div className="flex flex-wrap gap-2">
          {canExport && employees.length > 0 && (
            <Button variant="secondary" asChild>
              <a href={exportEmployeesUrl({ ...filters })} download>
                <Download aria-hidden /> Exportar CSV
              </a>
            </Button>
          )}
          <Button onClick={onNew}>
            <Plus aria-hidden /> Novo colaborador
          </Button>
        </div>
      </div>

      <FilterBar
        label="Filtros de colaboradores"
        className="sm:grid-cols-2 lg:grid-cols-4"
        search={{ label: 'Buscar por nome, cargo, e-mail ou CPF', className: 'sm:col-span-2 lg:col-span-4' }}
        selects={[
          { key: 'departamento', label: 'Departamento', all: 'Todos os departamentos', options: (overview.data?.departments ?? []).map((d) => ({ value: d, label: d })) },
          { key: 'situacao', label: 'Situação', all: 'Todas as situações', options: optionsOf(EMPLOYEE_STATUSES, EMPLOYEE_STATUS_LABELS) },
          { key: 'contrato', label: 'Tipo de contrato', all: 'Todos os contratos', options: optionsOf(CONTRACT_TYPES, CONTRACT_TYPE_LABELS) },
          { key: 'ordem', label: 'Ordenar por', fallback: 'name', options: SORTS },
        ]}
      />

      <DataList label="Colaboradores" rows={employees} columns={columns(link)} query={query} filtered={filtered} paging={query} sort={{ fallback: 'name' }}
        total={data?.pages[0]?.total ?? null} countLabel={(n) => (n === 1 ? '1 colaborador' : `${count(n)} colaboradores`)}
        states={listStates(Users, 'os colaboradores', {
          title: 'Nenhum colaborador cadastrado',
          description: 'O cadastro de colaboradores reúne os dados de cada pessoa da empresa — CPF, cargo, departamento, contrato, salário, gestor, documentos, férias e afastamentos — e alimenta a visão geral do RH com aniversários e tempo de casa.',
          action: <AddButton onClick={onNew}>Cadastrar o primeiro colaborador</AddButton>,
        }, { title: 'Nenhum colaborador com estes filtros', description: 'Mude a busca ou os filtros para ver outras pessoas.' })} />
    </div>
  );
}
