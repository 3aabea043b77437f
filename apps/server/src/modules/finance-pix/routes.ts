import { chargeSendSchema, chargeSentSchema, entryChargeSchema, paymentLinkCreatedSchema, PIX_MESSAGES as M, pixKeyCreateSchema, pixKeyListSchema, pixKeySchema, pixKeyUpdateSchema } from '@sede/shared/finance/pix';
import { okSchema } from '@sede/shared/platform/api';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { createPixKey, deletePixKey, listPixKeys, makeDefaultPixKey } from './keys.ts';
import { chargeByPix, createPaymentLink, entryCharge, revokePaymentLink, sendCharge } from './service.ts';

const keyId = idParams(M.keyNotFound);
const entryId = idParams(M.entryNotFound);

/**
 * /api/finance/pix (decisions 0530–0533): the company's Pix keys (read: finance.read; keep:
 * finance.write), a receivable's charge, payment link and e-mail (finance.write). The public
 * payment page is the module finance-pix-public.
 */
export function financePixRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');

  r.get('/keys', contract({ summary: 'Listar chaves Pix', response: pixKeyListSchema }), async (c) => c.json({ keys: await listPixKeys(tenant(c)) }));
  r.post('/keys', write, contract({ summary: 'Cadastrar chave Pix', body: pixKeyCreateSchema, response: pixKeySchema, status: 201 }), async (c) =>
    c.json(await createPixKey(tenant(c), c.req.valid('json')), 201),
  );
  r.patch('/keys/:id', write, contract({ summary: 'Marcar chave Pix como padrão', params: keyId, body: pixKeyUpdateSchema, response: pixKeySchema }), async (c) =>
    c.json(await makeDefaultPixKey(tenant(c), c.req.valid('param').id)),
  );
  r.delete('/keys/:id', write, contract({ summary: 'Excluir chave Pix', params: keyId, response: okSchema }), async (c) => answerSuccess(c, deletePixKey(tenant(c), c.req.valid('param').id)));

  r.get('/entries/:id/charge', contract({ summary: 'Ver cobrança da conta a receber', params: entryId, response: entryChargeSchema }), async (c) =>
    c.json(await entryCharge(s, tenant(c), c.req.valid('param').id)),
  );
  r.post('/entries/:id/charge', write, contract({ summary: 'Cobrar por Pix', params: entryId, response: entryChargeSchema }), async (c) =>
    c.json(await chargeByPix(s, tenant(c), c.req.valid('param').id)),
  );
  r.post('/entries/:id/link', write, contract({ summary: 'Gerar link de pagamento', params: entryId, response: paymentLinkCreatedSchema, status: 201 }), async (c) =>
    c.json(await createPaymentLink(s, tenant(c), c.req.valid('param').id), 201),
  );
  r.delete('/entries/:id/link', write, contract({ summary: 'Cancelar link de pagamento', params: entryId, response: okSchema }), async (c) =>
    answerSuccess(c, revokePaymentLink(s, tenant(c), c.req.valid('param').id)),
  );
  r.post('/entries/:id/send', write, contract({ summary: 'Enviar cobrança por e-mail', params: entryId, body: chargeSendSchema, response: chargeSentSchema }), async (c) =>
    c.json(await sendCharge(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  return r;
}
