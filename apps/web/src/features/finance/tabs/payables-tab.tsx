import { useQueryClient } from '@tanstack/react-query';
import type { EntryKind, FinEntry } from '@sede/shared/finance/entries';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Ban, CheckCheck, Download, FileSpreadsheet, HandCoins, Pencil, Plus, RotateCcw, SlidersHorizontal, Trash2, WalletCards } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDate, formatMoneyCents } from '../../../lib/format.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { cancelEntry } from '../api/cancel-entry.ts';
import { deleteEntry } from '../api/delete-entry.ts';
import { exportEntriesUrl } from '../api/export-entries.ts';
import { getEntry } from '../api/get-entry.ts';
import { useRegisters } from '../api/get-registers.ts';
import { financeKeys, type EntryFilters } from '../api/keys.ts';
import { useEntries } from '../api/list-entries.ts';
import { BulkSettleDialog } from '../components/bulk-settle-dialog.tsx';
import { CategoryOptions } from '../components/category-options.tsx';
import { isoToDate } from '../components/due-hint.tsx';
import { EntryDialog } from '../components/entry-dialog.tsx';
import { Select } from '../components/select.tsx';
import { SettleDialog } from '../components/settle-dialog.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import type { FinEntryDetail } from '@sede/shared/finance/entries';
import { useUrlParams } from '../../../lib/url-params.ts';
import { NamedOptions } from '../../../components/ui/named-options.tsx';

/** URL parameter (pt-BR) → API filter. */
const PARAMS = { situacao: 'status', campo: 'dateField', de: 'from', ate: 'to', categoria: 'categoryId', conta: 'accountId', centro: 'costCenterId', busca: 'q', ordem: 'sort', sentido: 'order' } as const;
type Param = keyof typeof PARAMS;

const WORDS = {
  payable: { title: 'Contas a pagar', new: 'Nova conta a pagar', settle: 'Pagar', party: 'Fornecedor', empty: 'Registre aqui o que a empresa tem a pagar (aluguel, fornecedores, impostos, folha) para ver o que vence, pagar em dia e alimentar o fluxo de caixa e o DRE.' },
  receivable: { title: 'Contas a receber', new: 'Nova conta a receber', settle: 'Receber', party: 'Cliente', empty: 'Registre aqui o que os clientes devem à empresa (vendas, serviços, parcelas) para acompanhar o que entra, cobrar o que venceu e alimentar o fluxo de caixa e o DRE.' },
} as const;

/** Contas a pagar and Contas a receber (the tab's `aba` says which): filters in the URL, totals, selection and bulk settle. */
export default function PayablesTab() {
  const [params, setParams] = useUrlParams();
  const kind: EntryKind = params.get('aba') === 'contas-a-receber' ? 'receivable' : 'payable';
  const words = WORDS[kind];
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const mayWrite = can(grants, 'financeiro.write');
  const maySettle = can(grants, 'financeiro.approve');
  const mayDelete = can(grants, 'financeiro.delete');
  const mayExport = can(grants, 'financeiro.export');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  useLiveInvalidate('fin_entry', financeKeys.entries);

  const filters: EntryFilters = useMemo(() => {
    const f: EntryFilters = { kind };
    for (const [p, key] of Object.entries(PARAMS)) f[key] = params.get(p) ?? undefined;
    return f;
  }, [params, kind]);
  const hasFilters = (Object.keys(PARAMS) as Param[]).some((p) => p !== 'ordem' && p !== 'sentido' && params.get(p));
  const setParam = (p: Param, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(p, value);
        else next.delete(p);
        return next;
      },
      { replace: true },
    );

  const [search, setSearch] = useState(params.get('busca') ?? '');
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the typed text only; the URL is written from it
  useEffect(() => {
    const t = setTimeout(() => {
      if ((params.get('busca') ?? '') !== search.trim()) setParam('busca', search.trim());
    }, 300);
    return () => clearTimeout(t);
  }, [search]);

  const registers = useRegisters();
  const list = useEntries(filters);
  const entries = useMemo(() => list.data?.pages.flatMap((p) => p.entries) ?? [], [list.data]);
  const totals = list.data?.pages[0]?.totals;

  const [selected, setSelected] = useState<Set<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tab starts with nothing selected
  useEffect(() => setSelected(new Set()), [kind]);
  const selectable = entries.filter((e) => e.status === 'open');
  const selectedEntries = selectable.filter((e) => selected.has(e.id));
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = selectable.length > 0 && selectedEntries.length === selectable.length;

  const [moreFilters, setMoreFilters] = useState(false);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<FinEntryDetail | null>(null);
  const [settling, setSettling] = useState<FinEntry | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);

  const openEdit = async (e: FinEntry) => {
    try {
      setEditing(await getEntry(e.id));
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível abrir o lançamento.');
    }
  };
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: financeKeys.entries });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    }
  };

  if (registers.isPending) return <Spinner label="Carregando…" />;
  if (registers.isError) return <p role="alert" className="text-sm text-red-700">{registers.error.message}</p>;
  const reg = registers.data;

  const actions = (e: FinEntry) => (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {maySettle && e.status === 'open' && (
        <Button size="sm" variant="secondary" onClick={() => setSettling(e)} aria-label={`${words.settle}: ${e.description}`}>
          <HandCoins aria-hidden /> {words.settle}
        </Button>
      )}
      {maySettle && e.status !== 'open' && e.paidCents > 0 && (
        <Button size="sm" variant="ghost" onClick={() => setSettling(e)} aria-label={`Baixas de ${e.description}`}>
          <WalletCards aria-hidden /> Baixas
        </Button>
      )}
      {mayWrite && e.status !== 'cancelled' && (
        <Button size="sm" variant="ghost" onClick={() => openEdit(e)} aria-label={`Editar ${e.description}`}>
          <Pencil aria-hidden />
        </Button>
      )}
      {mayWrite && e.status === 'open' && e.paidCents === 0 && (
        <Button size="sm" variant="ghost" onClick={() => act(() => cancelEntry(e.id, true), 'Lançamento cancelado.')} aria-label={`Cancelar ${e.description}`}>
          <Ban aria-hidden />
        </Button>
      )}
      {mayWrite && e.status === 'cancelled' && (
        <Button size="sm" variant="ghost" onClick={() => act(() => cancelEntry(e.id, false), 'Lançamento reaberto.')} aria-label={`Reabrir ${e.description}`}>
          <RotateCcw aria-hidden />
        </Button>
      )}
      {mayDelete && e.paidCents === 0 && (
        <Button
          size="sm"
          variant="ghost"
          onClick={async () => (await confirm.ask({ title: `Excluir "${e.description}"?`, description: 'Não dá para desfazer.', confirmLabel: 'Excluir', destructive: true })) && act(() => deleteEntry(e.id), 'Lançamento excluído.')}
          aria-label={`Excluir ${e.description}`}
        >
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );

  const dueCell = (e: FinEntry) => (
    <>
      <span className={e.displayStatus === 'overdue' ? 'font-medium text-red-700' : undefined}>{formatDate(isoToDate(e.dueDate))}</span>
      {e.effectiveDueDate !== e.dueDate && e.status === 'open' && <span className="block text-xs text-amber-800">pagável {formatDate(isoToDate(e.effectiveDueDate))}</span>}
    </>
  );
  const describe = (e: FinEntry) => (
    <>
      <span className="font-medium text-slate-900">{e.description}</span>
      {e.installmentNumber && (
        <span className="ml-1 text-xs text-slate-600">
          ({e.installmentNumber}/{e.installmentTotal})
        </span>
      )}
      {(e.partyName || e.categoryName) && <span className="block text-xs text-slate-600">{[e.partyName, e.categoryName].filter(Boolean).join(' · ')}</span>}
    </>
  );

  const emptyWithoutFilters = !list.isPending && entries.length === 0 && !hasFilters;
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">{words.title}</h2>
        <div className="flex flex-wrap gap-2">
          {mayExport && !emptyWithoutFilters && (
            <>
              <Button asChild variant="secondary" size="sm">
                <a href={exportEntriesUrl(filters, 'csv')} download>
                  <Download aria-hidden /> CSV
                </a>
              </Button>
              <Button asChild variant="secondary" size="sm">
                <a href={exportEntriesUrl(filters, 'xlsx')} download>
                  <FileSpreadsheet aria-hidden /> Excel
                </a>
              </Button>
            </>
          )}
          {mayWrite && !emptyWithoutFilters && (
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden /> {words.new}
            </Button>
          )}
        </div>
      </div>

      {emptyWithoutFilters ? (
        <EmptyState
          icon={HandCoins}
          title={kind === 'payable' ? 'Nenhuma conta a pagar ainda' : 'Nenhuma conta a receber ainda'}
          description={words.empty}
          action={
            mayWrite ? (
              <Button onClick={() => setCreating(true)}>
                <Plus aria-hidden /> {words.new}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <section aria-label="Filtros" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-4">
            <div className="grid gap-1 sm:col-span-2">
              <Label htmlFor="fin-busca">Buscar</Label>
              <Input id="fin-busca" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={`Descrição, documento ou ${words.party.toLowerCase()}`} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-situacao">Situação</Label>
              <Select id="fin-situacao" value={params.get('situacao') ?? ''} onChange={(e) => setParam('situacao', e.target.value)}>
                <option value="">Todas</option>
                <option value="pending">Em aberto (inclui vencidas)</option>
                <option value="open">A vencer</option>
                <option value="overdue">Vencidas</option>
                <option value="paid">{kind === 'payable' ? 'Pagas' : 'Recebidas'}</option>
                <option value="cancelled">Canceladas</option>
              </Select>
            </div>
            <div className="flex items-end md:hidden">
              <Button variant="secondary" size="sm" aria-expanded={moreFilters} aria-controls="fin-mais-filtros" onClick={() => setMoreFilters((v) => !v)}>
                <SlidersHorizontal aria-hidden /> {moreFilters ? 'Menos filtros' : 'Mais filtros'}
              </Button>
            </div>
            <div id="fin-mais-filtros" className={moreFilters ? 'contents' : 'hidden md:contents'}>
            <div className="grid gap-1">
              <Label htmlFor="fin-categoria">Categoria</Label>
              <Select id="fin-categoria" value={params.get('categoria') ?? ''} onChange={(e) => setParam('categoria', e.target.value)}>
                <option value="">Todas</option>
                <CategoryOptions categories={reg.categories} kind={kind === 'payable' ? 'expense' : 'income'} includeArchived />
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-campo">Período por</Label>
              <Select id="fin-campo" value={params.get('campo') ?? 'due'} onChange={(e) => setParam('campo', e.target.value === 'due' ? '' : e.target.value)}>
                <option value="due">Vencimento</option>
                <option value="competence">Competência</option>
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-de">De</Label>
              <Input id="fin-de" type="date" value={params.get('de') ?? ''} min="2000-01-01" max="2099-12-31" onChange={(e) => setParam('de', e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-ate">Até</Label>
              <Input id="fin-ate" type="date" value={params.get('ate') ?? ''} min="2000-01-01" max="2099-12-31" onChange={(e) => setParam('ate', e.target.value)} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-conta">Conta</Label>
              <Select id="fin-conta" value={params.get('conta') ?? ''} onChange={(e) => setParam('conta', e.target.value)}>
                <option value="">Todas</option>
                <NamedOptions items={reg.accounts} />
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-centro">Centro de custo</Label>
              <Select id="fin-centro" value={params.get('centro') ?? ''} onChange={(e) => setParam('centro', e.target.value)}>
                <option value="">Todos</option>
                <NamedOptions items={reg.costCenters} />
              </Select>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="fin-ordem">Ordenar por</Label>
              <Select
                id="fin-ordem"
                value={`${params.get('ordem') ?? 'dueDate'}:${params.get('sentido') ?? 'asc'}`}
                onChange={(e) => {
                  const [sort, order] = e.target.value.split(':') as [string, string];
                  setParams(
                    (prev) => {
                      const next = new URLSearchParams(prev);
                      next.set('ordem', sort);
                      next.set('sentido', order);
                      return next;
                    },
                    { replace: true },
                  );
                }}
              >
                <option value="dueDate:asc">Vencimento (mais antigo)</option>
                <option value="dueDate:desc">Vencimento (mais recente)</option>
                <option value="competenceDate:asc">Competência</option>
                <option value="amount:desc">Maior valor</option>
                <option value="amount:asc">Menor valor</option>
                <option value="description:asc">Descrição (A–Z)</option>
              </Select>
            </div>
            </div>
            {hasFilters && (
              <div className="flex items-end">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setSearch('');
                    setParams({ aba: params.get('aba') ?? '' }, { replace: true });
                  }}
                >
                  Limpar filtros
                </Button>
              </div>
            )}
          </section>

          {totals && (
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Totais do filtro">
              {[
                ['Em aberto', totals.openCents, 'text-slate-900'],
                ['Vencido', totals.overdueCents, totals.overdueCents ? 'text-red-700' : 'text-slate-900'],
                [kind === 'payable' ? 'Pago' : 'Recebido', totals.paidCents, 'text-emerald-800'],
                [`Total (${totals.count} ${totals.count === 1 ? 'lançamento' : 'lançamentos'})`, totals.amountCents, 'text-slate-900'],
              ].map(([label, cents, tone]) => (
                <div key={label as string} className="rounded-xl border border-slate-200 bg-white p-3">
                  <dt className="text-xs text-slate-600">{label}</dt>
                  <dd className={`text-lg font-semibold tabular-nums ${tone}`}>{formatMoneyCents(cents as number)}</dd>
                </div>
              ))}
            </dl>
          )}

          {maySettle && selectedEntries.length > 0 && (
            <section className="sticky top-0 z-10 flex flex-wrap items-center justify-between gap-2 rounded-xl border border-[var(--color-accent)] bg-[var(--color-accent-soft)] p-3" aria-label="Seleção">
              <span className="text-sm font-medium text-slate-900">
                {selectedEntries.length} selecionado(s) · {formatMoneyCents(selectedEntries.reduce((s, e) => s + e.openCents, 0))}
              </span>
              <div className="flex gap-2">
                <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
                  Limpar seleção
                </Button>
                <Button size="sm" onClick={() => setBulkOpen(true)}>
                  <CheckCheck aria-hidden /> Baixar selecionados
                </Button>
              </div>
            </section>
          )}

          {list.isPending ? (
            <Spinner label="Carregando lançamentos…" />
          ) : list.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {list.error.message}
            </p>
          ) : entries.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">Nenhum lançamento com esses filtros.</p>
          ) : (
            <>
              {/* Desktop: a table. */}
              <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{words.title}</caption>
                  <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                    <tr>
                      {maySettle && (
                        <th scope="col" className="w-10 px-3 py-2">
                          <input type="checkbox" aria-label="Selecionar todos em aberto" checked={allSelected} onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((e) => e.id)))} />
                        </th>
                      )}
                      <th scope="col" className="px-3 py-2">Vencimento</th>
                      <th scope="col" className="px-3 py-2">Descrição</th>
                      <th scope="col" className="px-3 py-2 text-right">Valor</th>
                      <th scope="col" className="px-3 py-2 text-right">Em aberto</th>
                      <th scope="col" className="px-3 py-2">Situação</th>
                      <th scope="col" className="px-3 py-2 text-right">
                        <span className="sr-only">Ações</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {entries.map((e) => (
                      <tr key={e.id} className={selected.has(e.id) ? 'bg-[var(--color-accent-soft)]' : undefined}>
                        {maySettle && (
                          <td className="px-3 py-2">
                            {e.status === 'open' && <input type="checkbox" aria-label={`Selecionar ${e.description}`} checked={selected.has(e.id)} onChange={() => toggle(e.id)} />}
                          </td>
                        )}
                        <td className="whitespace-nowrap px-3 py-2 tabular-nums">{dueCell(e)}</td>
                        <td className="px-3 py-2">{describe(e)}</td>
                        <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoneyCents(e.amountCents)}</td>
                        <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoneyCents(e.openCents)}</td>
                        <td className="px-3 py-2">
                          <StatusBadge kind={kind} status={e.displayStatus} />
                        </td>
                        <td className="px-3 py-2 [&>div]:flex-nowrap">{actions(e)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {/* Phones: cards. */}
              <ul className="grid gap-3 md:hidden" aria-label={words.title}>
                {entries.map((e) => (
                  <li key={e.id} className="grid gap-2 rounded-xl border border-slate-200 bg-white p-3">
                    <div className="flex items-start gap-3">
                      {maySettle && e.status === 'open' && <input type="checkbox" className="mt-1" aria-label={`Selecionar ${e.description}`} checked={selected.has(e.id)} onChange={() => toggle(e.id)} />}
                      <div className="min-w-0 flex-1">{describe(e)}</div>
                      <StatusBadge kind={kind} status={e.displayStatus} />
                    </div>
                    <div className="flex items-end justify-between gap-2 text-sm">
                      <div className="tabular-nums text-slate-700">Vence {dueCell(e)}</div>
                      <div className="text-right">
                        <div className="font-semibold tabular-nums text-slate-900">{formatMoneyCents(e.amountCents)}</div>
                        {e.openCents !== e.amountCents && e.status === 'open' && <div className="text-xs text-slate-600">em aberto {formatMoneyCents(e.openCents)}</div>}
                      </div>
                    </div>
                    {actions(e)}
                  </li>
                ))}
              </ul>
              {list.hasNextPage && (
                <div className="flex justify-center">
                  <Button variant="secondary" onClick={() => list.fetchNextPage()} pending={list.isFetchingNextPage}>
                    Carregar mais
                  </Button>
                </div>
              )}
            </>
          )}
        </>
      )}

      <EntryDialog open={creating} onOpenChange={setCreating} kind={kind} registers={reg} />
      <EntryDialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)} kind={kind} registers={reg} entry={editing} />
      <SettleDialog entry={settling} onClose={() => setSettling(null)} registers={reg} canUndo={maySettle} />
      <BulkSettleDialog open={bulkOpen} onOpenChange={setBulkOpen} entries={selectedEntries} registers={reg} onDone={() => setSelected(new Set())} />
      {confirm.dialog}
    </div>
  );
}
