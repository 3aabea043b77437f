import { paymentTokenParamsSchema, PIX_MESSAGES as M, publicPaymentSchema, simulatePaymentSchema } from '@sede/shared/finance/pix';
import { okSchema } from '@sede/shared/platform/api';
import { contract } from '../../http/contract.ts';
import { conflict } from '../../http/errors.ts';
import { publicRouter } from '../../http/public-router.ts';
import type { RateRule } from '../../http/rate-limit.ts';
import { isLoopbackUrl } from '../../platform/config.ts';
import type { Services } from '../../services.ts';
import { publicPayment, simulatePayment } from '../finance-pix/public.ts';

/** The payment page's limits per address (decision 0532), kept in PostgreSQL like every public page's. */
export const PAYMENT_PAGE_RULES = {
  viewPerIp: { window: 60, max: 120 },
  simulatePerIp: { window: 60, max: 30 },
} satisfies Record<string, RateRule>;

/**
 * /api/public/payments/:token — the payment page of a receivable (decision 0532): no session; the
 * company and the receivable come from the signed token's live link.
 */
export function paymentPageRoutes(s: Services) {
  const { r, limited } = publicRouter(s, 'payment-page', PAYMENT_PAGE_RULES);
  r.get(
    '/:token',
    limited('viewPerIp'),
    contract({ summary: 'Ver cobrança pelo link de pagamento', params: paymentTokenParamsSchema, response: publicPaymentSchema, public: true }),
    async (c) => c.json(await publicPayment(s, c.req.valid('param').token)),
  );
  // The local payment simulator (decision 0533): only on a loopback APP_URL (development, tests,
  // demos), 'paying' the link's open charge through the one settlement, as a PSP's notification would.
  if (isLoopbackUrl(s.cfg.appUrl)) {
    r.post(
      '/:token/simulate-payment',
      limited('simulatePerIp'),
      contract({ summary: 'Simular pagamento Pix (ambiente local)', params: paymentTokenParamsSchema, body: simulatePaymentSchema, response: okSchema, public: true }),
      async (c) => {
        if (!(await simulatePayment(s, c.req.valid('param').token, c.req.valid('json').payerName))) throw conflict(M.chargeNotOpen, 'CHARGE_NOT_OPEN');
        return c.json({ success: true as const });
      },
    );
  }
  return r;
}
