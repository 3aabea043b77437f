import { useQueryClient } from '@tanstack/react-query';
import type { EntryKind, FinEntry, FinEntryDetail } from '@sede/shared/finance/entries';
import { money } from '@sede/shared/format';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { CheckCheck, HandCoins, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DataList } from '../../../components/ui/data-list.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { cancelEntry } from '../api/cancel-entry.ts';
import { deleteEntry } from '../api/delete-entry.ts';
import { exportEntriesUrl } from '../api/export-entries.ts';
import { getEntry } from '../api/get-entry.ts';
import { useRegisters } from '../api/get-registers.ts';
import { financeKeys } from '../api/keys.ts';
import { useEntries } from '../api/list-entries.ts';
import { BulkSettleDialog } from '../components/bulk-settle-dialog.tsx';
import { ChargeDialog } from '../components/charge/charge-dialog.tsx';
import { RefundDialog } from '../components/refund/refund-dialog.tsx';
import { entryColumns } from '../components/entries/entry-columns.tsx';
import { EntryFilterBar } from '../components/entries/entry-filters.tsx';
import { EntryRowActions, type EntryHandlers } from '../components/entries/entry-row-actions.tsx';
import { EntryTotals } from '../components/entries/entry-totals.tsx';
import { useEntryFilters } from '../components/entries/use-entry-filters.ts';
import { EntryDialog } from '../components/entry-dialog.tsx';
import { ExportLinks } from '../components/report-bits.tsx';
import { SettleDialog } from '../components/settle-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

const WORDS = {
  payable: { title: 'Contas a pagar', new: 'Nova conta a pagar', settle: 'Pagar', party: 'Fornecedor', none: 'Nenhuma conta a pagar ainda', empty: 'Registre aqui o que a empresa tem a pagar (aluguel, fornecedores, impostos, folha) para ver o que vence, pagar em dia e alimentar o fluxo de caixa e o DRE.' },
  receivable: { title: 'Contas a receber', new: 'Nova conta a receber', settle: 'Receber', party: 'Cliente', none: 'Nenhuma conta a receber ainda', empty: 'Registre aqui o que os clientes devem à empresa (vendas, serviços, parcelas) para acompanhar o que entra, cobrar o que venceu e alimentar o fluxo de caixa e o DRE.' },
} as const;

/** Contas a pagar and Contas a receber (the tab's `aba` says which): filters in the URL, totals, selection and bulk settle. */
export default function PayablesTab() {
  const [params] = useUrlParams();
  const kind: EntryKind = params.get('aba') === 'contas-a-receber' ? 'receivable' : 'payable';
  const words = WORDS[kind];
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const may = { mayWrite: can(grants, 'finance.write'), maySettle: can(grants, 'finance.approve'), mayDelete: can(grants, 'finance.delete') };
  const mayExport = can(grants, 'finance.export');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  useLiveInvalidate('fin_entry', financeKeys.entries);

  const url = useEntryFilters(kind);
  const registers = useRegisters();
  const list = useEntries(url.filters);
  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals;

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FinEntryDetail | null>(null);
  const [settling, setSettling] = useState<FinEntry | null>(null);
  const [charging, setCharging] = useState<FinEntry | null>(null);
  const [refunding, setRefunding] = useState<FinEntry | null>(null);
  const [bulk, setBulk] = useState<{ entries: FinEntry[]; clear: () => void } | null>(null);

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: financeKeys.entries });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    }
  };
  const on: EntryHandlers = {
    charge: setCharging,
    refund: setRefunding,
    settle: setSettling,
    edit: async (e) => {
      try {
        setEditing(await getEntry(e.id));
      } catch (err) {
        toast.error(err instanceof ApiError ? err.message : 'Não foi possível abrir o lançamento.');
      }
    },
    cancel: (e, cancelled) => act(() => cancelEntry(e.id, cancelled), cancelled ? 'Lançamento cancelado.' : 'Lançamento reaberto.'),
    remove: async (e) =>
      (await confirm.ask({ title: `Excluir "${e.description}"?`, description: 'Não dá para desfazer.', confirmLabel: 'Excluir', destructive: true })) && act(() => deleteEntry(e.id), 'Lançamento excluído.'),
  };

  if (registers.isPending) return <ListSkeleton label="Carregando…" />;
  if (registers.isError) return <p role="alert" className="text-sm text-red-700">{registers.error.message}</p>;
  const reg = registers.data;
  const emptyWithoutFilters = list.isSuccess && entries.length === 0 && !url.hasFilters;
  const newButton = (size?: 'sm') => (
    <Button size={size} onClick={() => setCreating(true)}>
      <Plus aria-hidden /> {words.new}
    </Button>
  );

  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{words.title}</h2>
        {!emptyWithoutFilters && (
          <div className="flex flex-wrap gap-2">
            {mayExport && <ExportLinks href={(format) => exportEntriesUrl(url.filters, format)} xlsxLabel="Excel" className="contents" />}
            {may.mayWrite && newButton('sm')}
          </div>
        )}
      </div>

      {!emptyWithoutFilters && <EntryFilterBar kind={kind} party={words.party} registers={reg} url={url} />}
      {!emptyWithoutFilters && totals && <EntryTotals kind={kind} totals={totals} />}

      <DataList
        key={kind}
        label={words.title}
        rows={entries}
        columns={entryColumns(kind, (e) => <EntryRowActions entry={e} settleLabel={words.settle} grants={may} on={on} />)}
        query={list}
        filtered={url.hasFilters}
        paging={list}
        states={{
          icon: HandCoins,
          loading: 'Carregando lançamentos…',
          failed: 'Não foi possível carregar os lançamentos',
          empty: { title: words.none, description: words.empty, action: may.mayWrite ? newButton() : undefined },
          noMatch: 'Nenhum lançamento com esses filtros.',
        }}
        selection={
          may.maySettle
            ? {
                canSelect: (e) => e.status === 'open',
                rowLabel: (e) => `Selecionar ${e.description}`,
                allLabel: 'Selecionar todos em aberto',
                actions: (chosen, clear) => (
                  <>
                    <span className="text-sm font-medium tabular-nums text-slate-900">{money(chosen.reduce((s, e) => s + e.openCents, 0))}</span>
                    <Button size="sm" variant="ghost" onClick={clear}>
                      Limpar seleção
                    </Button>
                    <Button size="sm" onClick={() => setBulk({ entries: chosen, clear })}>
                      <CheckCheck aria-hidden /> Baixar selecionados
                    </Button>
                  </>
                ),
              }
            : undefined
        }
      />

      <EntryDialog open={creating} onOpenChange={setCreating} kind={kind} registers={reg} />
      <EntryDialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} kind={kind} registers={reg} entry={editing} />
      <SettleDialog entry={settling} onClose={() => setSettling(null)} registers={reg} canUndo={may.maySettle} />
      <ChargeDialog key={charging?.id ?? 'none'} entry={charging} onClose={() => setCharging(null)} mayWrite={may.mayWrite} />
      <RefundDialog key={refunding?.id ?? 'none-refund'} entry={refunding} onClose={() => setRefunding(null)} mayWrite={may.mayWrite} />
      <BulkSettleDialog open={!!bulk} onOpenChange={(o) => !o && setBulk(null)} entries={bulk?.entries ?? []} registers={reg} onDone={() => bulk?.clear()} />
      {confirm.dialog}
    </div>
  );
}
