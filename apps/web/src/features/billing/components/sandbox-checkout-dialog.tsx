import { useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { findCoinPackage, PLANS, type PlanType } from '@sede/shared/billing';
import { count, money } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCancelSandboxPayment, useConfirmSandboxPayment, useSandboxPayment } from '../api/sandbox-payment.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

const METHODS = [
  { value: 'card', label: 'Cartão' },
  { value: 'pix', label: 'Pix' },
  { value: 'boleto', label: 'Boleto' },
] as const;

/**
 * The sandbox's "payment page" (Modo de teste), opened by ?checkout=<paymentId>. Confirming marks
 * the payment paid on the server, which credits the coins once (the header balance follows live).
 */
export function SandboxCheckoutDialog() {
  const [params, setParams] = useUrlParams();
  const paymentId = params.get('checkout');
  const payment = useSandboxPayment(paymentId);
  const confirm = useConfirmSandboxPayment();
  const cancel = useCancelSandboxPayment();
  const [method, setMethod] = useState<string>('card');

  const close = () =>
    setParams(
      (p) => {
        p.delete('checkout');
        return p;
      },
      { replace: true },
    );

  const onOpenChange = (open: boolean) => {
    if (open || confirm.isPending) return;
    if (paymentId && payment.data?.status === 'pending') cancel.mutate(paymentId);
    close();
  };

  const onConfirm = () => {
    if (!paymentId) return;
    confirm.mutate(paymentId, {
      onSuccess: (r) => {
        const p = payment.data!;
        if (p.kind === 'coins') {
          toast.success('Pagamento confirmado', { description: `${count(p.coins)} moedas foram adicionadas ao saldo da empresa.` });
        } else if (r.status === 'scheduled') {
          toast.success('Assinatura confirmada', { description: 'A primeira cobrança acontece automaticamente no fim do período de teste.' });
        } else {
          toast.success('Assinatura ativada', { description: `Plano ${PLANS[p.item as PlanType]?.label ?? ''} ativo. As moedas do mês já estão no saldo.` });
        }
        close();
      },
      onError: (e) => toast.error('Pagamento não confirmado', { description: e.message }),
    });
  };

  const p = payment.data;
  const title = p?.kind === 'subscription' ? `Plano ${PLANS[p.item as PlanType]?.label ?? ''}` : (findCoinPackage(p?.item ?? '')?.label ?? 'Compra de moedas');
  const closed = p && p.status !== 'pending';

  return (
    <Dialog
      open={Boolean(paymentId)}
      onOpenChange={onOpenChange}
      title="Pagamento de teste"
      description="Modo de teste: nada será cobrado. Confirme para simular um pagamento aprovado."
    >
      {payment.isPending ? (
        <Spinner label="Carregando pagamento..." />
      ) : payment.isError ? (
        <p role="alert" className="text-sm text-red-700">{payment.error.message}</p>
      ) : (
        <div className="grid gap-4" data-testid="sandbox-checkout">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
            <dt className="text-slate-600">Item</dt>
            <dd className="font-medium text-slate-900">{title}{p!.kind === 'coins' ? ` · ${count(p!.coins)} moedas` : ''}</dd>
            <dt className="text-slate-600">Valor</dt>
            <dd className="font-medium text-slate-900" data-testid="sandbox-amount">{money(p!.amountCents)}</dd>
          </dl>
          {closed ? (
            <p role="status" className="text-sm text-slate-700">Este pagamento já foi {p!.status === 'canceled' ? 'cancelado' : 'processado'}.</p>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">Forma de pagamento (simulada)</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {METHODS.filter((m) => p!.kind === 'coins' || m.value !== 'pix').map((m) => (
                  <label key={m.value} className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-[var(--color-accent)] has-[:checked]:bg-[var(--color-accent-soft)]">
                    <input type="radio" name="sandbox-method" value={m.value} checked={method === m.value} onChange={() => setMethod(m.value)} className="accent-[var(--color-accent)]" />
                    {m.label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={confirm.isPending}>
              {closed ? 'Fechar' : 'Cancelar'}
            </Button>
            {!closed && (
              <Button onClick={onConfirm} pending={confirm.isPending}>
                Confirmar pagamento de {money(p!.amountCents)}
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** Back from Stripe's hosted checkout (?pagamento=concluido|cancelado): say what happens next. */
export function useCheckoutReturn() {
  const [params, setParams] = useUrlParams();
  const outcome = params.get('pagamento');
  useEffect(() => {
    if (!outcome) return;
    if (outcome === 'concluido') toast.success('Pagamento enviado', { description: 'Assim que a confirmação chegar, o saldo e o plano são atualizados aqui automaticamente.' });
    if (outcome === 'cancelado') toast('Pagamento não concluído', { description: 'Nada foi cobrado. Você pode tentar de novo quando quiser.' });
    setParams(
      (p) => {
        p.delete('pagamento');
        return p;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}
