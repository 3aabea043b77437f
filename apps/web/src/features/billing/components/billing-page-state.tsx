import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
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

/** A billing page seen before the person linked a company: what it is for and the way to link one. */
export function NeedsCompany({ icon, title, description }: { icon: LucideIcon; title: string; description: string }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button asChild>
          <Link to="/company-welcome">Vincular empresa</Link>
        </Button>
      }
    />
  );
}
