import Stripe from 'stripe';
import type { Config } from '../../../platform/config.ts';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider.ts';

/**
 * The official SDK. STRIPE_API_URL (tests only) points it at a local fake speaking Stripe's
 * JSON; in production it is unset and the SDK talks to api.stripe.com.
 */
export function createStripeClient(cfg: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (cfg.STRIPE_API_URL) {
    const url = new URL(cfg.STRIPE_API_URL);
    options.host = url.hostname;
    options.protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.port = url.port || (url.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(cfg.STRIPE_SECRET_KEY!, options);
}

/** Metadata carried by every session, payment and subscription, so a webhook finds our rows. */
export type StripeMetadata = { paymentId: string; companyId: string; kind: 'coins' | 'subscription'; item: string };

// Pix has no recurring charges for Brazilian accounts, so subscriptions take card and boleto.
const ONE_TIME_METHODS = ['card', 'pix', 'boleto'];
const RECURRING_METHODS = ['card', 'boleto'];
// Stripe refuses a trial ending less than 48 hours ahead.
const MIN_TRIAL_MS = 48 * 3_600_000 + 60_000;

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      const metadata: StripeMetadata = { paymentId: req.paymentId, companyId: req.companyId, kind: req.kind, item: req.item };
      const common = {
        currency: 'brl',
        client_reference_id: req.paymentId,
        customer_email: req.customerEmail,
        metadata,
        locale: 'pt-BR' as const,
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      };
      const session =
        req.kind === 'coins'
          ? await stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'payment',
                allowed_payment_method_types: ONE_TIME_METHODS,
                payment_method_options: { boleto: { expires_after_days: 3 }, pix: { expires_after_seconds: 3600 } },
                payment_intent_data: { metadata, description: req.description },
                line_items: [{ quantity: 1, price_data: { currency: 'brl', unit_amount: req.amountCents, product_data: { name: req.description } } }],
              },
              { idempotencyKey: `checkout-${req.paymentId}` },
            )
          : await stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'subscription',
                allowed_payment_method_types: RECURRING_METHODS,
                payment_method_options: { boleto: { expires_after_days: 3 } },
                subscription_data: {
                  metadata,
                  description: req.description,
                  ...(req.plan!.trialEnd && req.plan!.trialEnd.getTime() - Date.now() > MIN_TRIAL_MS
                    ? { trial_end: Math.floor(req.plan!.trialEnd.getTime() / 1000) }
                    : {}),
                },
                line_items: subscriptionLines(req),
              },
              { idempotencyKey: `checkout-${req.paymentId}` },
            );
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { providerRef: session.id, url: session.url };
    },
  };
}

function subscriptionLines(req: CheckoutRequest) {
  const plan = req.plan!;
  const interval = plan.type === 'annual' ? ('year' as const) : ('month' as const);
  const lines = [
    { quantity: 1, price_data: { currency: 'brl', unit_amount: plan.priceCents, recurring: { interval }, product_data: { name: req.description } } },
  ];
  if (plan.extraCollaborators > 0) {
    lines.push({
      quantity: plan.extraCollaborators,
      price_data: {
        currency: 'brl',
        unit_amount: plan.extraCollaboratorCents * (interval === 'year' ? 12 : 1),
        recurring: { interval },
        product_data: { name: 'Colaborador adicional' },
      },
    });
  }
  return lines;
}

/** Verifies the signature over the RAW body; throws on a tampered, foreign or stale event. */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, signature: string, secret: string): Stripe.Event {
  return stripe.webhooks.constructEvent(rawBody, signature, secret);
}
