import { asaasWebhookSchema, webhookAnswerSchema } from '@sede/shared/finance/boleto';
import { contract } from '../../http/contract.ts';
import { publicRouter } from '../../http/public-router.ts';
import type { RateRule } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { companyOfToken, handleAsaasEvent } from '../finance-boleto/public.ts';

/** The webhook's limit per address: Asaas posts from a few addresses, in bursts when a queue is replayed. */
export const BOLETO_WEBHOOK_RULES = { webhookPerIp: { window: 60, max: 600 } } satisfies Record<string, RateRule>;

/**
 * POST /api/public/boleto/asaas — Asaas's webhook (decision 0572): no session; the company comes
 * from the `asaas-access-token` header's token (401 before the body is read), the event is
 * handled once by its id.
 */
export function boletoWebhookRoutes(s: Services) {
  const { r, limited } = publicRouter(s, 'boleto-webhook', BOLETO_WEBHOOK_RULES);
  r.post(
    '/asaas',
    limited('webhookPerIp'),
    async (c, next) => {
      c.set('boletoCompanyId' as never, (await companyOfToken(s, c.req.header('asaas-access-token'))) as never);
      await next();
    },
    contract({ summary: 'Webhook do Asaas (boleto)', body: asaasWebhookSchema, response: webhookAnswerSchema, public: true }),
    async (c) => c.json({ received: true as const, outcome: await handleAsaasEvent(s, c.get('boletoCompanyId' as never) as string, c.req.valid('json')) }),
  );
  return r;
}
