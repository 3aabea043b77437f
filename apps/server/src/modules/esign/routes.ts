import { fieldsSaveSchema, fieldsViewSchema } from '@sede/shared/esign/fields';
import { attachDocumentSchema, envelopeCreateSchema, envelopeIdParams, envelopeListQuerySchema, envelopeListSchema, envelopeViewSchema, signerParams } from '@sede/shared/esign/schemas';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { attachDocument, createEnvelope, getEnvelope, listEnvelopes } from './envelopes.ts';
import { witnessOf } from './evidence.ts';
import { saveFields } from './fields.ts';
import { retrySealing } from './sealing-job.ts';
import { cancelEnvelope, resendLink, sendEnvelope } from './sending.ts';
import { templateRoutes } from './template-routes.ts';

/** The sender's side of electronic signature (/api/assinaturas; decision 0550): Jurídico's permissions. */
export function esignRoutes(s: Services) {
  const r = areaRouter(s, 'legal.read');
  const write = requirePermission('legal.write');

  r.get('/envelopes', contract({ summary: 'Listar envelopes de assinatura', query: envelopeListQuerySchema, response: envelopeListSchema }), async (c) =>
    c.json({ envelopes: await listEnvelopes(s, tenant(c), c.req.valid('query')) }),
  );
  r.post('/envelopes', write, contract({ summary: 'Criar envelope de assinatura', body: envelopeCreateSchema, response: envelopeViewSchema, status: 201 }), async (c) =>
    c.json(await createEnvelope(s, tenant(c), c.req.valid('json')), 201),
  );
  r.get('/envelopes/:id', contract({ summary: 'Ver envelope de assinatura', params: envelopeIdParams, response: envelopeViewSchema }), async (c) =>
    c.json(await getEnvelope(s, tenant(c), c.req.valid('param').id)),
  );
  r.post('/envelopes/:id/document', write, contract({ summary: 'Definir o PDF do envelope', params: envelopeIdParams, body: attachDocumentSchema, response: envelopeViewSchema }), async (c) =>
    c.json(await attachDocument(s, tenant(c), c.req.valid('param').id, c.req.valid('json').fileId)),
  );
  r.put('/envelopes/:id/fields', write, contract({ summary: 'Posicionar os campos do envelope', params: envelopeIdParams, body: fieldsSaveSchema, response: fieldsViewSchema }), async (c) =>
    c.json({ fields: await saveFields(s, tenant(c), c.req.valid('param').id, c.req.valid('json')) }),
  );
  r.post('/envelopes/:id/send', write, contract({ summary: 'Enviar envelope para assinatura', params: envelopeIdParams, response: envelopeViewSchema }), async (c) =>
    c.json(await sendEnvelope(s, tenant(c), c.req.valid('param').id, witnessOf(c))),
  );
  r.post('/envelopes/:id/cancel', write, contract({ summary: 'Cancelar envelope', params: envelopeIdParams, response: envelopeViewSchema }), async (c) =>
    c.json(await cancelEnvelope(s, tenant(c), c.req.valid('param').id, witnessOf(c))),
  );
  r.post('/envelopes/:id/sealing/retry', write, contract({ summary: 'Tentar de novo a finalização do envelope', params: envelopeIdParams, response: envelopeViewSchema }), async (c) =>
    c.json(await retrySealing(s, tenant(c), c.req.valid('param').id)),
  );
  r.post('/envelopes/:id/signers/:signerId/resend', write, contract({ summary: 'Reenviar link ao signatário', params: signerParams, response: envelopeViewSchema }), async (c) => {
    const { id, signerId } = c.req.valid('param');
    return c.json(await resendLink(s, tenant(c), id, signerId, witnessOf(c)));
  });
  templateRoutes(s, r);
  return r;
}
