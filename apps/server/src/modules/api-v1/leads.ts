import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { leadCapturedSchema, leadCaptureSchema } from '@sede/shared/platform/public-api';
import { dealCreateSchema } from '@sede/shared/crm/deals';
import { keyPermissions, type ApiKeyEnv } from '../../http/api-key.ts';
import { contract } from '../../http/contract.ts';
import { forbidden, parseWith } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { addListMembers, getList } from '../crm-contacts/public.ts';
import { createDeal, getPipeline } from '../crm-deals/public.ts';
import { findOrCreatePersonByContact } from '../parties/public.ts';
import { tenant, type V1Access } from './access.ts';

/**
 * Lead capture is the one public API endpoint a browser calls from another site (decision 0644):
 * every answer (errors too) allows the calling origin to read it, without credentials; whether
 * that site may post is the form key's list of sites, checked with the key.
 */
const cors = createMiddleware(async (c, next) => {
  await next();
  const origin = c.req.header('origin');
  if (!origin) return;
  c.res.headers.set('Access-Control-Allow-Origin', origin);
  c.res.headers.append('Vary', 'Origin');
  c.res.headers.set('Access-Control-Expose-Headers', 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, Idempotent-Replayed');
});

/** A secret key posts leads with the permissions of what it creates; a form key may only do this. */
const mayCapture = keyPermissions(
  createMiddleware<ApiKeyEnv>(async (c, next) => {
    const key = c.get('apiKey');
    if (key.kind === 'secret' && !(key.grants?.has('parties.write') && key.grants.has('crm.write'))) {
      throw forbidden('Esta chave não tem a permissão necessária (parties.write e crm.write).');
    }
    await next();
  }),
  { allOf: ['parties.write', 'crm.write'], orFormKey: true },
);

export function leadRoutes(r: Hono<ApiKeyEnv>, s: Services, { key, once }: V1Access) {
  r.options('/leads', cors, contract({ summary: 'Pré-verificação CORS da captura de leads', public: true, status: 204 }), (c) => {
    c.header('Access-Control-Allow-Methods', 'POST');
    c.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key');
    c.header('Access-Control-Max-Age', '600');
    return c.body(null, 204);
  });
  r.post(
    '/leads',
    cors,
    key,
    mayCapture,
    once,
    contract({
      summary: 'Capturar lead de um formulário',
      description: 'Para o formulário de um site: aceita a chave de formulário (`sede_form_…`), que só serve para isto e só dos sites cadastrados nela. A pessoa é encontrada pelo e-mail ou telefone, senão criada com o consentimento do formulário como base legal.',
      body: leadCaptureSchema,
      response: leadCapturedSchema,
      status: 201,
    }),
    async (c) => {
      const t = tenant(c);
      const input = c.req.valid('json');
      const apiKey = c.get('apiKey');
      // The targets first: a wrong list or pipeline writes nothing.
      if (input.listId) await getList(t, input.listId);
      if (input.pipelineId) await getPipeline(t, input.pipelineId);
      const origin = c.req.header('origin');
      const person = await findOrCreatePersonByContact(s, t, {
        name: input.name,
        email: input.email || null,
        phone: input.phone || null,
        organizationId: null,
        legalBasis: 'consentimento',
        legalBasisSource: `Formulário do site${origin ? ` (${origin})` : ''}, chave ${apiKey.prefix}`.slice(0, 300),
        notes: input.message ?? null,
      });
      let dealId: string | null = null;
      if (person) {
        if (input.listId) await addListMembers(t, input.listId, { personIds: [person.id] });
        if (input.pipelineId) {
          const deal = await createDeal(
            t,
            parseWith(dealCreateSchema, {
              title: (input.dealTitle || `Lead do site: ${input.name}`).slice(0, 200),
              valueCents: input.valueCents ?? 0,
              pipelineId: input.pipelineId,
              ...(input.stageId ? { stageId: input.stageId } : {}),
              personIds: [person.id],
              source: input.source || 'Formulário do site',
            }),
          );
          dealId = deal.id;
        }
      }
      // A form's page learns nothing about the company's contacts (not even whether one existed).
      return c.json(apiKey.kind === 'form' ? { received: true as const } : { received: true as const, personId: person?.id ?? null, dealId }, 201);
    },
  );
}
