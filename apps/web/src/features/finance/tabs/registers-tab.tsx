import { useQueryClient } from '@tanstack/react-query';
import { DRE_GROUPS, type DreGroup } from '@sede/shared/finance/dre';
import { ACCOUNT_KINDS, ACCOUNT_KIND_LABELS, type AccountKind, type CategoryKind, type FinAccount, type FinCategory, type FinCostCenter } from '@sede/shared/finance/registers';
import { isSaneDate } from '@sede/shared/finance/money';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { ArrowDown, ArrowUp, Landmark, Pencil, Plus } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatMoneyCents } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createAccount } from '../api/create-account.ts';
import { createCategory } from '../api/create-category.ts';
import { createCostCenter } from '../api/create-cost-center.ts';
import { useRegisters } from '../api/get-registers.ts';
import { financeKeys } from '../api/keys.ts';
import { updateAccount } from '../api/update-account.ts';
import { updateCategory } from '../api/update-category.ts';
import { updateCostCenter } from '../api/update-cost-center.ts';
import { ArchiveToggleButton } from '../components/archive-toggle-button.tsx';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { Select } from '../components/select.tsx';

const dreLabel = (key: string) => DRE_GROUPS.find((g) => g.key === key)?.label ?? key;

function useSave() {
  const queryClient = useQueryClient();
  return async (work: () => Promise<unknown>, done: string): Promise<string | null> => {
    try {
      await work();
      toast.success(done);
      await queryClient.invalidateQueries({ queryKey: financeKeys.registers });
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.message : 'Não foi possível salvar.';
    }
  };
}

/** Cadastros: bank and cash accounts with balances, the chart of categories, cost centres. */
export default function RegistersTab() {
  const registers = useRegisters();
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'finance.write');
  if (registers.isPending) return <Spinner label="Carregando cadastros…" />;
  if (registers.isError) return <p role="alert" className="text-sm text-red-700">{registers.error.message}</p>;
  const { accounts, categories, costCenters } = registers.data;
  return (
    <div className="grid min-w-0 gap-6">
      <Accounts accounts={accounts} mayWrite={mayWrite} />
      <Categories categories={categories} mayWrite={mayWrite} />
      <CostCenters costCenters={costCenters} mayWrite={mayWrite} />
    </div>
  );
}

function Accounts({ accounts, mayWrite }: { accounts: FinAccount[]; mayWrite: boolean }) {
  const [editing, setEditing] = useState<FinAccount | 'new' | null>(null);
  const save = useSave();
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Contas bancárias e caixa</CardTitle>
          <CardDescription>De onde o dinheiro sai e para onde entra. Saldo = saldo inicial + recebimentos − pagamentos.</CardDescription>
        </div>
        {mayWrite && (
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus aria-hidden /> Nova conta
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {accounts.length === 0 ? (
          <div className="grid justify-items-center gap-2 rounded-lg border border-dashed border-slate-300 p-6 text-center">
            <Landmark className="size-6 text-[var(--color-accent)]" aria-hidden />
            <p className="text-sm text-slate-700">Cadastre a conta do banco e o caixa da empresa com o saldo de hoje para registrar pagamentos e recebimentos.</p>
            {mayWrite && (
              <Button size="sm" onClick={() => setEditing('new')}>
                <Plus aria-hidden /> Cadastrar a primeira conta
              </Button>
            )}
          </div>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {accounts.map((a) => (
              <li key={a.id} className={`grid gap-1 rounded-lg border border-slate-200 p-3 ${a.archived ? 'opacity-70' : ''}`}>
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <p className="truncate font-medium text-slate-900">{a.name}</p>
                    <p className="text-xs text-slate-600">
                      {ACCOUNT_KIND_LABELS[a.kind]}
                      {a.bankCode ? ` · banco ${a.bankCode}` : ''}
                      {a.agency ? ` · ag. ${a.agency}` : ''}
                      {a.accountNumber ? ` · c/c ${a.accountNumber}` : ''}
                      {a.archived ? ' · arquivada' : ''}
                    </p>
                  </div>
                  {mayWrite && (
                    <div className="flex">
                      <Button size="sm" variant="ghost" aria-label={`Editar ${a.name}`} onClick={() => setEditing(a)}>
                        <Pencil aria-hidden />
                      </Button>
                      <ArchiveToggleButton
                        name={a.name}
                        archived={a.archived}
                        toggle={() => save(() => updateAccount(a.id, { archived: !a.archived }), a.archived ? 'Conta reativada.' : 'Conta arquivada.')}
                      />
                    </div>
                  )}
                </div>
                <p className={`text-lg font-semibold tabular-nums ${a.balanceCents < 0 ? 'text-red-700' : 'text-slate-900'}`}>{formatMoneyCents(a.balanceCents)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AccountDialog account={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

export function AccountDialog({ account, onClose }: { account: FinAccount | 'new' | null; onClose: () => void }) {
  const save = useSave();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<AccountKind>('checking');
  const [bankCode, setBankCode] = useState('');
  const [agency, setAgency] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [opening, setOpening] = useState<number | null>(0);
  const [openingDate, setOpeningDate] = useState(todayInBrazil());
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    if (!account) return;
    const a = account === 'new' ? null : account;
    setName(a?.name ?? '');
    setKind(a?.kind ?? 'checking');
    setBankCode(a?.bankCode ?? '');
    setAgency(a?.agency ?? '');
    setAccountNumber(a?.accountNumber ?? '');
    setOpening(a?.openingBalanceCents ?? 0);
    setOpeningDate(a?.openingDate ?? todayInBrazil());
    setError(null);
  }, [account]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Informe o nome.');
    if (opening === null) return setError('Saldo inicial inválido.');
    if (!isSaneDate(openingDate)) return setError('Data inválida: use uma data entre 2000 e 2099.');
    setPending(true);
    const input = { name, kind, bankCode: bankCode || null, agency: agency || null, accountNumber: accountNumber || null, openingBalanceCents: opening, openingDate };
    const err = await save(() => (account === 'new' ? createAccount(input) : updateAccount((account as FinAccount).id, input)), account === 'new' ? 'Conta cadastrada.' : 'Conta atualizada.');
    setPending(false);
    if (err) setError(err);
    else onClose();
  };
  return (
    <Dialog open={!!account} onOpenChange={(o) => !o && onClose()} title={account === 'new' ? 'Nova conta' : 'Editar conta'}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {error && <FormAlert title={error} />}
        <Field label="Nome">
          <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Itaú PJ, Caixa da loja" maxLength={120} />
        </Field>
        <Field label="Tipo">
          <Select value={kind} onChange={(e) => setKind(e.target.value as AccountKind)}>
            {ACCOUNT_KINDS.map((k) => (
              <option key={k} value={k}>
                {ACCOUNT_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        {kind !== 'cash' && (
          <div className="grid grid-cols-3 gap-2">
            <Field label="Banco (código)">
              <Input value={bankCode} onChange={(e) => setBankCode(e.target.value.replace(/\D/g, '').slice(0, 3))} inputMode="numeric" placeholder="341" />
            </Field>
            <Field label="Agência">
              <Input value={agency} onChange={(e) => setAgency(e.target.value)} maxLength={20} />
            </Field>
            <Field label="Conta">
              <Input value={accountNumber} onChange={(e) => setAccountNumber(e.target.value)} maxLength={30} />
            </Field>
          </div>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Field label="Saldo inicial (R$)">
            <MoneyInput cents={opening} onCents={setOpening} allowNegative />
          </Field>
          <Field label="Na data">
            <Input type="date" value={openingDate} min="2000-01-01" max="2099-12-31" onChange={(e) => setOpeningDate(e.target.value)} />
          </Field>
        </div>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" pending={pending}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Categories({ categories, mayWrite }: { categories: FinCategory[]; mayWrite: boolean }) {
  const [editing, setEditing] = useState<FinCategory | { kind: CategoryKind; parentId: string | null } | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const save = useSave();
  const [moving, setMoving] = useState(false);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: string; dir: 'up' | 'down' } | null>(null);
  const visible = categories.filter((c) => showArchived || !c.archived);
  // Keyboard: the moved category keeps the focus on its arrow (or on the other one at an end).
  useEffect(() => {
    if (!focusAfterMove) return;
    const at = (dir: string) => document.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.id}:${dir}"]`);
    const target = at(focusAfterMove.dir);
    (target && !target.disabled ? target : at(focusAfterMove.dir === 'up' ? 'down' : 'up'))?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove]);
  /** Moves a category one place among its siblings (same kind and group): the siblings are renumbered 0…n (decision 0199). */
  const move = async (c: FinCategory, siblings: FinCategory[], dir: 'up' | 'down') => {
    const i = siblings.findIndex((s) => s.id === c.id);
    const j = dir === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= siblings.length) return;
    const order = [...siblings];
    [order[i], order[j]] = [order[j]!, order[i]!];
    setMoving(true);
    const error = await save(
      () => Promise.all(order.map((s, position) => (s.position === position ? null : updateCategory(s.id, { position })))),
      dir === 'up' ? `${c.name} subiu.` : `${c.name} desceu.`,
    );
    setMoving(false);
    if (error) toast.error(error);
    else setFocusAfterMove({ id: c.id, dir });
  };
  const column = (kind: CategoryKind, title: string) => {
    const ofKind = visible.filter((c) => c.kind === kind);
    const roots = ofKind.filter((c) => !c.parentId || !ofKind.some((p) => p.id === c.parentId));
    const siblingsOf = (c: FinCategory) => (roots.includes(c) ? roots : ofKind.filter((s) => s.parentId === c.parentId));
    const row = (c: FinCategory, child: boolean) => (
      <li key={c.id} className={`flex flex-wrap items-center justify-between gap-x-2 py-1.5 ${child ? 'pl-5' : ''} ${c.archived ? 'opacity-60' : ''}`}>
        <div className="min-w-0 flex-1 basis-48">
          <p className={`truncate text-sm ${child ? 'text-slate-800' : 'font-medium text-slate-900'}`}>
            {c.name}
            {c.archived && <span className="ml-1 text-xs text-slate-600">(arquivada)</span>}
          </p>
          {!child && <p className="truncate text-xs text-slate-600">DRE: {dreLabel(c.dreGroup)}</p>}
        </div>
        {mayWrite && (
          <div className="ml-auto flex shrink-0">
            {(() => {
              const siblings = siblingsOf(c);
              const i = siblings.indexOf(c);
              return (
                <>
                  <Button size="sm" variant="ghost" className="px-2" data-move={`${c.id}:up`} aria-label={`Mover ${c.name} para cima`} disabled={moving || i <= 0} onClick={() => move(c, siblings, 'up')}>
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button size="sm" variant="ghost" className="px-2" data-move={`${c.id}:down`} aria-label={`Mover ${c.name} para baixo`} disabled={moving || i >= siblings.length - 1} onClick={() => move(c, siblings, 'down')}>
                    <ArrowDown aria-hidden />
                  </Button>
                </>
              );
            })()}
            {!child && (
              <Button size="sm" variant="ghost" aria-label={`Nova categoria em ${c.name}`} onClick={() => setEditing({ kind, parentId: c.id })}>
                <Plus aria-hidden />
              </Button>
            )}
            <Button size="sm" variant="ghost" aria-label={`Editar ${c.name}`} onClick={() => setEditing(c)}>
              <Pencil aria-hidden />
            </Button>
            <ArchiveToggleButton
              name={c.name}
              archived={c.archived}
              toggle={() => save(() => updateCategory(c.id, { archived: !c.archived }), c.archived ? 'Categoria reativada.' : 'Categoria arquivada.')}
            />
          </div>
        )}
      </li>
    );
    return (
      <section aria-label={title} className="flex min-w-0 flex-col gap-2">
        <div className="flex items-center justify-between">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
          {mayWrite && (
            <Button size="sm" variant="secondary" onClick={() => setEditing({ kind, parentId: null })}>
              <Plus aria-hidden /> Grupo
            </Button>
          )}
        </div>
        <ul className="divide-y divide-slate-100">
          {roots.map((r) => [row(r, false), ...ofKind.filter((c) => c.parentId === r.id).map((c) => row(c, true))])}
        </ul>
      </section>
    );
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Categorias</CardTitle>
          <CardDescription>O plano de contas: cada categoria soma em uma linha do DRE gerencial. Arquive o que não usa; renomeie e mova à vontade.</CardDescription>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} /> Mostrar arquivadas
        </label>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {column('income', 'Receitas')}
        {column('expense', 'Despesas')}
      </CardContent>
      <CategoryDialog value={editing} categories={categories} onClose={() => setEditing(null)} />
    </Card>
  );
}

function CategoryDialog({ value, categories, onClose }: { value: FinCategory | { kind: CategoryKind; parentId: string | null } | null; categories: FinCategory[]; onClose: () => void }) {
  const save = useSave();
  const existing = value && 'id' in value ? value : null;
  const kind = value?.kind ?? 'expense';
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const [dreGroup, setDreGroup] = useState<DreGroup>('despesas_operacionais');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the dialog opens on another category
  useEffect(() => {
    if (!value) return;
    const parent = categories.find((c) => c.id === value.parentId);
    setName(existing?.name ?? '');
    setParentId(value.parentId ?? '');
    setDreGroup(existing?.dreGroup ?? parent?.dreGroup ?? (value.kind === 'income' ? 'receita_bruta' : 'despesas_operacionais'));
    setError(null);
  }, [value]);
  const parents = categories.filter((c) => c.kind === kind && !c.parentId && c.id !== existing?.id && !c.archived);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Informe o nome.');
    setPending(true);
    const err = existing
      ? await save(() => updateCategory(existing.id, { name, parentId: parentId || null, dreGroup }), 'Categoria atualizada.')
      : await save(() => createCategory({ name, kind, parentId: parentId || null, dreGroup }), 'Categoria criada.');
    setPending(false);
    if (err) setError(err);
    else onClose();
  };
  return (
    <Dialog open={!!value} onOpenChange={(o) => !o && onClose()} title={existing ? 'Editar categoria' : kind === 'income' ? 'Nova categoria de receita' : 'Nova categoria de despesa'}>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        {error && <FormAlert title={error} />}
        <Field label="Nome">
          <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
        </Field>
        <Field label="Dentro de">
          <Select
            value={parentId}
            onChange={(e) => {
              setParentId(e.target.value);
              const p = categories.find((c) => c.id === e.target.value);
              if (p) setDreGroup(p.dreGroup);
            }}
          >
            <option value="">Nenhuma (grupo principal)</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Linha do DRE">
          <Select value={dreGroup} onChange={(e) => setDreGroup(e.target.value as DreGroup)}>
            {DRE_GROUPS.filter((g) => g.kind === kind || g.key === 'investimentos').map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" pending={pending}>
            Salvar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function CostCenters({ costCenters, mayWrite }: { costCenters: FinCostCenter[]; mayWrite: boolean }) {
  const save = useSave();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<FinCostCenter | null>(null);
  const [newName, setNewName] = useState('');
  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Informe o nome.');
    const err = await save(() => createCostCenter({ name }), 'Centro de custo criado.');
    setError(err);
    if (!err) setName('');
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Centros de custo</CardTitle>
        <CardDescription>Separe despesas e receitas por loja, projeto ou departamento para comparar resultados.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {mayWrite && (
          <form onSubmit={add} className="flex flex-col gap-2 sm:flex-row sm:items-end" noValidate>
            <div className="grid flex-1 gap-1">
              <Field label="Novo centro de custo" error={error ?? undefined}>
                <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Ex.: Loja Centro" maxLength={120} />
              </Field>
            </div>
            <Button type="submit">
              <Plus aria-hidden /> Adicionar
            </Button>
          </form>
        )}
        {costCenters.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum centro de custo ainda. São opcionais.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {costCenters.map((c) => (
              <li key={c.id} className={`flex items-center justify-between gap-2 py-1.5 ${c.archived ? 'opacity-60' : ''}`}>
                <span className="text-sm text-slate-900">
                  {c.name}
                  {c.archived && <span className="ml-1 text-xs text-slate-600">(arquivado)</span>}
                </span>
                {mayWrite && (
                  <div className="flex">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Renomear ${c.name}`}
                      onClick={() => {
                        setRenaming(c);
                        setNewName(c.name);
                      }}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <ArchiveToggleButton
                      name={c.name}
                      archived={c.archived}
                      toggle={() => save(() => updateCostCenter(c.id, { archived: !c.archived }), c.archived ? 'Centro de custo reativado.' : 'Centro de custo arquivado.')}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <Dialog open={!!renaming} onOpenChange={(o) => !o && setRenaming(null)} title="Renomear centro de custo">
        <form
          className="grid gap-3"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!renaming) return;
            const err = await save(() => updateCostCenter(renaming.id, { name: newName }), 'Centro de custo renomeado.');
            if (err) toast.error(err);
            else setRenaming(null);
          }}
        >
          <Field label="Nome">
            <Input value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={120} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => setRenaming(null)}>
              Cancelar
            </Button>
            <Button type="submit">Salvar</Button>
          </div>
        </form>
      </Dialog>
    </Card>
  );
}
