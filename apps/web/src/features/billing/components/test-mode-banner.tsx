import { CircleSlash, FlaskConical } from 'lucide-react';
import { BILLING_MESSAGES } from '@sede/shared/billing';
import { useBillingMode } from '../api/get-billing-mode.ts';

/**
 * Shown on every billing screen while payments run through the offline sandbox, or when no payment
 * provider is configured (nothing can be bought; docs/decisions/0073). It asks for the mode itself,
 * so it shows with or without a company and whatever the summary's state.
 */
export function TestModeBanner() {
  const { data } = useBillingMode();
  if (data?.mode === 'disabled') return <PaymentsDisabledNotice />;
  if (data?.mode !== 'sandbox') return null;
  return (
    <div role="note" className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950" data-testid="test-mode-banner">
      <FlaskConical className="mt-0.5 size-5 shrink-0" aria-hidden />
      <p className="text-sm">
        <strong className="font-semibold">{BILLING_MESSAGES.sandboxMode}</strong>: nenhum pagamento é cobrado de verdade. As compras são confirmadas aqui mesmo, sem cartão, Pix ou boleto.
      </p>
    </div>
  );
}

function PaymentsDisabledNotice() {
  return (
    <div role="status" className="flex items-start gap-3 rounded-xl border border-slate-300 bg-slate-50 px-4 py-3 text-slate-900" data-testid="payments-disabled">
      <CircleSlash className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden />
      <div className="grid gap-0.5 text-sm">
        <p className="font-semibold">{BILLING_MESSAGES.paymentsDisabled}</p>
        <p className="text-slate-700">Por enquanto não é possível comprar moedas nem assinar um plano por aqui. Fale com o administrador do sistema.</p>
      </div>
    </div>
  );
}
