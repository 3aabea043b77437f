import type Stripe from 'stripe';
import type { Services } from '../../services.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxProvider } from './payments/sandbox.ts';
import { createStripeClient, createStripeProvider } from './payments/stripe.ts';

export type Billing = {
  mode: 'stripe' | 'sandbox';
  provider: PaymentProvider;
  stripe: Stripe | null;
  webhookSecret: string | null;
};

const cache = new WeakMap<Services, Billing>();

/** The payment provider chosen by the configuration: Stripe with a key, else the sandbox. */
export function billingOf(s: Services): Billing {
  let b = cache.get(s);
  if (!b) {
    if (s.cfg.STRIPE_SECRET_KEY) {
      const stripe = createStripeClient(s.cfg);
      b = { mode: 'stripe', provider: createStripeProvider(stripe), stripe, webhookSecret: s.cfg.STRIPE_WEBHOOK_SECRET ?? null };
    } else {
      b = { mode: 'sandbox', provider: createSandboxProvider(), stripe: null, webhookSecret: null };
    }
    cache.set(s, b);
  }
  return b;
}
