import type { Hono } from 'hono';
import { contactFilterFields, organizationCreateSchema, organizationSchema, organizationUpdateSchema, PARTIES_MESSAGES as M, personCreateSchema, personSchema, personUpdateSchema } from '@sede/shared/platform/parties';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { createOrganization, createPerson, getOrganization, getPerson, listOrganizations, listPeople, updateOrganization, updatePerson } from '../parties/public.ts';
import { tenant, type V1Access } from './access.ts';
import { listAnswer, listQuery, pageOf } from './list.ts';

const { q, organizationId, ownerId, tag, listId } = contactFilterFields;
const peopleQuery = listQuery(personSchema, { q, organizationId, ownerId, tag, listId });
const organizationsQuery = listQuery(organizationSchema, { q, ownerId, tag, listId });
const personId = idParams(M.personNotFound);
const organizationId_ = idParams(M.organizationNotFound);

/** People and organizations (the company's contacts, decision 0126), oldest first. */
export function contactRoutes(r: Hono<ApiKeyEnv>, s: Services, { read, write }: V1Access) {
  r.get('/people', ...read('parties.read'), contract({ summary: 'Listar pessoas', query: peopleQuery, response: pageOf(personSchema) }), async (c) =>
    c.json(await listAnswer(c.req.valid('query'), (q) => listPeople(tenant(c), { ...q, sort: 'created', dir: 'asc' }))),
  );
  r.post('/people', ...write('parties.write'), contract({ summary: 'Cadastrar pessoa', body: personCreateSchema, response: personSchema, status: 201 }), async (c) =>
    c.json(await createPerson(s, tenant(c), c.req.valid('json')), 201),
  );
  r.get('/people/:id', ...read('parties.read'), contract({ summary: 'Ver pessoa', params: personId, response: personSchema }), async (c) => c.json(await getPerson(tenant(c), c.req.valid('param').id)));
  r.patch('/people/:id', ...write('parties.write'), contract({ summary: 'Alterar pessoa', params: personId, body: personUpdateSchema, response: personSchema }), async (c) =>
    c.json(await updatePerson(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.get('/organizations', ...read('parties.read'), contract({ summary: 'Listar organizações', query: organizationsQuery, response: pageOf(organizationSchema) }), async (c) =>
    c.json(await listAnswer(c.req.valid('query'), (q) => listOrganizations(tenant(c), { ...q, sort: 'created', dir: 'asc' }))),
  );
  r.post('/organizations', ...write('parties.write'), contract({ summary: 'Cadastrar organização', body: organizationCreateSchema, response: organizationSchema, status: 201 }), async (c) =>
    c.json(await createOrganization(s, tenant(c), c.req.valid('json')), 201),
  );
  r.get('/organizations/:id', ...read('parties.read'), contract({ summary: 'Ver organização', params: organizationId_, response: organizationSchema }), async (c) =>
    c.json(await getOrganization(tenant(c), c.req.valid('param').id)),
  );
  r.patch('/organizations/:id', ...write('parties.write'), contract({ summary: 'Alterar organização', params: organizationId_, body: organizationUpdateSchema, response: organizationSchema }), async (c) =>
    c.json(await updateOrganization(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
}
