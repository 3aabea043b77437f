import { useQueryClient } from '@tanstack/react-query';
import { CHARGE_STATUS_LABELS } from '@sede/shared/finance/pix';
import { PAYER_BANKS, type PixAutomatic, PIX_REC_PERIODICITY_LABELS, PIX_REC_STATUS_LABELS, type PixRecStatus } from '@sede/shared/finance/pix-automatic';
import { day, money } from '@sede/shared/format';
import { Ban, QrCode, RefreshCw, Repeat, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { useConfirm } from '../../../../components/ui/confirm-dialog.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { cancelPixAutomatic, pixAutomaticKey, refreshPixAutomatic, requestPixAutomatic, requestPixAutomaticFirstPaymentQr, requestPixAutomaticQr, usePixAutomatic } from '../../api/pix-automatic.ts';
import { PixCode } from '../../../payment-page/public.ts';
import { Select } from '../select.tsx';
import { ChargeSection } from './charge-section.tsx';

const BADGE: Record<PixRecStatus, string> = {
  CRIADA: 'bg-amber-50 text-amber-900 ring-amber-200',
  APROVADA: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  REJEITADA: 'bg-red-50 text-red-800 ring-red-200',
  EXPIRADA: 'bg-slate-50 text-slate-700 ring-slate-200',
  CANCELADA: 'bg-slate-50 text-slate-700 ring-slate-200',
};
const OTHER = 'outro';
type Way = 'bank' | 'qr' | 'first-payment';
const WAYS: Array<{ value: Way; label: string }> = [
  { value: 'bank', label: 'Pedido no app bancário do cliente (informe a conta de onde sai o pagamento)' },
  { value: 'qr', label: 'QR Code que o cliente lê no app de qualquer banco' },
  { value: 'first-payment', label: 'QR Code que paga a primeira parcela e autoriza as próximas' },
];

/**
 * 'Pix Automático' in the 'Cobrar' dialog of a recurring receivable (decisions 0610–0612): the
 * authorisation asked of the customer's bank ('Pedir autorização'), its status as the PSP tells it,
 * each occurrence's cobrança and 'Cancelar Pix Automático'. Live: the webhooks update it.
 */
export function PixAutomaticSection({ entryId, mayWrite }: { entryId: string; mayWrite: boolean }) {
  const query = usePixAutomatic(entryId);
  const queryClient = useQueryClient();
  useLiveInvalidate('fin_charge', pixAutomaticKey(entryId), (changed) => pixAutomaticKey(changed));
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [way, setWay] = useState<Way>('bank');
  const [bank, setBank] = useState<string>(PAYER_BANKS[0].ispb);
  const [ispb, setIspb] = useState('');
  const [agency, setAgency] = useState('');
  const [account, setAccount] = useState('');
  const confirm = useConfirm();
  const act = async (name: string, work: () => Promise<PixAutomatic>, done: string) => {
    setPending(name);
    setError(null);
    try {
      queryClient.setQueryData(pixAutomaticKey(entryId), await work());
      toast.success(done);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível concluir. Tente novamente.');
      await queryClient.invalidateQueries({ queryKey: pixAutomaticKey(entryId) });
    } finally {
      setPending(null);
    }
  };
  if (query.isPending || query.isError) return null;
  const { recurrence: rec, blocked } = query.data;
  const live = rec && (rec.status === 'CRIADA' || rec.status === 'APROVADA');
  const awaitingRequest = rec?.status === 'CRIADA' && !rec.solicStatus;
  const canRequest = mayWrite && !blocked && (!live || awaitingRequest);
  return (
    <ChargeSection id="pix-automatic" icon={Repeat} title="Pix Automático" status={rec ? { label: PIX_REC_STATUS_LABELS[rec.status], tone: BADGE[rec.status] } : null} error={error}>
      {rec && (
        <p className="text-sm text-slate-700">
          Cobrança {PIX_REC_PERIODICITY_LABELS[rec.periodicity]}
          {rec.amountCents !== null ? ` de ${money(rec.amountCents)}` : ''} de {rec.debtorName} ({rec.debtorDocument}), de {day(rec.startDate)}
          {rec.endDate ? ` a ${day(rec.endDate)}` : ''}.
        </p>
      )}
      {rec?.status === 'CRIADA' && rec.solicStatus && (
        <p className="text-sm text-slate-700" role="status">
          Pedido enviado ao banco do cliente: ele autoriza no app do banco e a primeira cobrança sai entre 2 e 10 dias antes do vencimento.
        </p>
      )}
      {rec?.status === 'CRIADA' && !rec.solicStatus && rec.qrCode && rec.qrSvg && (
        <div className="grid gap-2" data-testid="pix-automatic-qr">
          <p className="text-sm text-slate-700" role="status">
            {rec.firstPayment
              ? `Envie este QR Code ao cliente: ao pagar a primeira parcela (${money(rec.firstPayment.amountCents)}, vencimento ${day(rec.firstPayment.dueDate)}) no app do banco, ele autoriza o Pix Automático das próximas, a partir de ${day(rec.startDate)}.`
              : 'Envie este QR Code ao cliente: ele o lê no app de qualquer banco e autoriza o Pix Automático. A primeira cobrança sai entre 2 e 10 dias antes do vencimento.'}
          </p>
          <PixCode brCode={rec.qrCode} qrSvg={rec.qrSvg} />
        </div>
      )}
      {rec?.reason && (
        <p className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200 ring-inset" data-testid="pix-automatic-reason">
          {rec.reason}
        </p>
      )}
      {rec?.firstPayment && (
        <p className="flex flex-wrap justify-between gap-2 text-sm text-slate-700" data-testid="pix-automatic-first-payment">
          <span>
            Primeira parcela, pelo QR Code: vence em {day(rec.firstPayment.dueDate)} · {money(rec.firstPayment.amountCents)}
          </span>
          <span className={rec.firstPayment.status === 'paid' ? 'font-medium text-emerald-800' : 'text-slate-600'}>{CHARGE_STATUS_LABELS[rec.firstPayment.status]}</span>
        </p>
      )}
      {rec && rec.charges.length > 0 && (
        <ul className="grid gap-1 text-sm text-slate-700" aria-label="Cobranças do Pix Automático">
          {rec.charges.map((c) => (
            <li key={`${c.entryId}-${c.status}-${c.paidAt}`} className="flex flex-wrap justify-between gap-2">
              <span>
                Vence em {day(c.dueDate)} · {money(c.amountCents)}
              </span>
              <span className={c.status === 'paid' ? 'font-medium text-emerald-800' : 'text-slate-600'}>{CHARGE_STATUS_LABELS[c.status]}</span>
            </li>
          ))}
        </ul>
      )}
      {live && mayWrite && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button size="sm" variant="secondary" pending={pending === 'refresh'} onClick={() => act('refresh', () => refreshPixAutomatic(entryId), 'Situação atualizada.')}>
            <RefreshCw aria-hidden /> Atualizar situação
          </Button>
          <Button
            size="sm"
            variant="ghost"
            pending={pending === 'cancel'}
            onClick={async () =>
              (await confirm.ask({
                title: 'Cancelar o Pix Automático?',
                description: 'A autorização é cancelada no banco e as cobranças em aberto deixam de ser debitadas. As contas a receber continuam em aberto.',
                confirmLabel: 'Cancelar Pix Automático',
                destructive: true,
              })) && act('cancel', () => cancelPixAutomatic(entryId), 'Pix Automático cancelado.')
            }
          >
            <Ban aria-hidden /> Cancelar Pix Automático
          </Button>
        </div>
      )}
      {blocked && !live && <p className="text-sm text-slate-700">{blocked}</p>}
      {canRequest && (
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (way === 'qr') void act('request', () => requestPixAutomaticQr(entryId), 'QR Code de autorização gerado.');
            else if (way === 'first-payment') void act('request', () => requestPixAutomaticFirstPaymentQr(entryId), 'QR Code da primeira parcela com autorização gerado.');
            else void act('request', () => requestPixAutomatic(entryId, { ispb: bank === OTHER ? ispb : bank, agency: agency || null, account }), 'Pedido de autorização enviado ao banco do cliente.');
          }}
        >
          <p className="text-sm text-slate-700">
            {rec ? 'Peça de novo a autorização. ' : ''}O cliente autoriza uma vez no app do banco e cada parcela desta recorrência é debitada no vencimento.
          </p>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">Como o cliente autoriza</legend>
            {WAYS.map((w) => (
              <label key={w.value} className="flex items-start gap-2 text-sm text-slate-800">
                <input type="radio" name={`pix-automatic-way-${entryId}`} className="mt-0.5 size-4 accent-[var(--color-accent)]" checked={way === w.value} onChange={() => setWay(w.value)} />
                <span>{w.label}</span>
              </label>
            ))}
          </fieldset>
          {way === 'bank' && (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Banco do cliente">
              <Select value={bank} onChange={(e) => setBank(e.target.value)}>
                {PAYER_BANKS.map((b) => (
                  <option key={b.ispb} value={b.ispb}>
                    {b.name}
                  </option>
                ))}
                <option value={OTHER}>Outro banco (informar o ISPB)</option>
              </Select>
            </Field>
            {bank === OTHER && (
              <Field label="ISPB do banco" hint="8 caracteres, na lista de participantes do Pix do Banco Central.">
                <Input value={ispb} onChange={(e) => setIspb(e.target.value)} maxLength={8} autoComplete="off" />
              </Field>
            )}
            <Field label="Agência (opcional)">
              <Input value={agency} onChange={(e) => setAgency(e.target.value)} inputMode="numeric" maxLength={4} autoComplete="off" />
            </Field>
            <Field label="Conta do cliente">
              <Input value={account} onChange={(e) => setAccount(e.target.value)} inputMode="numeric" maxLength={22} autoComplete="off" placeholder="Com o dígito" />
            </Field>
          </div>
          )}
          <Button type="submit" variant="secondary" pending={pending === 'request'} data-testid="request-pix-automatic">
            {way === 'qr' ? (
              <>
                <QrCode aria-hidden /> Gerar QR Code de autorização
              </>
            ) : way === 'first-payment' ? (
              <>
                <QrCode aria-hidden /> Gerar QR Code da primeira parcela
              </>
            ) : (
              <>
                <Send aria-hidden /> Pedir autorização
              </>
            )}
          </Button>
        </form>
      )}
      {confirm.dialog}
    </ChargeSection>
  );
}
