import { Download, Plus, SearchX, Users } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONTRACT_TYPE_LABELS, CONTRACT_TYPES, EMPLOYEE_STATUS_LABELS, EMPLOYEE_STATUSES } from '@sede/shared/rh/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { exportEmployeesUrl } from '../api/export-employees.ts';
import { useRhOverview } from '../api/get-overview.ts';
import type { EmployeeFilters } from '../api/keys.ts';
import { useEmployees } from '../api/list-employees.ts';
import { cpf, day, money } from './format.ts';
import { EmployeeStatusBadge } from './status-badge.tsx';

const SORTS = [
  { value: 'name', label: 'Nome (A–Z)' },
  { value: 'name:desc', label: 'Nome (Z–A)' },
  { value: 'admissionDate:desc', label: 'Admissão mais recente' },
  { value: 'admissionDate', label: 'Admissão mais antiga' },
  { value: 'department', label: 'Departamento' },
];

/** The register: filters in the URL, a table on wide screens and cards on phones, 50 at a time. */
export function EmployeesTab({ onNew, canExport }: { onNew: () => void; canExport: boolean }) {
  const [params] = useSearchParams();
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
  const { data, isPending, isError, fetchNextPage, hasNextPage, isFetchingNextPage } = useEmployees(filters);
  const overview = useRhOverview();
  const filtered = Boolean(filters.q || filters.department || filters.status || filters.contractType);
  const employees = data?.pages.flatMap((p) => p.employees) ?? [];
  const total = data?.pages[0]?.total ?? null;
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

      {isPending ? (
        <Spinner label="Carregando colaboradores…" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar os colaboradores.
        </p>
      ) : employees.length === 0 ? (
        filtered ? (
          <EmptyState icon={SearchX} title="Nenhum colaborador com estes filtros" description="Mude a busca ou os filtros para ver outras pessoas." />
        ) : (
          <EmptyState
            icon={Users}
            title="Nenhum colaborador cadastrado"
            description="O cadastro de colaboradores reúne os dados de cada pessoa da empresa — CPF, cargo, departamento, contrato, salário, gestor, documentos, férias e afastamentos — e alimenta a visão geral do RH com aniversários e tempo de casa."
            action={
              <Button onClick={onNew}>
                <Plus aria-hidden /> Cadastrar o primeiro colaborador
              </Button>
            }
          />
        )
      ) : (
        <>
          {total !== null && (
            <p className="text-sm text-slate-600" aria-live="polite">
              {total === 1 ? '1 colaborador' : `${total} colaboradores`}
            </p>
          )}
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Colaboradores</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2">Nome</th>
                  <th scope="col" className="px-4 py-2">Cargo e departamento</th>
                  <th scope="col" className="px-4 py-2">Contrato</th>
                  <th scope="col" className="px-4 py-2">Admissão</th>
                  <th scope="col" className="px-4 py-2 text-right">Salário</th>
                  <th scope="col" className="px-4 py-2">Situação</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {employees.map((e) => (
                  <tr key={e.id} className="hover:bg-slate-50">
                    <td className="px-4 py-2">
                      <Link to={link(e.id)} className="font-medium text-[var(--color-accent)] hover:underline">
                        {e.name}
                      </Link>
                      <span className="block text-xs text-slate-600">CPF {cpf(e.cpf)}</span>
                    </td>
                    <td className="px-4 py-2">
                      <span className="block">{e.position ?? '—'}</span>
                      <span className="text-xs text-slate-600">{e.department ?? 'Sem departamento'}</span>
                    </td>
                    <td className="px-4 py-2">{CONTRACT_TYPE_LABELS[e.contractType]}</td>
                    <td className="px-4 py-2 whitespace-nowrap">{day(e.admissionDate)}</td>
                    <td className="px-4 py-2 text-right tabular-nums">{money(e.salaryCents)}</td>
                    <td className="px-4 py-2">
                      <EmployeeStatusBadge status={e.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 md:hidden" aria-label="Colaboradores">
            {employees.map((e) => (
              <li key={e.id} className="rounded-xl border border-slate-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link to={link(e.id)} className="font-medium text-[var(--color-accent)] hover:underline">
                    {e.name}
                  </Link>
                  <EmployeeStatusBadge status={e.status} />
                </div>
                <p className="mt-1 text-sm text-slate-700">{[e.position, e.department].filter(Boolean).join(' · ') || 'Sem cargo'}</p>
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">Contrato</dt>
                  <dd className="text-right">{CONTRACT_TYPE_LABELS[e.contractType]}</dd>
                  <dt className="text-slate-600">Admissão</dt>
                  <dd className="text-right">{day(e.admissionDate)}</dd>
                  <dt className="text-slate-600">Salário</dt>
                  <dd className="text-right tabular-nums">{money(e.salaryCents)}</dd>
                </dl>
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <div className="flex justify-center">
              <Button variant="secondary" onClick={() => void fetchNextPage()} pending={isFetchingNextPage}>
                Carregar mais
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
