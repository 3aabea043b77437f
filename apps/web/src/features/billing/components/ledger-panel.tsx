import { ScrollText } from 'lucide-react';
import { useState } from 'react';
import { BILLING_MESSAGES, COIN_KIND_LABELS, COIN_KINDS, type CoinKind } from '@sede/shared/billing';
import { count, dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input, inputClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { useLedger, type LedgerFilters } from '../api/list-ledger.ts';

const EMPTY: LedgerFilters = { kind: '', from: '', to: '' };

/** The coin statement: every credit and debit, who, when and the balance after; filterable. */
export function LedgerPanel() {
  const [filters, setFilters] = useState<LedgerFilters>(EMPTY);
  const rangeError = filters.from && filters.to && filters.from > filters.to ? BILLING_MESSAGES.ledgerRange : undefined;
  const ledger = useLedger(filters, !rangeError);
  const entries = ledger.data?.pages.flatMap((p) => p.entries) ?? [];
  const set = (patch: Partial<LedgerFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const filtered = filters.kind || filters.from || filters.to;

  return (
    <div className="grid gap-4">
      <form className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end" onSubmit={(e) => e.preventDefault()} aria-label="Filtros do extrato">
        <div className="col-span-2 sm:col-span-1">
          <Field label="Tipo">
          <select className={inputClass} value={filters.kind} onChange={(e) => set({ kind: e.target.value })} data-testid="ledger-kind">
            <option value="">Todos</option>
            {COIN_KINDS.map((k) => (
              <option key={k} value={k}>{COIN_KIND_LABELS[k]}</option>
            ))}
          </select>
          </Field>
        </div>
        <Field label="De">
          <Input type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} data-testid="ledger-from" />
        </Field>
        <Field label="Até" error={rangeError}>
          <Input type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} data-testid="ledger-to" />
        </Field>
        <Button type="button" variant="ghost" className="col-span-2 sm:col-span-1" onClick={() => setFilters(EMPTY)} disabled={!filtered}>
          Limpar filtros
        </Button>
      </form>

      {ledger.isPending && !rangeError ? (
        <div className="h-32 animate-pulse rounded-xl bg-slate-100" role="status" aria-busy="true" aria-label="Carregando extrato" />
      ) : ledger.isError ? (
        <p role="alert" className="text-sm text-red-700">{ledger.error.message}</p>
      ) : entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title={filtered ? 'Nenhum lançamento com esses filtros' : 'Nenhum lançamento ainda'}
          description={filtered ? 'Mude o tipo ou o período para ver outros lançamentos.' : 'Créditos e usos de moedas aparecem aqui, com quem fez e o saldo depois de cada um.'}
        />
      ) : (
        <>
          {/* Phones: one card per entry; wider screens: a table. */}
          <ul className="grid gap-2 md:hidden" aria-label="Extrato de moedas">
            {entries.map((e) => (
              <li key={e.id} className="grid gap-1 rounded-xl border border-slate-200 bg-white p-3 text-sm" data-testid="ledger-card" data-kind={e.kind}>
                <div className="flex items-start justify-between gap-3">
                  <span className="min-w-0 font-medium text-slate-900">{e.reason}</span>
                  <Amount value={e.amount} />
                </div>
                <span className="text-xs text-slate-600">
                  {dateTime(e.createdAt)} · {COIN_KIND_LABELS[e.kind as CoinKind] ?? e.kind} · {e.actor ?? 'Sede (automático)'}
                </span>
                <span className="text-xs text-slate-700">Saldo após: {count(e.balanceAfter)}</span>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="ledger-table">
              <caption className="sr-only">Extrato de moedas</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">Data</th>
                  <th scope="col" className="px-4 py-2 font-medium">Descrição</th>
                  <th scope="col" className="px-4 py-2 font-medium">Quem</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">Moedas</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">Saldo após</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {entries.map((e) => (
                  <tr key={e.id} data-testid="ledger-row" data-kind={e.kind}>
                    <td className="whitespace-nowrap px-4 py-2 text-slate-600">{dateTime(e.createdAt)}</td>
                    <td className="px-4 py-2">
                      <span className="block font-medium text-slate-900">{e.reason}</span>
                      <span className="text-xs text-slate-600">{COIN_KIND_LABELS[e.kind as CoinKind] ?? e.kind}</span>
                    </td>
                    <td className="px-4 py-2 text-slate-700">{e.actor ?? 'Sede (automático)'}</td>
                    <td className="px-4 py-2 text-right">
                      <Amount value={e.amount} />
                    </td>
                    <td className="px-4 py-2 text-right tabular-nums text-slate-700">{count(e.balanceAfter)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {ledger.hasNextPage && (
            <Button variant="secondary" className="justify-self-center" onClick={() => void ledger.fetchNextPage()} pending={ledger.isFetchingNextPage}>
              Carregar mais
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function Amount({ value }: { value: number }) {
  return (
    <span className={cn('whitespace-nowrap font-semibold tabular-nums', value > 0 ? 'text-green-800' : 'text-slate-900')}>
      {value > 0 ? '+' : '−'}
      {count(Math.abs(value))}
    </span>
  );
}
