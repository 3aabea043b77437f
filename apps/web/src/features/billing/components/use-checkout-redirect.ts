import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { CheckoutResult } from '../api/start-checkout.ts';

/** Where a started checkout continues: Stripe's hosted page, or the sandbox dialog in the app. */
export function useCheckoutRedirect() {
  const navigate = useNavigate();
  return {
    onSuccess: (r: CheckoutResult) => {
      if (r.mode === 'sandbox') navigate(r.url);
      else window.location.assign(r.url);
    },
    onError: (e: Error) => toast.error('Não foi possível iniciar o pagamento', { description: e.message }),
  };
}
