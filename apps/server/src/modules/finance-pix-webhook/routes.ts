import { type Context, Hono } from 'hono';
import { PIX_API_MESSAGES as M, pixWebhookAckSchema, pixWebhookParamsSchema } from '@sede/shared/finance/pix-api';
import { PIX_AUTOMATIC_MESSAGES, recWebhookAckSchema } from '@sede/shared/finance/pix-automatic';
import { contract } from '../../http/contract.ts';
import { badRequest, readJson } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { receiveCobrWebhook, receivePixWebhook, receiveRecWebhook } from '../finance-pix-api/public.ts';

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
  // Pix Automático (decision 0612): the same address, the PSP appends `/rec` and `/cobr`.
  const automaticBody = (c: Context) =>
    readJson(c).catch(() => {
      throw badRequest(PIX_AUTOMATIC_MESSAGES.webhookBody, 'PIX_WEBHOOK_INVALID');
    });
  r.post(
    '/webhook/:secret/rec',
    contract({ summary: 'Receber mudanças de recorrências do Pix Automático (webhook do banco)', params: pixWebhookParamsSchema, bodyMedia: 'application/json', response: recWebhookAckSchema, public: true }),
    async (c) => c.json(await receiveRecWebhook(s, c.req.valid('param').secret, await automaticBody(c))),
  );
  r.post(
    '/webhook/:secret/cobr',
    contract({ summary: 'Receber cobranças recorrentes do Pix Automático (webhook do banco)', params: pixWebhookParamsSchema, bodyMedia: 'application/json', response: pixWebhookAckSchema, public: true }),
    async (c) => c.json(await receiveCobrWebhook(s, c.req.valid('param').secret, await automaticBody(c))),
  );
  return r;
}
