import type { PlanType } from '@sede/shared/billing';

/** What a checkout sells: a coin package (one payment) or a plan (a subscription). */
export type CheckoutRequest = {
  paymentId: string;
  companyId: string;
  companyName: string;
  customerEmail: string;
  kind: 'coins' | 'subscription';
  /** Package id or plan type. */
  item: string;
  description: string;
  amountCents: number;
  coins: number;
  /** Subscriptions only. */
  plan?: { type: PlanType; priceCents: number; extraCollaborators: number; extraCollaboratorCents: number; trialEnd: Date | null };
  successUrl: string;
  cancelUrl: string;
};

export type CheckoutSession = { providerRef: string; url: string };

/**
 * The one payment-provider interface. Stripe is the real one; the sandbox completes payments
 * locally (offline, no keys) through an explicit confirmation in the app ('Modo de teste').
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
}
