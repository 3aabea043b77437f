import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { BILLING_MESSAGES, billingModeSchema, billingSummarySchema, checkoutResultSchema, coinCheckoutSchema, ledgerPageSchema, ledgerQuerySchema, paymentListSchema, sandboxOutcomeSchema, sandboxPaymentSchema, subscriptionCheckoutSchema, webhookOutcomeSchema } from '@sede/shared/billing';
import { hasAnyPermission } from '@sede/shared/permissions';
import type { AppEnv, CompanyEnv, Services } from '../../services.ts';
import { forbidden } from '../../http/errors.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import { cancelSandboxPayment, confirmSandboxPayment, createCoinCheckout, createSubscriptionCheckout, getSandboxPayment } from './checkout.ts';
import { billingOf } from './context.ts';
import { billingSummary, listLedger, listPayments } from './queries.ts';
import { handleStripeWebhook } from './webhooks.ts';

/** Paying and changing the plan are for the company's administrators (docs/decisions/0064). */
const requireBillingAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const viewer = c.get('viewer');
  if (!viewer.company || !viewer.membership) throw forbidden('Você ainda não faz parte de uma empresa.');
  if (!hasAnyPermission(viewer.permissions, ['admin'])) throw forbidden(BILLING_MESSAGES.adminOnly);
  await next();
});

const paymentId = idParams('Pagamento não encontrado');

export function billingRoutes(s: Services) {
  const app = new Hono<AppEnv>();

  // Stripe calls this without a session; the signature over the raw body is the authentication.
  app.post(
    '/webhooks/stripe',
    contract({ summary: 'Receber evento do Stripe', bodyMedia: 'application/json', response: webhookOutcomeSchema, public: true }),
    async (c) => {
      const raw = await c.req.text();
      return c.json(await handleStripeWebhook(s, raw, c.req.header('stripe-signature')));
    },
  );

  // Whether payments are real or the offline sandbox ('Modo de teste'), for any signed-in person:
  // the plans page is open before a company exists, and the banner must not wait on the summary.
  app.get('/mode', requireViewer(s), contract({ summary: 'Modo dos pagamentos', response: billingModeSchema }), (c) => c.json({ mode: billingOf(s).mode }));

  const member = new Hono<CompanyEnv>();
  member.use('*', requireViewer(s), requireCompany);

  member.get('/summary', contract({ summary: 'Resumo do plano e das moedas', response: billingSummarySchema }), async (c) =>
    c.json(await billingSummary(s, c.get('tenant'), hasAnyPermission(c.get('viewer').permissions, ['admin']))),
  );
  member.get('/payments', contract({ summary: 'Listar pagamentos', response: paymentListSchema }), async (c) =>
    c.json({ payments: await listPayments(c.get('tenant')) }),
  );
  member.get('/ledger', contract({ summary: 'Extrato de moedas', query: ledgerQuerySchema, response: ledgerPageSchema }), async (c) =>
    c.json(await listLedger(c.get('tenant'), c.req.valid('query'))),
  );

  member.post('/checkout/coins', requireBillingAdmin, contract({ summary: 'Comprar moedas', body: coinCheckoutSchema, response: checkoutResultSchema }), async (c) =>
    c.json(await createCoinCheckout(s, c.get('tenant'), c.get('viewer'), c.req.valid('json').packageId)),
  );
  member.post(
    '/checkout/subscription',
    requireBillingAdmin,
    contract({ summary: 'Assinar plano', body: subscriptionCheckoutSchema, response: checkoutResultSchema }),
    async (c) => c.json(await createSubscriptionCheckout(s, c.get('tenant'), c.get('viewer'), c.req.valid('json').plan)),
  );

  member.get('/sandbox/payments/:id', contract({ summary: 'Ver pagamento de teste', params: paymentId, response: sandboxPaymentSchema }), async (c) =>
    c.json(await getSandboxPayment(s, c.get('tenant'), c.req.valid('param').id)),
  );
  member.post(
    '/sandbox/payments/:id/confirm',
    requireBillingAdmin,
    contract({ summary: 'Confirmar pagamento de teste', params: paymentId, response: sandboxOutcomeSchema }),
    async (c) => c.json(await confirmSandboxPayment(s, c.get('tenant'), c.req.valid('param').id)),
  );
  member.post(
    '/sandbox/payments/:id/cancel',
    requireBillingAdmin,
    contract({ summary: 'Cancelar pagamento de teste', params: paymentId, response: sandboxOutcomeSchema }),
    async (c) => c.json(await cancelSandboxPayment(s, c.get('tenant'), c.req.valid('param').id)),
  );

  app.route('/', member);
  return app;
}
