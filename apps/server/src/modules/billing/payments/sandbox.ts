import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './provider.ts';

/**
 * Offline provider used when no Stripe key is configured. Its "checkout page" is a dialog of
 * our own app (opened by the `checkout` query parameter) whose confirmation marks the payment
 * paid through POST /api/billing/sandbox/payments/:id/confirm.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
      const page = req.kind === 'coins' ? '/comprar-moedas' : '/billing';
      return { providerRef: `sandbox_${req.paymentId}`, url: `${page}?checkout=${encodeURIComponent(req.paymentId)}` };
    },
  };
}
