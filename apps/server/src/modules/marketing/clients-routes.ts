import { okFlagSchema } from '@sede/shared/platform/api';
import type { Context, Hono } from 'hono';
import { clientCreateSchema, clientListSchema, clientOptionsSchema, clientOptionsViewSchema, clientParamsSchema, clientSummarySchema, clientUpdateSchema, clientViewSchema, clientContactSchema, contactCreateSchema, contactParamsSchema, contactUpdateSchema } from '@sede/shared/marketing/clients';
import { answerOk, contract } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { addContact, createClient, deleteClient, getClient, getClientOptions, listClients, removeContact, setClientOptions, updateClient, updateContact } from './clients-service.ts';

/**
 * /api/marketing/clients: the companies the team serves. `:id` is a client's id or `propria`
 * for the company itself (decision 0320); a hidden client is 404 (decision 0321).
 */
export function clientsRoutes(r: Hono<CompanyEnv>) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const write = requirePermission('marketing.write');
  r.get('/clients', contract({ summary: 'Listar empresas clientes', response: clientListSchema }), async (c) => c.json({ clients: await listClients(t(c)) }));
  r.post('/clients', write, contract({ summary: 'Cadastrar empresa cliente', body: clientCreateSchema, response: clientSummarySchema, status: 201 }), async (c) =>
    c.json(await createClient(t(c), c.req.valid('json').organizationId), 201),
  );
  r.get('/clients/:id', contract({ summary: 'Ver empresa cliente', params: clientParamsSchema, response: clientViewSchema }), async (c) => c.json(await getClient(t(c), c.req.valid('param').id)));
  r.patch('/clients/:id', write, contract({ summary: 'Alterar kit de marca e canais', params: clientParamsSchema, body: clientUpdateSchema, response: clientViewSchema }), async (c) =>
    c.json(await updateClient(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/clients/:id', requirePermission('marketing.delete'), contract({ summary: 'Excluir empresa cliente', params: clientParamsSchema, response: okFlagSchema }), async (c) => answerOk(c, deleteClient(t(c), c.req.valid('param').id)));
  r.get('/clients/:id/options', contract({ summary: 'Ver opções da empresa cliente', params: clientParamsSchema, response: clientOptionsViewSchema }), async (c) =>
    c.json(await getClientOptions(t(c), c.req.valid('param').id)),
  );
  r.patch('/clients/:id/options', write, contract({ summary: 'Alterar opções da empresa cliente', params: clientParamsSchema, body: clientOptionsSchema, response: clientOptionsViewSchema }), async (c) =>
    c.json(await setClientOptions(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/clients/:id/contacts', write, contract({ summary: 'Adicionar contato da empresa cliente', params: clientParamsSchema, body: contactCreateSchema, response: clientContactSchema, status: 201 }), async (c) =>
    c.json(await addContact(t(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.patch('/clients/:id/contacts/:contactId', write, contract({ summary: 'Alterar contato da empresa cliente', params: contactParamsSchema, body: contactUpdateSchema, response: clientContactSchema }), async (c) => {
    const { id, contactId } = c.req.valid('param');
    return c.json(await updateContact(t(c), id, contactId, c.req.valid('json')));
  });
  r.delete('/clients/:id/contacts/:contactId', write, contract({ summary: 'Remover contato da empresa cliente', params: contactParamsSchema, response: okFlagSchema }), async (c) => {
    const { id, contactId } = c.req.valid('param');
    await removeContact(t(c), id, contactId);
    return c.json({ ok: true as const });
  });
}
