import { useQueryClient } from '@tanstack/react-query';
import type { FinEntry } from '@sede/shared/finance/entries';
import { dateTime, day, money } from '@sede/shared/format';
import { CircleCheck, Mail, QrCode } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { FormAlert } from '../../../../components/form/form-alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Field } from '../../../../components/ui/field.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { QueryStates } from '../../../../components/ui/record-states.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { PixCode } from '../../../payment-page/public.ts';
import { chargeByPix, createPaymentLink, revokePaymentLink, sendCharge, useEntryCharge } from '../../api/charge.ts';
import { financeKeys } from '../../api/keys.ts';
import { BoletoSection } from './boleto-section.tsx';
import { PaymentLinkSection } from './payment-link-section.tsx';
import { PixAutomaticSection } from './pix-automatic-section.tsx';
import { DunningHistory } from '../dunning/dunning-history.tsx';

/**
 * 'Cobrar' on an open receivable (decisions 0531, 0532): the static Pix QR code and copia e cola
 * of what is left to pay, the public payment link (copy, new, cancel) and 'Enviar cobrança por
 * e-mail'. It turns to 'Recebido' by itself when the payment is settled.
 */
export function ChargeDialog({ entry, onClose, mayWrite }: { entry: FinEntry | null; onClose: () => void; mayWrite: boolean }) {
  const id = entry?.id ?? null;
  const charge = useEntryCharge(id);
  const queryClient = useQueryClient();
  useLiveInvalidate('fin_charge', financeKeys.charge(id ?? ''), (changed) => financeKeys.charge(changed));
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const [to, setTo] = useState('');
  // The customer's e-mail on file fills the field once it is known (the dialog is keyed by the entry).
  const customerEmail = charge.data?.customerEmail;
  useEffect(() => {
    if (customerEmail) setTo((t) => t || customerEmail);
  }, [customerEmail]);

  const act = async (name: string, work: () => Promise<unknown>, done?: string) => {
    setPending(name);
    setError(null);
    try {
      await work();
      if (done) toast.success(done);
      await queryClient.invalidateQueries({ queryKey: financeKeys.charge(id!) });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Não foi possível concluir. Tente novamente.');
    } finally {
      setPending(null);
    }
  };
  const current = charge.data?.charge;
  const paid = current?.status === 'paid';
  return (
    <ScrollDialog open={!!entry} onOpenChange={(o) => !o && onClose()} title="Cobrar por Pix" description={entry ? `${entry.description} · ${money(entry.openCents || entry.amountCents)} · vence em ${day(entry.dueDate)}` : undefined} testId="charge-dialog">
      <QueryStates query={charge} loading="Carregando a cobrança…">
        {(data) => (
          <div className="grid gap-5">
            {error && <FormAlert title={error} />}
            {paid ? (
              <p className="flex items-start gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900" role="status" data-testid="charge-paid">
                <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
                <span>
                  <strong>Recebido</strong> {money(current.paidCents ?? current.amountCents)} em {dateTime(current.paidAt)}
                  {current.payerName ? `, pago por ${current.payerName}` : ''}. A conta a receber já foi baixada.
                </span>
              </p>
            ) : current?.status === 'open' && current.brCode && current.qrSvg ? (
              <PixCode brCode={current.brCode} qrSvg={current.qrSvg} />
            ) : (
              <div className="grid justify-items-center gap-3 rounded-lg border border-dashed border-slate-300 p-6 text-center">
                <QrCode className="size-6 text-[var(--color-accent)]" aria-hidden />
                <p className="text-sm text-slate-700">Gere o QR code Pix do valor em aberto. O cliente paga pelo app do banco e o valor entra na conta da chave Pix padrão.</p>
                {mayWrite && (
                  <Button onClick={() => act('pix', () => chargeByPix(id!))} pending={pending === 'pix'}>
                    <QrCode aria-hidden /> Gerar QR code Pix
                  </Button>
                )}
              </div>
            )}
            {id && <BoletoSection entryId={id} mayWrite={mayWrite} entryOpen={!paid && entry?.status === 'open'} />}
            {id && entry?.recurrenceId && <PixAutomaticSection entryId={id} mayWrite={mayWrite} />}
            {!paid && mayWrite && (
              <>
                <PaymentLinkSection
                  link={data.link}
                  pending={pending}
                  onCreate={() => act('link', () => createPaymentLink(id!), 'Link de pagamento gerado.')}
                  onRevoke={() => act('revoke', () => revokePaymentLink(id!), 'Link de pagamento cancelado.')}
                />
                <form
                  className="grid gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void act('send', () => sendCharge(id!, to.trim() || null), 'Cobrança enviada por e-mail.');
                  }}
                  noValidate
                >
                  <Field label="E-mail do cliente">
                    <Input type="email" value={to} onChange={(e) => setTo(e.target.value)} placeholder="cliente@empresa.com.br" maxLength={320} />
                  </Field>
                  <Button type="submit" variant="secondary" pending={pending === 'send'}>
                    <Mail aria-hidden /> Enviar cobrança por e-mail
                  </Button>
                  <p className="text-xs text-slate-600">O e-mail leva o link de pagamento e o Pix copia e cola.</p>
                </form>
              </>
            )}
            {id && <DunningHistory entryId={id} />}
          </div>
        )}
      </QueryStates>
    </ScrollDialog>
  );
}
