import { useQueryClient } from '@tanstack/react-query';
import { Check, FileUp, Package, Undo2, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { CATEGORY_SUGGESTION_BATCH, STATEMENT_LINE_STATUS_LABELS, STATEMENT_LINE_STATUSES, type StatementLine, type StatementImport, type StatementLineStatus, type StatementOptions } from '@sede/shared/finance/statements-schemas';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { count, dateTime, day } from '@sede/shared/format';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { newRequestId, PaidActionButton } from '../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { reportsKeys } from '../api/reports-keys.ts';
import { confirmMatch, confirmSuggested } from '../api/statements-confirm.ts';
import { createEntryForLine } from '../api/statements-create-entry.ts';
import { ignoreLine, reopenLine } from '../api/statements-ignore.ts';
import { importStatement } from '../api/statements-import.ts';
import { useStatementImports } from '../api/statements-imports.ts';
import { useStatementLines } from '../api/statements-lines.ts';
import { useStatementOptions } from '../api/statements-options.ts';
import { packageDownloadUrl, startAccountantPackage } from '../api/statements-package.ts';
import { suggestCategories } from '../api/statements-suggest-categories.ts';
import { Money } from '../components/report-bits.tsx';
import { BalanceCell, StatementBalanceCard } from '../components/statement-balance-check.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { NamedOptions } from '../../../components/ui/named-options.tsx';

const message = (e: unknown) => (e instanceof ApiError ? e.message : 'Não foi possível concluir. Tente novamente.');

/** Extratos e conciliação: import OFX/CSV, the lines with their status, suggested matches confirmed in one click, entries for the rest, AI categories, the accountant's package. */
export default function StatementsTab() {
  const [params, setParams] = useUrlParams();
  const options = useStatementOptions();
  const accounts = options.data?.accounts ?? [];
  const accountId = accounts.find((a) => a.id === params.get('conta'))?.id ?? accounts[0]?.id;
  const status = (STATEMENT_LINE_STATUSES as readonly string[]).includes(params.get('situacao') ?? '') ? (params.get('situacao') as StatementLineStatus) : undefined;
  const set = (k: string, v: string | undefined) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        v ? n.set(k, v) : n.delete(k);
        return n;
      },
      { replace: true },
    );
  const id = useId();

  if (options.isPending) return <Spinner label="Carregando…" />;
  if (options.isError) return <p role="alert" className="text-sm text-red-700">{options.error.message}</p>;
  if (accounts.length === 0) {
    return <EmptyState icon={FileUp} title="Cadastre uma conta para importar extratos" description="Importe o extrato do banco (OFX ou CSV) e concilie cada transação com as contas a pagar e a receber. Comece cadastrando a conta bancária na aba Cadastros." />;
  }

  return (
    <div className="grid gap-6" data-testid="statements">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor={`${id}-account`}>Conta</Label>
          <select id={`${id}-account`} className={inputClass} value={accountId} onChange={(e) => set('conta', e.target.value)} data-testid="statement-account">
            <NamedOptions items={accounts} />
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-status`}>Situação</Label>
          <select id={`${id}-status`} className={inputClass} value={status ?? ''} onChange={(e) => set('situacao', e.target.value || undefined)}>
            <option value="">Todas</option>
            {STATEMENT_LINE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATEMENT_LINE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        {accountId && <ImportButton accountId={accountId} />}
      </div>
      {accountId && <AccountBalance accountId={accountId} />}
      {accountId && <Lines accountId={accountId} status={status} categories={options.data.categories} />}
      <ImportHistory accounts={accounts} />
      <AccountantPackage />
    </div>
  );
}

function AccountBalance({ accountId }: { accountId: string }) {
  const q = useStatementImports();
  return q.data ? <StatementBalanceCard imports={q.data} accountId={accountId} /> : null;
}

/** Histórico de importações (decision 0196): file, account, period, lines, duplicates, who and when. */
function ImportHistory({ accounts }: { accounts: StatementOptions['accounts'] }) {
  const q = useStatementImports();
  const id = useId();
  const accountName = (accountId: string) => accounts.find((a) => a.id === accountId)?.name ?? '—';
  const period = (i: StatementImport) => (i.startDate && i.endDate ? `${day(i.startDate)} a ${day(i.endDate)}` : '—');
  return (
    <section aria-labelledby={`${id}-history`} className="grid gap-2" data-testid="import-history">
      <h3 id={`${id}-history`} className="text-base font-semibold text-slate-900">
        Histórico de importações
      </h3>
      {q.isPending ? (
        <Spinner label="Carregando o histórico…" />
      ) : q.isError ? (
        <p role="alert" className="text-sm text-red-700">{q.error.message}</p>
      ) : q.data.length === 0 ? (
        <p className="text-sm text-slate-600">Nenhum extrato importado ainda. Cada arquivo importado aparece aqui, com o período e quantas transações eram novas.</p>
      ) : (
        <>
          <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block">
            <table className="w-full text-sm">
              <caption className="sr-only">Histórico de importações de extratos</caption>
              <thead className="bg-slate-50 text-left text-xs text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">Arquivo</th>
                  <th scope="col" className="px-3 py-2">Conta</th>
                  <th scope="col" className="px-3 py-2">Período</th>
                  <th scope="col" className="px-3 py-2 text-right">Transações</th>
                  <th scope="col" className="px-3 py-2 text-right">Novas</th>
                  <th scope="col" className="px-3 py-2 text-right">Já importadas</th>
                  <th scope="col" className="px-3 py-2 text-right">Saldo do banco</th>
                  <th scope="col" className="px-3 py-2">Quem</th>
                  <th scope="col" className="px-3 py-2">Quando</th>
                </tr>
              </thead>
              <tbody>
                {q.data.map((i) => (
                  <tr key={i.id} className="border-t border-slate-100" data-testid="import-row">
                    <th scope="row" className="max-w-56 truncate px-3 py-2 text-left font-medium text-slate-900" title={i.fileName}>
                      {i.fileName} <span className="text-xs font-normal uppercase text-slate-500">{i.format}</span>
                    </th>
                    <td className="px-3 py-2">{accountName(i.accountId)}</td>
                    <td className="px-3 py-2">{period(i)}</td>
                    <td className="px-3 py-2 text-right">{count(i.totalLines)}</td>
                    <td className="px-3 py-2 text-right">{count(i.importedLines)}</td>
                    <td className="px-3 py-2 text-right">{count(i.totalLines - i.importedLines)}</td>
                    <td className="px-3 py-2 text-right">
                      <BalanceCell balance={i.balance} />
                    </td>
                    <td className="px-3 py-2">{i.createdByName ?? '—'}</td>
                    <td className="px-3 py-2">{dateTime(i.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="grid gap-2 md:hidden" aria-label="Histórico de importações de extratos">
            {q.data.map((i) => (
              <li key={i.id} className="grid gap-1 rounded-xl border border-slate-200 bg-white p-3 text-sm">
                <p className="truncate font-medium text-slate-900">{i.fileName}</p>
                <p className="text-slate-700">
                  {accountName(i.accountId)} · {period(i)}
                </p>
                <p className="text-slate-700">
                  {count(i.totalLines)} transações: {count(i.importedLines)} novas, {count(i.totalLines - i.importedLines)} já importadas
                </p>
                {i.balance && (
                  <p className="text-slate-700">
                    Saldo do banco em {day(i.balance.date)}: <BalanceCell balance={i.balance} />
                  </p>
                )}
                <p className="text-xs text-slate-600">
                  {i.createdByName ?? '—'} · {dateTime(i.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ImportButton({ accountId }: { accountId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const qc = useQueryClient();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setPending(true);
    try {
      const r = await importStatement(accountId, file);
      toast.success(
        r.importedLines === 0
          ? `Nenhuma transação nova: as ${count(r.totalLines)} já tinham sido importadas.`
          : `${count(r.importedLines)} transação(ões) importada(s)${r.duplicateLines ? `; ${count(r.duplicateLines)} já existia(m)` : ''}.`,
      );
      await qc.invalidateQueries({ queryKey: reportsKeys.statements });
    } catch (e) {
      toast.error(message(e));
    } finally {
      setPending(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="ml-auto">
      <input ref={input} type="file" accept=".ofx,.csv,.txt,application/x-ofx,text/csv" className="sr-only" id="statement-file" data-testid="statement-file" onChange={(e) => onFile(e.target.files?.[0])} tabIndex={-1} aria-hidden />
      <Button onClick={() => input.current?.click()} pending={pending}>
        <FileUp aria-hidden /> Importar extrato (OFX ou CSV)
      </Button>
    </div>
  );
}

function Lines({ accountId, status, categories }: { accountId: string; status?: StatementLineStatus; categories: StatementOptions['categories'] }) {
  const q = useStatementLines({ accountId, status });
  const qc = useQueryClient();
  const { company } = useAuth();
  const [bulkPending, setBulkPending] = useState(false);
  useLiveInvalidate('fin_statement_line', reportsKeys.statements);
  const refresh = () => qc.invalidateQueries({ queryKey: reportsKeys.area });

  if (q.isPending) return <Spinner label="Carregando as transações…" />;
  if (q.isError) return <p role="alert" className="text-sm text-red-700">{q.error.message}</p>;
  const lines = q.data.pages.flatMap((p) => p.lines);
  const { counts } = q.data.pages[0]!;
  const suggested = lines.filter((l) => l.status === 'pending' && l.suggestion);
  const uncategorized = lines.filter((l) => l.status === 'pending' && !l.suggestion && !l.suggestedCategoryId).slice(0, CATEGORY_SUGGESTION_BATCH);

  return (
    <section className="grid gap-3" aria-label="Transações do extrato">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {STATEMENT_LINE_STATUSES.map((s) => (
          <span key={s} className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
            {STATEMENT_LINE_STATUS_LABELS[s]}: <strong>{count(counts[s])}</strong>
          </span>
        ))}
        <div className="ml-auto flex flex-wrap gap-2">
          {uncategorized.length > 0 && (
            <PaidActionButton
              action="ai.category_suggestion"
              verb={`Sugerir categorias (${uncategorized.length})`}
              balance={company?.currency_amount}
              variant="secondary"
              run={async () => {
                const r = await suggestCategories(
                  uncategorized.map((l) => l.id),
                  newRequestId(),
                );
                await refresh();
                return r;
              }}
            />
          )}
          {suggested.length > 0 && (
            <Button
              variant="secondary"
              pending={bulkPending}
              onClick={async () => {
                setBulkPending(true);
                try {
                  const r = await confirmSuggested(suggested.map((l) => l.id));
                  toast.success(`${count(r.confirmed)} transação(ões) conciliada(s).`);
                  await refresh();
                } catch (e) {
                  toast.error(message(e));
                } finally {
                  setBulkPending(false);
                }
              }}
            >
              <Check aria-hidden /> Confirmar todas as sugestões ({suggested.length})
            </Button>
          )}
        </div>
      </div>
      {lines.length === 0 ? (
        <EmptyState icon={FileUp} title="Nenhuma transação aqui" description="Importe o extrato desta conta (OFX ou CSV) para conciliar cada transação com as contas a pagar e a receber." />
      ) : (
        <ul className="grid gap-2" data-testid="statement-lines">
          {lines.map((l) => (
            <LineCard key={l.id} line={l} categories={categories} onChanged={refresh} />
          ))}
        </ul>
      )}
      {q.hasNextPage && (
        <Button variant="secondary" className="justify-self-center" pending={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
          Carregar mais
        </Button>
      )}
    </section>
  );
}

const STATUS_STYLE: Record<StatementLineStatus, string> = {
  pending: 'bg-amber-50 text-amber-900',
  matched: 'bg-emerald-50 text-emerald-800',
  created: 'bg-blue-50 text-blue-800',
  ignored: 'bg-slate-100 text-slate-700',
};

function LineCard({ line: l, categories, onChanged }: { line: StatementLine; categories: StatementOptions['categories']; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const credit = l.amountCents > 0;
  const fitting = categories.filter((c) => (c.kind === 'income') === credit);
  const [categoryId, setCategoryId] = useState(l.suggestedCategoryId ?? '');
  const id = useId();
  const act = async (name: string, work: () => Promise<unknown>, done: string) => {
    setBusy(name);
    try {
      await work();
      toast.success(done);
      await onChanged();
    } catch (e) {
      toast.error(message(e));
    } finally {
      setBusy(null);
    }
  };
  const title = l.memo || l.payee || 'Sem descrição';
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4" data-testid="statement-line" data-status={l.status} aria-label={`${title}, ${day(l.postedDate)}`}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
        <div className="min-w-0 flex-1 basis-56">
          <p className="truncate font-medium text-slate-900">{title}</p>
          <p className="text-xs text-slate-600">
            {day(l.postedDate)}
            {l.payee && l.memo ? ` · ${l.payee}` : ''}
          </p>
        </div>
        <Money cents={l.amountCents} strong className={cn('text-base', credit && 'text-emerald-700')} />
        <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLE[l.status])}>{STATEMENT_LINE_STATUS_LABELS[l.status]}</span>
      </div>
      {l.status !== 'pending' && l.matchedDescription && <p className="text-sm text-slate-600">Conciliada com: {l.matchedDescription}</p>}
      {l.status === 'pending' && l.suggestion && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm" data-testid="line-suggestion">
          <p className="min-w-0 flex-1 text-emerald-900">
            Sugestão: <strong>{l.suggestion.description}</strong> ({l.suggestion.type === 'payment' ? 'pagamento já lançado' : l.suggestion.kind === 'payable' ? 'a pagar' : 'a receber'}, {day(l.suggestion.date)})
          </p>
          <Button size="sm" pending={busy === 'confirm'} onClick={() => act('confirm', () => confirmMatch(l.id, { type: l.suggestion!.type, id: l.suggestion!.id }), 'Transação conciliada.')}>
            <Check aria-hidden /> Confirmar
          </Button>
        </div>
      )}
      {l.status === 'pending' && (
        <div className="flex flex-wrap items-end gap-2">
          {creating ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (!categoryId) return toast.error('Escolha a categoria.');
                void act('create', () => createEntryForLine(l.id, { categoryId }), credit ? 'Conta a receber criada e recebida.' : 'Conta a pagar criada e paga.');
              }}
            >
              <div className="grid gap-1">
                <Label htmlFor={`${id}-cat`}>Categoria</Label>
                <select id={`${id}-cat`} className={inputClass} value={categoryId} onChange={(e) => setCategoryId(e.target.value)} required>
                  <option value="">Escolha…</option>
                  {fitting.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                      {c.id === l.suggestedCategoryId ? ' (sugerida)' : ''}
                    </option>
                  ))}
                </select>
              </div>
              <Button size="sm" type="submit" pending={busy === 'create'}>
                Criar lançamento
              </Button>
              <Button size="sm" variant="ghost" type="button" onClick={() => setCreating(false)}>
                Cancelar
              </Button>
            </form>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
              {credit ? 'Criar conta a receber' : 'Criar conta a pagar'}
            </Button>
          )}
          <Button size="sm" variant="ghost" pending={busy === 'ignore'} onClick={() => act('ignore', () => ignoreLine(l.id), 'Transação ignorada.')}>
            <X aria-hidden /> Ignorar
          </Button>
        </div>
      )}
      {l.status === 'ignored' && (
        <div>
          <Button size="sm" variant="ghost" pending={busy === 'reopen'} onClick={() => act('reopen', () => reopenLine(l.id), 'Transação voltou para pendente.')}>
            <Undo2 aria-hidden /> Desfazer
          </Button>
        </div>
      )}
    </li>
  );
}

function AccountantPackage() {
  const today = todayInBrazil();
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const [month, setMonth] = useState(lastMonth);
  const [jobId, setJobId] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Package className="size-5" aria-hidden /> Pacote do contador
        </CardTitle>
        <CardDescription>Lançamentos, pagamentos e categorias do mês em XLSX, com os anexos (boletos, notas fiscais) em um ZIP.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={async (e) => {
            e.preventDefault();
            setPending(true);
            setReady(false);
            try {
              setJobId((await startAccountantPackage(month)).jobId);
            } catch (err) {
              toast.error(message(err));
            } finally {
              setPending(false);
            }
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor={`${id}-month`}>Mês</Label>
            <input id={`${id}-month`} type="month" className={inputClass} value={month} onChange={(e) => setMonth(e.target.value)} required />
          </div>
          <Button type="submit" variant="secondary" pending={pending}>
            Gerar pacote
          </Button>
        </form>
        {jobId && <JobProgress jobId={jobId} title="Pacote do contador" onFinished={(j) => setReady(j.status === 'done')} />}
        {jobId && ready && (
          <Button asChild>
            <a href={packageDownloadUrl(jobId)} download data-testid="package-download">
              Baixar o pacote (ZIP)
            </a>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
