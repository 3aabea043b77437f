import { Hono } from 'hono';
import {
  connectCompleteSchema,
  connectParamsSchema,
  connectStartSchema,
  ECOMMERCE_MESSAGES as M,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  storeListSchema,
  storeSchema,
  webhookAckSchema,
} from '@sede/shared/ecommerce/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { badRequest, readJson } from '../../http/errors.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { receiveMercadoLivreNotification } from './mercadolivre/notifications.ts';
import { receiveNuvemshopWebhook } from './nuvemshop/webhook.ts';
import { getOrder, listOrders } from './orders.ts';
import { productRoutes } from './products/routes.ts';
import { completeConnection, disconnect, listStores, resync, startConnection } from './stores.ts';

/**
 * /api/ecommerce (decisions 0680–0682): the company's stores (`ecommerce.read`; connecting,
 * syncing and disconnecting take `ecommerce.manage`), their orders, and the public webhook each
 * provider calls (Nuvemshop's signed with the app's secret; Mercado Livre's checked by its
 * application id and only a hint of what to fetch, decision 0686).
 */
export function ecommerceRoutes(s: Services) {
  const app = new Hono<CompanyEnv>();

  app.post(
    '/webhooks/nuvemshop',
    contract({ summary: 'Receber eventos da Nuvemshop (webhook assinado)', bodyMedia: 'application/json', response: webhookAckSchema, public: true }),
    async (c) => {
      await receiveNuvemshopWebhook(s, Buffer.from(await c.req.arrayBuffer()), c.req.header('x-linkedstore-hmac-sha256'));
      return c.json({ ok: true as const });
    },
  );

  app.post(
    '/webhooks/mercadolivre',
    contract({ summary: 'Receber notificações do Mercado Livre (orders_v2, items)', bodyMedia: 'application/json', response: webhookAckSchema, public: true }),
    async (c) => {
      const body = await readJson(c);
      if (body === null || typeof body !== 'object') throw badRequest('O corpo da notificação não é JSON.', 'INVALID_JSON');
      await receiveMercadoLivreNotification(s, body);
      return c.json({ ok: true as const });
    },
  );

  const r = areaRouter(s, 'ecommerce.read');
  const manage = requirePermission('ecommerce.manage');

  r.get('/stores', contract({ summary: 'Listar as lojas conectadas', response: storeListSchema }), async (c) => c.json(await listStores(s, c.get('tenant'))));

  r.post(
    '/connections/:provider/start',
    manage,
    contract({ summary: 'Começar a conexão de uma loja (autorização OAuth)', params: connectParamsSchema, response: connectStartSchema }),
    (c) => c.json(startConnection(s, c.get('tenant'), c.req.valid('param').provider)),
  );
  r.post(
    '/connections/:provider/complete',
    manage,
    contract({ summary: 'Concluir a conexão de uma loja', params: connectParamsSchema, body: connectCompleteSchema, response: storeSchema, status: 201 }),
    async (c) => c.json(await completeConnection(s, c.get('tenant'), c.req.valid('param').provider, c.req.valid('json')), 201),
  );
  r.post('/stores/:id/sync', manage, contract({ summary: 'Importar de novo os pedidos de uma loja', params: idParams(M.storeNotFound), response: storeSchema }), async (c) =>
    c.json(await resync(s, c.get('tenant'), c.req.valid('param').id)),
  );
  r.delete('/stores/:id', manage, contract({ summary: 'Desconectar uma loja', params: idParams(M.storeNotFound), response: storeSchema }), async (c) =>
    c.json(await disconnect(s, c.get('tenant'), c.req.valid('param').id)),
  );

  r.get('/orders', contract({ summary: 'Listar os pedidos das lojas', query: orderListQuerySchema, response: orderPageSchema }), async (c) =>
    c.json(await listOrders(c.get('tenant'), c.req.valid('query'))),
  );
  r.get('/orders/:id', contract({ summary: 'Ver um pedido', params: idParams(M.orderNotFound), response: orderDetailSchema }), async (c) =>
    c.json(await getOrder(c.get('tenant'), c.req.valid('param').id)),
  );

  productRoutes(s, r, manage);

  app.route('/', r);
  return app;
}

