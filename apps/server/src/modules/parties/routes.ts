import { organizationCreateSchema, organizationLookupSchema, organizationUpdateSchema, partyListQuerySchema, personCreateSchema, personExportQuerySchema, organizationLookupResultSchema, organizationPageSchema, organizationSchema, PARTIES_MESSAGES as M, personErasedSchema, personPageSchema, personSchema, personUpdateSchema } from '@sede/shared/platform/parties';
import { okSchema } from '@sede/shared/platform/api';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { cnpjLookupFor, foundOrThrow } from '../cnpj/public.ts';
import { personExportCsv } from './export-csv.ts';
import { createOrganization, createPerson, deleteOrganization, deletePerson, erasePerson, exportPerson, findOrCreateOrganizationFromRecord, getOrganization, getPerson, listOrganizations, listPeople, updateOrganization, updatePerson } from './service.ts';

const organizationId = idParams(M.organizationNotFound);
const personId = idParams(M.personNotFound);

/**
 * /api/parties: organizations and people of the caller's company (decision 0126), every route
 * behind the permissions of decision 0125 (read and write: every member; delete and export:
 * sales and admin; erase: admin).
 */
export function partiesRoutes(s: Services) {
  const r = areaRouter(s, 'parties.read');
  const write = requirePermission('parties.write');

  r.get('/organizations', contract({ summary: 'Listar organizações', query: partyListQuerySchema, response: organizationPageSchema }), async (c) =>
    c.json(await listOrganizations(tenant(c), c.req.valid('query'))),
  );
  r.post('/organizations', write, contract({ summary: 'Cadastrar organização', body: organizationCreateSchema, response: organizationSchema, status: 201 }), async (c) =>
    c.json(await createOrganization(s, tenant(c), c.req.valid('json')), 201),
  );
  r.post(
    '/organizations/lookup',
    write,
    contract({
      summary: 'Trazer organização pelo CNPJ',
      description: '201 quando a organização é criada; 200 quando já existia na empresa.',
      body: organizationLookupSchema,
      response: organizationLookupResultSchema,
      status: 201,
    }),
    async (c) => {
      const record = foundOrThrow(await cnpjLookupFor(s).lookup(c.req.valid('json').cnpj));
      const { organization, created } = await findOrCreateOrganizationFromRecord(tenant(c), record);
      return c.json({ organization, created }, created ? 201 : 200);
    },
  );
  r.get('/organizations/:id', contract({ summary: 'Ver organização', params: organizationId, response: organizationSchema }), async (c) =>
    c.json(await getOrganization(tenant(c), c.req.valid('param').id)),
  );
  r.patch(
    '/organizations/:id',
    write,
    contract({ summary: 'Alterar organização', params: organizationId, body: organizationUpdateSchema, response: organizationSchema }),
    async (c) => c.json(await updateOrganization(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/organizations/:id', requirePermission('parties.delete'), contract({ summary: 'Excluir organização', params: organizationId, response: okSchema }), async (c) => answerSuccess(c, deleteOrganization(tenant(c), c.req.valid('param').id)));

  r.get('/people', contract({ summary: 'Listar pessoas', query: partyListQuerySchema, response: personPageSchema }), async (c) =>
    c.json(await listPeople(tenant(c), c.req.valid('query'))),
  );
  r.post('/people', write, contract({ summary: 'Cadastrar pessoa', body: personCreateSchema, response: personSchema, status: 201 }), async (c) =>
    c.json(await createPerson(s, tenant(c), c.req.valid('json')), 201),
  );
  r.get('/people/:id', contract({ summary: 'Ver pessoa', params: personId, response: personSchema }), async (c) => c.json(await getPerson(tenant(c), c.req.valid('param').id)));
  r.patch('/people/:id', write, contract({ summary: 'Alterar pessoa', params: personId, body: personUpdateSchema, response: personSchema }), async (c) =>
    c.json(await updatePerson(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/people/:id', requirePermission('parties.delete'), contract({ summary: 'Excluir pessoa', params: personId, response: okSchema }), async (c) => answerSuccess(c, deletePerson(tenant(c), c.req.valid('param').id)));
  r.get(
    '/people/:id/export',
    requirePermission('parties.export'),
    contract({
      summary: 'Exportar dados da pessoa (LGPD)',
      params: personId,
      query: personExportQuerySchema,
      response: { media: 'application/json', description: 'Arquivo JSON (format=json) ou CSV (format=csv)' },
    }),
    async (c) => {
      const { format } = c.req.valid('query');
      const data = await exportPerson(s, tenant(c), c.req.valid('param').id, format);
      const headers = {
        'content-disposition': `attachment; filename="pessoa-${data.person.id}.${format}"`,
        'cache-control': 'no-store',
      };
      if (format === 'csv') return c.body(personExportCsv(data), 200, { ...headers, 'content-type': 'text/csv; charset=utf-8' });
      return c.body(JSON.stringify(data, null, 2), 200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
    },
  );
  r.post('/people/:id/erase', requirePermission('parties.erase'), contract({ summary: 'Apagar dados da pessoa (LGPD)', params: personId, response: personErasedSchema }), async (c) =>
    c.json(await erasePerson(s, tenant(c), c.req.valid('param').id)),
  );

  return r;
}
