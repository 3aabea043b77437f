import type Stripe from 'stripe';
import { BILLING_MESSAGES, type PaymentsMode } from '@sede/shared/billing';
import { AppError } from '../../http/errors.ts';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { createStripeClient, createStripeProvider } from './payments/stripe.ts';

export type Billing = {
  mode: PaymentsMode;
  /** Null when payments are disabled. */
  provider: PaymentProvider | null;
  stripe: Stripe | null;
  webhookSecret: string | null;
};

/**
 * The payment provider chosen by the configuration: Stripe with a key; else the sandbox where it
 * is allowed (BILLING_SANDBOX, or a loopback APP_URL); else none: nothing can be bought and no
 * admin can mint coins through sandbox confirmations (docs/decisions/0073).
 */
export function billingOf(s: Services): Billing {
  return serverState(s, 'billing.provider', (): Billing => {
    if (s.cfg.STRIPE_SECRET_KEY) {
      const stripe = createStripeClient(s.cfg);
      return { mode: 'stripe', provider: createStripeProvider(stripe), stripe, webhookSecret: s.cfg.STRIPE_WEBHOOK_SECRET ?? null };
    }
    if (s.cfg.billingSandbox) return { mode: 'sandbox', provider: createSandboxProvider(), stripe: null, webhookSecret: null };
    return { mode: 'disabled', provider: null, stripe: null, webhookSecret: null };
  });
}

/** 409 PAYMENTS_DISABLED: the answer of every checkout and sandbox endpoint when payments are off. */
export const paymentsDisabled = () => new AppError(409, 'PAYMENTS_DISABLED', BILLING_MESSAGES.paymentsDisabled);

export function assertPaymentsEnabled(s: Services) {
  if (billingOf(s).mode === 'disabled') throw paymentsDisabled();
}
