import { Hono } from 'hono';
import { PIX_API_MESSAGES as M, pixWebhookAckSchema, pixWebhookParamsSchema } from '@sede/shared/finance/pix-api';
import { contract } from '../../http/contract.ts';
import { badRequest, readJson } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { receivePixWebhook } from '../finance-pix-api/public.ts';

/**
 * /api/public/pix-api/webhook/:secret/pix (decision 0563): the address registered at the PSP
 * (`PUT /webhook/{chave}` with `…/webhook/:secret`; the PSP appends `/pix`, BCB's callback). No
 * session and no Origin (a server calls it): the unguessable secret names the account, and only
 * that account's charges are settled.
 */
export function pixWebhookRoutes(s: Services) {
  const r = new Hono();
  r.post(
    '/webhook/:secret/pix',
    contract({ summary: 'Receber Pix pagos (webhook da API Pix do banco)', params: pixWebhookParamsSchema, bodyMedia: 'application/json', response: pixWebhookAckSchema, public: true }),
    async (c) => {
      // Through readJson like every body (the text rule); whatever it refuses is the bank's malformed notification.
      const body = await readJson(c).catch(() => {
        throw badRequest(M.webhookBody, 'PIX_WEBHOOK_INVALID');
      });
      return c.json(await receivePixWebhook(s, c.req.valid('param').secret, body));
    },
  );
  return r;
}
