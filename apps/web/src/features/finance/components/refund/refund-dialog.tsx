import { useQueryClient } from '@tanstack/react-query';
import type { FinEntry } from '@sede/shared/finance/entries';
import { REFUND_MESSAGES, REFUND_STATUS_LABELS, type Refund } from '@sede/shared/finance/refunds';
import { dateTime, money } from '@sede/shared/format';
import { Undo2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { MoneyInput } from '../../../../components/form/money-input.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { FormActions } from '../../../../components/ui/form-actions.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { QueryStates } from '../../../../components/ui/record-states.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { financeKeys } from '../../api/keys.ts';
import { refundKeys, requestRefund, useEntryRefunds } from '../../api/refunds.ts';
import { BoletoSection } from '../charge/boleto-section.tsx';

/** One id per dialog (the server's idempotency key, decision 0600): letters and digits only. */
const newRefundId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

const TONE: Record<Refund['status'], string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * 'Devolver' on a received receivable (decisions 0600, 0601): all or part of what came in by
 * dynamic Pix or through Asaas goes back to the payer, with a reason. The refunds are listed with
 * their status, followed live; a refund done becomes a paid payable "Devolução — …" in Financeiro.
 */
export function RefundDialog({ entry, onClose, mayWrite }: { entry: FinEntry | null; onClose: () => void; mayWrite: boolean }) {
  const id = entry?.id ?? null;
  const refunds = useEntryRefunds(id);
  const queryClient = useQueryClient();
  useLiveInvalidate('fin_charge', refundKeys.entry(id ?? ''), (changed) => refundKeys.entry(changed));
  const [refundId, setRefundId] = useState(newRefundId);
  // undefined: not touched yet, so the whole of what is left.
  const [amount, setAmount] = useState<number | null | undefined>(undefined);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const data = refunds.data;
  const left = data?.refundableCents ?? 0;
  const chosen = amount === undefined ? left : amount;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const cents = chosen;
    if (!cents || cents <= 0) return setError(REFUND_MESSAGES.amount);
    if (cents > left) return setError(REFUND_MESSAGES.overRefund);
    if (!reason.trim() || reason.trim().length > 140) return setError(REFUND_MESSAGES.reason);
    setPending(true);
    try {
      const made = await requestRefund(id!, { refundId, amountCents: cents, reason: reason.trim() });
      if (made.status === 'failed') setError(made.error ?? 'A devolução não foi realizada.');
      else toast.success(made.status === 'done' ? `Devolução de ${money(made.amountCents)} feita.` : 'Devolução pedida: em processamento.');
      // The next refund is another one (this id is spent, whatever its end).
      setRefundId(newRefundId());
      setAmount(undefined);
      if (made.status !== 'failed') setReason('');
      await Promise.all([queryClient.invalidateQueries({ queryKey: refundKeys.entry(id!) }), queryClient.invalidateQueries({ queryKey: financeKeys.entries })]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível pedir a devolução. Tente novamente.');
    } finally {
      setPending(false);
    }
  };

  return (
    <ScrollDialog open={!!entry} onOpenChange={(o) => !o && onClose()} title="Devolver recebimento" description={entry ? `${entry.description} · recebido ${money(entry.paidCents)}` : undefined} testId="refund-dialog">
      <QueryStates query={refunds} loading="Carregando as devoluções…">
        {() => (
          <div className="grid gap-5">
            {data!.refunds.length > 0 && (
              <section aria-labelledby="refunds-title" className="grid gap-2">
                <h3 id="refunds-title" className="text-sm font-medium text-slate-800">
                  Devoluções
                </h3>
                <ul className="grid gap-2" data-testid="refund-list">
                  {data!.refunds.map((r) => (
                    <li key={r.id} className="grid gap-1 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="font-medium tabular-nums text-slate-900">{money(r.amountCents)}</span>
                        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE[r.status]}`} data-testid="refund-status">
                          {REFUND_STATUS_LABELS[r.status]}
                        </span>
                      </div>
                      <p className="break-words text-slate-700">{r.reason}</p>
                      <p className="text-xs text-slate-600">
                        {dateTime(r.createdAt)}
                        {r.status === 'done' ? ' · lançada em Contas a pagar como “Devolução”' : ''}
                      </p>
                      {r.status === 'failed' && r.error && <p className="text-xs text-red-700">{r.error}</p>}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {data!.blockedReason ? (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700 ring-1 ring-slate-200 ring-inset" role="status">
                {data!.blockedReason}
              </p>
            ) : left <= 0 ? (
              <p className="text-sm text-slate-700" role="status">
                Todo o valor recebido já foi devolvido ou está em processamento.
              </p>
            ) : mayWrite ? (
              <form onSubmit={submit} className="grid gap-4" noValidate>
                {error && <FormAlert title={error} />}
                <Field label="Valor a devolver (R$)" hint={`Até ${money(left)}. Menos que isso: devolução parcial.`}>
                  <MoneyInput cents={chosen} onCents={setAmount} data-testid="refund-amount" />
                </Field>
                <Field label="Motivo" hint="Vai para o extrato do cliente (até 140 caracteres).">
                  <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={140} placeholder="Ex.: serviço cancelado" />
                </Field>
                <FormActions
                  onCancel={onClose}
                  pending={pending}
                  submitLabel={
                    <>
                      <Undo2 aria-hidden /> Devolver {money(chosen ?? 0)}
                    </>
                  }
                  stacked
                />
              </form>
            ) : null}
            {/* The receivable's boleto: paid, or cancelled at Asaas by Sede since it was received another way (decision 0602). */}
            {id && <BoletoSection entryId={id} mayWrite={mayWrite} entryOpen={false} />}
          </div>
        )}
      </QueryStates>
    </ScrollDialog>
  );
}
