import type { Context } from 'hono';
import {
  organizationCreateSchema,
  organizationLookupSchema,
  organizationUpdateSchema,
  partyListQuerySchema,
  personCreateSchema,
  personExportQuerySchema,
  personUpdateSchema,
} from '@sede/shared/platform/parties';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { cnpjLookupFor, foundOrThrow } from '../cnpj/public.ts';
import { personExportCsv } from './export-csv.ts';
import {
  createOrganization,
  createPerson,
  deleteOrganization,
  deletePerson,
  erasePerson,
  exportPerson,
  findOrCreateOrganizationFromRecord,
  getOrganization,
  getPerson,
  listOrganizations,
  listPeople,
  updateOrganization,
  updatePerson,
} from './service.ts';

/**
 * /api/parties: organizations and people of the caller's company (decision 0126), every route
 * behind the permissions of decision 0125 (read and write: every member; delete and export:
 * sales and admin; erase: admin).
 */
export function partiesRoutes(s: Services) {
  const r = areaRouter(s, 'parties.read');
  const write = requirePermission('parties.write');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');

  r.get('/organizations', async (c) => c.json(await listOrganizations(tenant(c), parseWith(partyListQuerySchema, c.req.query()))));
  r.post('/organizations', write, async (c) => {
    const input = parseWith(organizationCreateSchema, await readJson(c));
    return c.json(await createOrganization(s, tenant(c), input), 201);
  });
  r.post('/organizations/lookup', write, async (c) => {
    const { cnpj } = parseWith(organizationLookupSchema, await readJson(c));
    const record = foundOrThrow(await cnpjLookupFor(s).lookup(cnpj));
    const { organization, created } = await findOrCreateOrganizationFromRecord(tenant(c), record);
    return c.json({ organization, created }, created ? 201 : 200);
  });
  r.get('/organizations/:id', async (c) => c.json(await getOrganization(tenant(c), c.req.param('id'))));
  r.patch('/organizations/:id', write, async (c) => {
    const input = parseWith(organizationUpdateSchema, await readJson(c));
    return c.json(await updateOrganization(s, tenant(c), c.req.param('id'), input));
  });
  r.delete('/organizations/:id', requirePermission('parties.delete'), async (c) => {
    await deleteOrganization(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });

  r.get('/people', async (c) => c.json(await listPeople(tenant(c), parseWith(partyListQuerySchema, c.req.query()))));
  r.post('/people', write, async (c) => {
    const input = parseWith(personCreateSchema, await readJson(c));
    return c.json(await createPerson(s, tenant(c), input), 201);
  });
  r.get('/people/:id', async (c) => c.json(await getPerson(tenant(c), c.req.param('id'))));
  r.patch('/people/:id', write, async (c) => {
    const input = parseWith(personUpdateSchema, await readJson(c));
    return c.json(await updatePerson(s, tenant(c), c.req.param('id'), input));
  });
  r.delete('/people/:id', requirePermission('parties.delete'), async (c) => {
    await deletePerson(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.get('/people/:id/export', requirePermission('parties.export'), async (c) => {
    const { format } = parseWith(personExportQuerySchema, c.req.query());
    const id = c.req.param('id');
    const data = await exportPerson(s, tenant(c), id, format);
    const headers = {
      'content-disposition': `attachment; filename="pessoa-${data.person.id}.${format}"`,
      'cache-control': 'no-store',
    };
    if (format === 'csv') return c.body(personExportCsv(data), 200, { ...headers, 'content-type': 'text/csv; charset=utf-8' });
    return c.body(JSON.stringify(data, null, 2), 200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
  });
  r.post('/people/:id/erase', requirePermission('parties.erase'), async (c) => c.json(await erasePerson(s, tenant(c), c.req.param('id'))));

  return r;
}
