import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { usePaymentsDisabled } from '../api/get-billing-mode.ts';
import { useBillingSummary } from '../api/get-billing-summary.ts';
import { useCheckoutReturn } from './sandbox-checkout-dialog.tsx';

/** What every billing page starts from: the company, its billing summary, whether payments are off; a return from checkout is handled. */
export function useBillingPage() {
  const { company } = useAuth();
  const summary = useBillingSummary(Boolean(company));
  const paymentsOff = usePaymentsDisabled();
  useCheckoutReturn();
  return { company, summary, paymentsOff };
}
