import type { Context, Hono } from 'hono';
import { clientCreateSchema, clientOptionsSchema, clientUpdateSchema, contactCreateSchema, contactUpdateSchema } from '@sede/shared/marketing/clients';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv } from '../../services.ts';
import { addContact, createClient, deleteClient, getClient, getClientOptions, listClients, removeContact, setClientOptions, updateClient, updateContact } from './clients-service.ts';

/**
 * /api/marketing/clients: the companies the team serves. `:id` is a client's id or `propria`
 * for the company itself (decision 0320); a hidden client is 404 (decision 0321).
 */
export function clientsRoutes(r: Hono<CompanyEnv>) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const id = (c: Context<CompanyEnv>) => c.req.param('id') ?? '';
  r.get('/clients', async (c) => c.json({ clients: await listClients(t(c)) }));
  r.post('/clients', requirePermission('marketing.write'), async (c) => c.json(await createClient(t(c), parseWith(clientCreateSchema, await readJson(c)).organizationId), 201));
  r.get('/clients/:id', async (c) => c.json(await getClient(t(c), id(c))));
  r.patch('/clients/:id', requirePermission('marketing.write'), async (c) => c.json(await updateClient(t(c), id(c), parseWith(clientUpdateSchema, await readJson(c)))));
  r.delete('/clients/:id', requirePermission('marketing.delete'), async (c) => {
    await deleteClient(t(c), id(c));
    return c.json({ ok: true });
  });
  r.get('/clients/:id/options', async (c) => c.json(await getClientOptions(t(c), id(c))));
  r.patch('/clients/:id/options', requirePermission('marketing.write'), async (c) => c.json(await setClientOptions(t(c), id(c), parseWith(clientOptionsSchema, await readJson(c)))));
  r.post('/clients/:id/contacts', requirePermission('marketing.write'), async (c) => c.json(await addContact(t(c), id(c), parseWith(contactCreateSchema, await readJson(c))), 201));
  r.patch('/clients/:id/contacts/:contactId', requirePermission('marketing.write'), async (c) =>
    c.json(await updateContact(t(c), id(c), c.req.param('contactId') ?? '', parseWith(contactUpdateSchema, await readJson(c)))),
  );
  r.delete('/clients/:id/contacts/:contactId', requirePermission('marketing.write'), async (c) => {
    await removeContact(t(c), id(c), c.req.param('contactId') ?? '');
    return c.json({ ok: true });
  });
}
