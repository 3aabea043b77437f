import { useMutation } from '@tanstack/react-query';
import { coinCheckoutSchema, subscriptionCheckoutSchema, type CheckoutResult, type CoinPackageId, type PlanType } from '@sede/shared/billing';
import { api } from '../../../lib/api-client.ts';

export type { CheckoutResult };

/** POST /api/billing/checkout/coins: a payment for a coin package (admins). */
export const startCoinCheckout = (packageId: CoinPackageId) =>
  api<CheckoutResult>('/billing/checkout/coins', { method: 'POST', json: coinCheckoutSchema.parse({ packageId }) });

/** POST /api/billing/checkout/subscription: subscribe to a plan (admins). */
export const startSubscriptionCheckout = (plan: PlanType) =>
  api<CheckoutResult>('/billing/checkout/subscription', { method: 'POST', json: subscriptionCheckoutSchema.parse({ plan }) });

// Never retried: each attempt opens a new payment.
export const useCoinCheckout = () => useMutation({ mutationFn: startCoinCheckout, retry: false });
export const useSubscriptionCheckout = () => useMutation({ mutationFn: startSubscriptionCheckout, retry: false });
