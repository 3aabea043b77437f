import { okSchema } from '@sede/shared/platform/api';
import {
  WEBHOOK_MESSAGES as M,
  webhookDeliveryAnswerSchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
  webhookEndpointCreateSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from '@sede/shared/platform/webhooks';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, rotateSecret, updateEndpoint } from './endpoints.ts';
import { getDelivery, listDeliveries, resendDelivery, sendTest } from './log.ts';

const endpointParams = idParams(M.endpointNotFound);
const deliveryParams = idParams(M.deliveryNotFound);

/**
 * /api/webhooks (decisions 0650–0653): the company's endpoints and their delivery log, for
 * Administração › Integrações. Reading needs admin.read, changing and sending admin.write.
 */
export function webhooksRoutes(s: Services) {
  const r = areaRouter(s, 'admin.read');
  const write = requirePermission('admin.write');

  r.get('/endpoints', contract({ summary: 'Listar os endpoints de webhook', response: webhookEndpointListSchema }), async (c) => c.json({ endpoints: await listEndpoints(tenant(c)) }));
  r.post('/endpoints', write, contract({ summary: 'Cadastrar endpoint de webhook (o segredo aparece só agora)', body: webhookEndpointCreateSchema, response: webhookEndpointWithSecretSchema, status: 201 }), async (c) =>
    c.json(await createEndpoint(s, tenant(c), c.req.valid('json')), 201),
  );
  r.get('/endpoints/:id', contract({ summary: 'Ver endpoint de webhook', params: endpointParams, response: webhookEndpointSchema }), async (c) => c.json(await getEndpoint(tenant(c), c.req.valid('param').id)));
  r.patch('/endpoints/:id', write, contract({ summary: 'Alterar, ativar ou desativar endpoint de webhook', params: endpointParams, body: webhookEndpointUpdateSchema, response: webhookEndpointSchema }), async (c) =>
    c.json(await updateEndpoint(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/endpoints/:id', write, contract({ summary: 'Excluir endpoint de webhook', params: endpointParams, response: okSchema }), async (c) => answerSuccess(c, deleteEndpoint(tenant(c), c.req.valid('param').id)));
  r.post('/endpoints/:id/secret', write, contract({ summary: 'Trocar o segredo do endpoint (o novo aparece só agora)', params: endpointParams, response: webhookEndpointWithSecretSchema }), async (c) =>
    c.json(await rotateSecret(s, tenant(c), c.req.valid('param').id)),
  );
  r.post('/endpoints/:id/test', write, contract({ summary: 'Enviar evento de teste ao endpoint', params: endpointParams, response: webhookDeliveryAnswerSchema, status: 202 }), async (c) =>
    c.json({ delivery: await sendTest(s, tenant(c), c.req.valid('param').id) }, 202),
  );
  r.get('/endpoints/:id/deliveries', contract({ summary: 'Entregas do endpoint, mais recentes primeiro', params: endpointParams, query: webhookDeliveryQuerySchema, response: webhookDeliveryPageSchema }), async (c) =>
    c.json(await listDeliveries(tenant(c), c.req.valid('param').id, c.req.valid('query'))),
  );
  r.get('/deliveries/:id', contract({ summary: 'Ver entrega de webhook com as tentativas', params: deliveryParams, response: webhookDeliveryDetailSchema }), async (c) => c.json(await getDelivery(tenant(c), c.req.valid('param').id)));
  r.post('/deliveries/:id/resend', write, contract({ summary: 'Reenviar entrega de webhook', params: deliveryParams, response: webhookDeliveryAnswerSchema, status: 202 }), async (c) =>
    c.json({ delivery: await resendDelivery(s, tenant(c), c.req.valid('param').id) }, 202),
  );
  return r;
}
