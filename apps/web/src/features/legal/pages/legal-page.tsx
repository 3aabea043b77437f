import { FileSignature, Scale } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useState } from 'react';
import { document, money, period } from '@sede/shared/format';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, READJUSTMENT_LABELS, type ContractView } from '@sede/shared/legal/schemas';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { legalKeys } from '../api/keys.ts';
import { useContracts } from '../api/list-contracts.ts';
import { ContractDialog } from '../components/contract-dialog.tsx';
import { EndingBadge, StatusBadge } from '../components/status-badge.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';

const ENDING_OPTIONS = [
  { value: '7', label: 'Termina em até 7 dias' },
  { value: '30', label: 'Termina em até 30 dias' },
  { value: '90', label: 'Termina em até 90 dias' },
];

const columns: DataColumn<ContractView>[] = [
  {
    id: 'title',
    header: 'Contrato',
    card: 'title',
    cell: (c) => <RecordLink to={`/juridico/contrato/${c.id}`}>{c.title}</RecordLink>,
  },
  {
    id: 'counterparty',
    header: 'Outra parte',
    card: 'subtitle',
    cell: (c) =>
      c.counterparty ? (
        <>
          <span className="block">{c.counterparty.name}</span>
          {c.counterparty.document && <span className="text-xs text-slate-600">{document(c.counterparty.document)}</span>}
        </>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
  { id: 'value', header: 'Valor', align: 'right', cell: (c) => money(c.valueCents) },
  {
    id: 'term',
    header: 'Vigência',
    cell: (c) => (
      <>
        <span className="whitespace-nowrap">{period(c.startDate, c.endDate)}</span>
        <div className="mt-1 flex flex-wrap justify-end gap-1 md:justify-start">
          <EndingBadge endDate={c.endDate} />
          {c.automaticRenewal && <span className="text-xs text-slate-600">Renova automaticamente</span>}
        </div>
      </>
    ),
  },
  { id: 'readjustment', header: 'Reajuste', cell: (c) => READJUSTMENT_LABELS[c.readjustmentIndex] },
  { id: 'status', header: 'Situação', card: 'badge', cell: (c) => <StatusBadge status={c.status} /> },
];

/** /juridico: the contract register with its filters (in the URL) and 'Novo contrato'. */
const STATES = (onCreate: () => void) =>
  listStates(
    Scale,
    'os contratos',
    {
      title: 'Nenhum contrato cadastrado',
      description: 'Cadastre os contratos da empresa para acompanhar vigência, reajuste e aviso prévio, receber alertas 30, 15 e 7 dias antes do término e analisar cláusulas com IA.',
      action: <AddButton onClick={onCreate}>Cadastrar o primeiro contrato</AddButton>,
    },
    { title: 'Nenhum contrato com estes filtros', description: 'Mude a busca ou os filtros para ver outros contratos.' },
  );

export default function LegalPage() {
  const [params] = useUrlParams();
  const [creating, setCreating] = useState(false);
  const filters = { q: params.get('q') ?? undefined, status: params.get('situacao') ?? undefined, endingWithinDays: params.get('vencendo') ?? undefined };
  const query = useContracts(filters);
  useLiveInvalidate('contract', legalKeys.contracts);
  const filtered = Boolean(filters.q || filters.status || filters.endingWithinDays);
  const contracts = query.data?.contracts ?? [];

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-xl text-sm text-slate-600">Os contratos da empresa: partes, valores, vigência, reajuste e alertas de vencimento. Envie o arquivo e peça uma análise com IA.</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" asChild>
            <Link to="/juridico/assinaturas">
              <FileSignature aria-hidden /> Assinaturas
            </Link>
          </Button>
          <AddButton onClick={() => setCreating(true)}>Novo contrato</AddButton>
        </div>
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

      <DataList label="Contratos" rows={contracts} columns={columns} query={query} filtered={filtered} states={STATES(() => setCreating(true))} />
      <ContractDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
