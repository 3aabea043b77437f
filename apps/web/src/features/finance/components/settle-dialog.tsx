import { useQueryClient } from '@tanstack/react-query';
import { ENTRY_MESSAGES, type FinEntry } from '@sede/shared/finance/entries';
import { isSaneDate, lateCharges, paymentTotal } from '@sede/shared/finance/money';
import type { FinRegisters } from '@sede/shared/finance/registers';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { Undo2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast.ts';
import { day, money } from '@sede/shared/format';
import { FormAlert } from '../../../components/form/form-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useEntry } from '../api/get-entry.ts';
import { financeKeys } from '../api/keys.ts';
import { settleEntry } from '../api/settle-entry.ts';
import { undoPayment } from '../api/undo-payment.ts';
import { DueHint } from './due-hint.tsx';
import { MoneyInput } from '../../../components/form/money-input.tsx';
import { AccountField } from './select.tsx';
import { ScrollDialog } from '../../../components/ui/scroll-dialog.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';

/** Settle an entry, whole or partly, with interest, fine and discount; the payments so far, each undoable. */
export function SettleDialog({ entry, onClose, registers, canUndo }: { entry: FinEntry | null; onClose: () => void; registers: FinRegisters; canUndo: boolean }) {
  const queryClient = useQueryClient();
  const detail = useEntry(entry?.id ?? null);
  const [accountId, setAccountId] = useState('');
  const [paidDate, setPaidDate] = useState(todayInBrazil());
  const [amount, setAmount] = useState<number | null>(null);
  const [interest, setInterest] = useState<number | null>(0);
  const [fine, setFine] = useState<number | null>(0);
  const [discount, setDiscount] = useState<number | null>(0);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const accounts = registers.accounts.filter((a) => !a.archived);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another entry is opened
  useEffect(() => {
    if (!entry) return;
    const today = todayInBrazil();
    setError(null);
    setAccountId(entry.accountId && accounts.some((a) => a.id === entry.accountId) ? entry.accountId : (accounts[0]?.id ?? ''));
    setPaidDate(today);
    setAmount(entry.openCents);
    setDiscount(0);
    setInterest(0);
    setFine(0);
  }, [entry?.id]);

  if (!entry) return null;
  const verb = entry.kind === 'payable' ? 'Pagar' : 'Receber';
  const total = amount ? paymentTotal({ amountCents: amount, interestCents: interest ?? 0, fineCents: fine ?? 0, discountCents: discount ?? 0 }) : 0;
  // Interest and fine are the user's to add (decision 0371): the default total is the amount due.
  const charges = lateCharges(amount ?? entry.openCents, entry.dueDate, isSaneDate(paidDate) ? paidDate : entry.dueDate);
  const late = charges.daysLate;
  const chargesAdded = interest === charges.interestCents && fine === charges.fineCents;

  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: financeKeys.entries }), queryClient.invalidateQueries({ queryKey: financeKeys.registers })]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!accountId) return setError('Escolha a conta de onde o dinheiro sai ou entra. Cadastre uma em Cadastros.');
    if (!isSaneDate(paidDate)) return setError(ENTRY_MESSAGES.paidDate);
    if (!amount || amount <= 0) return setError(ENTRY_MESSAGES.amount);
    if (amount > entry.openCents) return setError(ENTRY_MESSAGES.overpaid);
    if (interest === null || fine === null || discount === null || interest < 0 || fine < 0 || discount < 0) return setError(ENTRY_MESSAGES.cents);
    setPending(true);
    try {
      const res = await settleEntry(entry.id, { accountId, paidDate, amountCents: amount, interestCents: interest, fineCents: fine, discountCents: discount });
      toast.success(res.entry.status === 'paid' ? (entry.kind === 'payable' ? 'Conta paga.' : 'Conta recebida.') : `Baixa parcial registrada. Em aberto: ${money(res.entry.openCents)}.`);
      await refresh();
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível registrar a baixa.');
    } finally {
      setPending(false);
    }
  };

  const undo = async (paymentId: string) => {
    try {
      await undoPayment(entry.id, paymentId);
      toast.success('Baixa desfeita.');
      await refresh();
      onClose();
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível desfazer.');
    }
  };

  const payments = detail.data?.payments ?? [];
  return (
    <ScrollDialog
      wide
      open={!!entry}
      onOpenChange={(o) => !o && onClose()}
      title={`${verb}: ${entry.description}`}
      description={
        <>
          Vencimento {day(entry.dueDate)} · em aberto {money(entry.openCents)} de {money(entry.amountCents)}
        </>
      }
    >
      <DueHint dueDate={entry.dueDate} />
      {payments.length > 0 && (
        <section aria-label="Baixas registradas" className="grid gap-2">
          <h3 className="text-sm font-medium text-slate-800">Baixas registradas</h3>
          <ul className="grid gap-1 text-sm">
            {payments.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-2 rounded border border-slate-200 px-3 py-2">
                <span>
                  {day(p.paidDate)} · {money(p.totalCents)} {p.accountName ? `· ${p.accountName}` : ''}
                  {p.interestCents + p.fineCents > 0 && <span className="text-slate-600"> (juros e multa {money(p.interestCents + p.fineCents)})</span>}
                </span>
                {canUndo && (
                  <Button type="button" variant="ghost" size="sm" onClick={() => undo(p.id)}>
                    <Undo2 aria-hidden /> Desfazer
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {entry.status === 'open' ? (
        <form onSubmit={submit} className="grid gap-4" noValidate>
          {error && <FormAlert title={error} />}
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <AccountField accounts={accounts} value={accountId} onChange={setAccountId} />
            <Field label={entry.kind === 'payable' ? 'Data do pagamento' : 'Data do recebimento'}>
              <Input
                type="date"
                value={paidDate}
                min="2000-01-01"
                max="2099-12-31"
                onChange={(e) => setPaidDate(e.target.value)}
              />
            </Field>
            <Field label="Valor principal (R$)" hint="Menor que o aberto: baixa parcial.">
              <MoneyInput cents={amount} onCents={setAmount} />
            </Field>
            <Field label="Desconto (R$)">
              <MoneyInput cents={discount} onCents={setDiscount} />
            </Field>
            <Field label="Juros (R$)">
              <MoneyInput cents={interest} onCents={setInterest} />
            </Field>
            <Field label="Multa (R$)">
              <MoneyInput cents={fine} onCents={setFine} />
            </Field>
          </div>
          {late > 0 && !chargesAdded && (
            <LateChargesSuggestion daysLate={late} interestCents={charges.interestCents} fineCents={charges.fineCents} onAdd={() => { setInterest(charges.interestCents); setFine(charges.fineCents); }} />
          )}
          <p className="text-sm font-medium text-slate-900" aria-live="polite">
            Total {entry.kind === 'payable' ? 'pago' : 'recebido'}: {money(total)}
          </p>
          <FormActions onCancel={onClose} pending={pending} submitLabel="Confirmar baixa" stacked />
        </form>
      ) : (
        <p className="text-sm text-slate-700">{entry.status === 'paid' ? 'Esta conta está quitada.' : 'Esta conta está cancelada.'}</p>
      )}
    </ScrollDialog>
  );
}

/** A late payment's interest (1% a month) and fine (2%), offered for the user to add: never added on their own. */
function LateChargesSuggestion({ daysLate, interestCents, fineCents, onAdd }: { daysLate: number; interestCents: number; fineCents: number; onAdd: () => void }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between" data-testid="late-charges">
      <p>
        {daysLate} {daysLate === 1 ? 'dia' : 'dias'} de atraso. Sugestão: juros de {money(interestCents)} (1% ao mês) e multa de {money(fineCents)} (2%), se o contrato ou o boleto os prevê.
      </p>
      <Button type="button" variant="secondary" size="sm" className="shrink-0" onClick={onAdd}>
        Adicionar juros e multa
      </Button>
    </div>
  );
}
