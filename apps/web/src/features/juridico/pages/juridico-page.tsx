import { FileText, Plus, Scale } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, READJUSTMENT_LABELS } from '@sede/shared/juridico/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { juridicoKeys } from '../api/keys.ts';
import { useContracts } from '../api/list-contracts.ts';
import { ContractDialog } from '../components/contract-dialog.tsx';
import { day, formatDocument, money, period } from '../components/format.ts';
import { EndingBadge, StatusBadge } from '../components/status-badge.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

const ENDING_OPTIONS = [
  { value: '7', label: 'Termina em até 7 dias' },
  { value: '30', label: 'Termina em até 30 dias' },
  { value: '90', label: 'Termina em até 90 dias' },
];

/** /juridico: the contract register with its filters (in the URL) and 'Novo contrato'. */
export default function JuridicoPage() {
  const [params] = useUrlParams();
  const [creating, setCreating] = useState(false);
  const filters = { q: params.get('q') ?? undefined, status: params.get('situacao') ?? undefined, endingWithinDays: params.get('vencendo') ?? undefined };
  const { data, isPending, isError } = useContracts(filters);
  useLiveInvalidate('contract', juridicoKeys.contracts);
  const filtered = Boolean(filters.q || filters.status || filters.endingWithinDays);
  const contracts = data?.contracts ?? [];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">Os contratos da empresa: partes, valores, vigência, reajuste e alertas de vencimento. Envie o arquivo e peça uma análise com IA.</p>
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Novo contrato
        </Button>
      </div>

      <FilterBar
        label="Filtros de contratos"
        className="sm:grid-cols-[1fr_auto_auto]"
        search={{ label: 'Buscar por título, objeto ou parte' }}
        selects={[
          { key: 'situacao', label: 'Situação', all: 'Todas as situações', options: optionsOf(CONTRACT_STATUSES, CONTRACT_STATUS_LABELS) },
          { key: 'vencendo', label: 'Vencimento', all: 'Qualquer término', options: ENDING_OPTIONS },
        ]}
      />

      {isPending ? (
        <Spinner label="Carregando contratos…" />
      ) : isError ? (
        <p role="alert" className="text-sm text-red-700">Não foi possível carregar os contratos.</p>
      ) : contracts.length === 0 ? (
        filtered ? (
          <EmptyState icon={FileText} title="Nenhum contrato com estes filtros" description="Mude a busca ou os filtros para ver outros contratos." />
        ) : (
          <EmptyState
            icon={Scale}
            title="Nenhum contrato cadastrado"
            description="Cadastre os contratos da empresa para acompanhar vigência, reajuste e aviso prévio, receber alertas 30, 15 e 7 dias antes do término e analisar cláusulas com IA."
            action={
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden /> Cadastrar o primeiro contrato
              </Button>
            }
          />
        )
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Contratos</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2">Contrato</th>
                  <th scope="col" className="px-4 py-2">Outra parte</th>
                  <th scope="col" className="px-4 py-2 text-right">Valor</th>
                  <th scope="col" className="px-4 py-2">Vigência</th>
                  <th scope="col" className="px-4 py-2">Reajuste</th>
                  <th scope="col" className="px-4 py-2">Situação</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {contracts.map((c) => (
                  <tr key={c.id} className="hover:bg-slate-50">
                    <td className="px-4 py-2">
                      <Link to={`/juridico/contrato/${c.id}`} className="font-medium text-[var(--color-accent)] hover:underline">
                        {c.title}
                      </Link>
                    </td>
                    <td className="px-4 py-2">
                      {c.counterparty ? (
                        <>
                          <span className="block">{c.counterparty.name}</span>
                          <span className="text-xs text-slate-600">{formatDocument(c.counterparty.document)}</span>
                        </>
                      ) : (
                        <span className="text-slate-500">—</span>
                      )}
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums">{money(c.valueCents)}</td>
                    <td className="px-4 py-2">
                      <span className="whitespace-nowrap">{period(c.startDate, c.endDate)}</span>
                      <div className="mt-1 flex flex-wrap gap-1">
                        <EndingBadge endDate={c.endDate} />
                        {c.automaticRenewal && <span className="text-xs text-slate-600">Renova automaticamente</span>}
                      </div>
                    </td>
                    <td className="px-4 py-2">{READJUSTMENT_LABELS[c.readjustmentIndex]}</td>
                    <td className="px-4 py-2">
                      <StatusBadge status={c.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 md:hidden" aria-label="Contratos">
            {contracts.map((c) => (
              <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-3">
                <div className="flex items-start justify-between gap-2">
                  <Link to={`/juridico/contrato/${c.id}`} className="font-medium text-[var(--color-accent)] hover:underline">
                    {c.title}
                  </Link>
                  <StatusBadge status={c.status} />
                </div>
                {c.counterparty && <p className="mt-1 text-sm text-slate-700">{c.counterparty.name}</p>}
                <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">Valor</dt>
                  <dd className="text-right tabular-nums">{money(c.valueCents)}</dd>
                  <dt className="text-slate-600">Término</dt>
                  <dd className="text-right">{day(c.endDate)}</dd>
                  <dt className="text-slate-600">Reajuste</dt>
                  <dd className="text-right">{READJUSTMENT_LABELS[c.readjustmentIndex]}</dd>
                </dl>
                <div className="mt-2">
                  <EndingBadge endDate={c.endDate} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <ContractDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
