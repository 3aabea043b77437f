import { useQueryClient } from '@tanstack/react-query';
import { AUTO_CANCEL_REASON_LABELS, BOLETO_STATUS_LABELS, formatBoletoLine } from '@sede/shared/finance/boleto';
import { dateTime, day, money } from '@sede/shared/format';
import { Ban, FileDown, Receipt, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useConfirm } from '../../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { CopyField } from '../../../payment-page/public.ts';
import { ChargeSection } from './charge-section.tsx';
import { boletoKeys, cancelBoleto, issueBoleto, retryAutoCancel, useEntryBoleto } from '../../api/boleto.ts';
import { financeKeys } from '../../api/keys.ts';

/**
 * The receivable's boleto in the 'Cobrar' dialog (decisions 0570–0571): 'Emitir boleto' through
 * the company's Asaas, then its linha digitável (copy), the PDF and 'Cancelar boleto'. It turns to
 * 'Pago' by itself when Asaas's webhook settles it.
 */
export function BoletoSection({ entryId, mayWrite, entryOpen }: { entryId: string; mayWrite: boolean; entryOpen: boolean }) {
  const boleto = useEntryBoleto(entryId);
  const queryClient = useQueryClient();
  useLiveInvalidate('fin_charge', boletoKeys.entry(entryId), (changed) => boletoKeys.entry(changed));
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm();
  const act = async (name: string, work: () => Promise<unknown>, done: string) => {
    setPending(name);
    setError(null);
    try {
      await work();
      toast.success(done);
      await Promise.all([queryClient.invalidateQueries({ queryKey: boletoKeys.entry(entryId) }), queryClient.invalidateQueries({ queryKey: financeKeys.charge(entryId) })]);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível concluir. Tente novamente.');
    } finally {
      setPending(null);
    }
  };
  if (boleto.isPending || boleto.isError) return null;
  const { configured, boleto: b } = boleto.data;
  // A received receivable without a boleto has nothing to show here.
  if (!b && !entryOpen) return null;
  const live = b && (b.status === 'open' || b.status === 'overdue' || b.status === 'issuing');
  return (
    <ChargeSection
      id="boleto"
      icon={Receipt}
      title="Boleto"
      status={b ? { label: BOLETO_STATUS_LABELS[b.status], tone: b.status === 'paid' ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : b.status === 'overdue' ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-slate-50 text-slate-700 ring-slate-200' } : null}
      error={error}
    >
      {live && b.identificationField ? (
        <>
          {!entryOpen &&
            (b.autoCancel?.state === 'failed' ? (
              <div className="grid gap-2 rounded-lg bg-red-50 p-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset" role="status" data-testid="boleto-auto-cancel">
                <p>
                  O Sede tentou cancelar este boleto no Asaas porque {AUTO_CANCEL_REASON_LABELS[b.autoCancel.reason]}, mas não conseguiu: {b.autoCancel.error}
                </p>
                {mayWrite && (
                  <Button size="sm" variant="secondary" className="justify-self-start" pending={pending === 'retry'} onClick={() => act('retry', () => retryAutoCancel(b.id), 'Pedido de cancelamento enviado ao Asaas.')}>
                    <RefreshCw aria-hidden /> Tentar de novo
                  </Button>
                )}
              </div>
            ) : (
              <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset" role="status">
                Esta conta já foi recebida de outra forma: o Sede cancela este boleto no Asaas em instantes, para o cliente não pagar duas vezes.
              </p>
            ))}
          <p className="text-sm text-slate-700">
            {money(b.amountCents)} · vence em {day(b.dueDate)}
            {b.environment === 'sandbox' ? ' · sandbox (teste)' : ''}
          </p>
          <CopyField label="Linha digitável" value={b.identificationField} shown={formatBoletoLine(b.identificationField)} copyLabel="Copiar linha" done="Linha digitável copiada." testId="boleto-line" wrap />
          <div className="flex flex-col gap-2 sm:flex-row">
            {b.bankSlipUrl && (
              <Button asChild variant="secondary" size="sm">
                <a href={b.bankSlipUrl} target="_blank" rel="noopener noreferrer">
                  <FileDown aria-hidden /> Baixar boleto (PDF)
                </a>
              </Button>
            )}
            {mayWrite && (
              <Button
                size="sm"
                variant="ghost"
                pending={pending === 'cancel'}
                onClick={async () =>
                  (await confirm.ask({ title: 'Cancelar este boleto?', description: 'Ele é excluído no Asaas e deixa de poder ser pago.', confirmLabel: 'Cancelar boleto', destructive: true })) &&
                  act('cancel', () => cancelBoleto(entryId), 'Boleto cancelado.')
                }
              >
                <Ban aria-hidden /> Cancelar boleto
              </Button>
            )}
          </div>
          {b.pixPayload && <p className="text-xs text-slate-600">Boleto híbrido: o cliente também pode pagar pelo QR code Pix impresso nele.</p>}
        </>
      ) : live ? (
        <p className="text-sm text-slate-700" role="status">
          Emitindo o boleto…
        </p>
      ) : b?.status === 'cancelled' && b.autoCancel?.state === 'done' ? (
        <p className="text-sm text-slate-700" data-testid="boleto-auto-cancel">
          Cancelado no Asaas pelo Sede{b.autoCancel.at ? ` em ${dateTime(b.autoCancel.at)}` : ''}, porque {AUTO_CANCEL_REASON_LABELS[b.autoCancel.reason]}.
        </p>
      ) : b?.status === 'paid' ? (
        <p className="text-sm text-emerald-900">Boleto pago{b.paidAt ? ` em ${dateTime(b.paidAt)}` : ''}.</p>
      ) : !entryOpen ? null : !configured ? (
        <p className="text-sm text-slate-700">Para emitir boleto registrado, configure o Asaas em Financeiro › Cadastros.</p>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-slate-700">{b?.status === 'cancelled' ? 'O último boleto foi cancelado. ' : ''}Emita um boleto registrado (com Pix) no Asaas para o valor em aberto. O cliente precisa ter CPF ou CNPJ no cadastro.</p>
          {mayWrite && (
            <Button variant="secondary" onClick={() => act('issue', () => issueBoleto(entryId), 'Boleto emitido.')} pending={pending === 'issue'} data-testid="issue-boleto">
              <Receipt aria-hidden /> Emitir boleto
            </Button>
          )}
        </div>
      )}
      {confirm.dialog}
    </ChargeSection>
  );
}
