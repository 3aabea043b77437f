import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { BILLING_MESSAGES, coinCheckoutSchema, ledgerQuerySchema, subscriptionCheckoutSchema } from '@sede/shared/billing';
import { hasAnyPermission } from '@sede/shared/permissions';
import type { AppEnv, CompanyEnv, Services } from '../../services.ts';
import { forbidden, notFound, parseWith, readJson } from '../../http/errors.ts';
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

const paymentIdSchema = z.uuid();
const paymentId = (raw: string) => {
  const r = paymentIdSchema.safeParse(raw);
  if (!r.success) throw notFound('Pagamento não encontrado');
  return r.data;
};

export function billingRoutes(s: Services) {
  const app = new Hono<AppEnv>();

  // Stripe calls this without a session; the signature over the raw body is the authentication.
  app.post('/webhooks/stripe', async (c) => {
    const raw = await c.req.text();
    return c.json(await handleStripeWebhook(s, raw, c.req.header('stripe-signature')));
  });

  // Whether payments are real or the offline sandbox ('Modo de teste'), for any signed-in person:
  // the plans page is open before a company exists, and the banner must not wait on the summary.
  app.get('/mode', requireViewer(s), (c) => c.json({ mode: billingOf(s).mode }));

  const member = new Hono<CompanyEnv>();
  member.use('*', requireViewer(s), requireCompany);

  member.get('/summary', async (c) =>
    c.json(await billingSummary(s, c.get('companyId'), hasAnyPermission(c.get('viewer').permissions, ['admin']))),
  );
  member.get('/payments', async (c) => c.json({ payments: await listPayments(s, c.get('companyId')) }));
  member.get('/ledger', async (c) => c.json(await listLedger(s, c.get('companyId'), parseWith(ledgerQuerySchema, c.req.query()))));

  member.post('/checkout/coins', requireBillingAdmin, async (c) => {
    const { packageId } = parseWith(coinCheckoutSchema, await readJson(c));
    return c.json(await createCoinCheckout(s, c.get('viewer'), c.get('companyId'), packageId));
  });
  member.post('/checkout/subscription', requireBillingAdmin, async (c) => {
    const { plan } = parseWith(subscriptionCheckoutSchema, await readJson(c));
    return c.json(await createSubscriptionCheckout(s, c.get('viewer'), c.get('companyId'), plan));
  });

  member.get('/sandbox/payments/:id', async (c) => c.json(await getSandboxPayment(s, c.get('companyId'), paymentId(c.req.param('id')))));
  member.post('/sandbox/payments/:id/confirm', requireBillingAdmin, async (c) =>
    c.json(await confirmSandboxPayment(s, c.get('companyId'), paymentId(c.req.param('id')))),
  );
  member.post('/sandbox/payments/:id/cancel', requireBillingAdmin, async (c) =>
    c.json(await cancelSandboxPayment(s, c.get('companyId'), paymentId(c.req.param('id')))),
  );

  app.route('/', member);
  return app;
}
