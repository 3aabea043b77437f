import { Readable } from 'node:stream';
import type { Context } from 'hono';
import {
  bulkSchema,
  exportQuerySchema,
  importAnalyzeSchema,
  importStartSchema,
  listCreateSchema,
  listMembersSchema,
  listUpdateSchema,
  segmentCreateSchema,
  segmentUpdateSchema,
} from '@sede/shared/crm/contacts';
import { areaRouter } from '../../http/area-router.ts';
import { parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { analyzeImport, createImport, getImport, importErrorsCsv, listImports, startImport } from './import.ts';
import {
  addListMembers,
  bulkAction,
  createList,
  createSegment,
  deleteList,
  deleteSegment,
  exportCsv,
  getList,
  getSegment,
  listLists,
  listSegments,
  removeListMembers,
  updateList,
  updateSegment,
} from './service.ts';

const csvResponse = (rows: AsyncGenerator<string>, filename: string) =>
  new Response(Readable.toWeb(Readable.from(rows)) as ReadableStream, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });

/**
 * /api/crm-contacts (issue 12 item 3): lists, segments, bulk actions, export and imports of the
 * caller's company. Every member reads and writes (the tools of /lista-contatos, decision 0125);
 * deleting lists needs `crm.delete`, deleting contacts `parties.delete`, exporting `parties.export`.
 */
export function crmContactsRoutes(s: Services) {
  const r = areaRouter(s, 'crm.read');
  const write = requirePermission('crm.write');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');

  r.get('/lists', async (c) => c.json({ items: await listLists(tenant(c)) }));
  r.post('/lists', write, async (c) => c.json(await createList(tenant(c), parseWith(listCreateSchema, await readJson(c))), 201));
  r.get('/lists/:id', async (c) => c.json(await getList(tenant(c), c.req.param('id'))));
  r.patch('/lists/:id', write, async (c) => c.json(await updateList(tenant(c), c.req.param('id'), parseWith(listUpdateSchema, await readJson(c)))));
  r.delete('/lists/:id', requirePermission('crm.delete'), async (c) => {
    await deleteList(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });
  r.post('/lists/:id/members', write, async (c) => c.json(await addListMembers(tenant(c), c.req.param('id'), parseWith(listMembersSchema, await readJson(c)))));
  r.post('/lists/:id/members/remove', write, async (c) => c.json(await removeListMembers(tenant(c), c.req.param('id'), parseWith(listMembersSchema, await readJson(c)))));

  r.get('/segments', async (c) => c.json({ items: await listSegments(tenant(c)) }));
  r.post('/segments', write, async (c) => c.json(await createSegment(tenant(c), parseWith(segmentCreateSchema, await readJson(c))), 201));
  r.get('/segments/:id', async (c) => c.json(await getSegment(tenant(c), c.req.param('id'))));
  r.patch('/segments/:id', write, async (c) => c.json(await updateSegment(tenant(c), c.req.param('id'), parseWith(segmentUpdateSchema, await readJson(c)))));
  r.delete('/segments/:id', requirePermission('crm.delete'), async (c) => {
    await deleteSegment(tenant(c), c.req.param('id'));
    return c.json({ success: true });
  });

  r.post('/bulk', requirePermission('parties.write'), async (c) => c.json(await bulkAction(tenant(c), c.get('viewer'), parseWith(bulkSchema, await readJson(c)))));
  r.get('/export', requirePermission('parties.export'), async (c) => {
    const { entity, ...filter } = parseWith(exportQuerySchema, c.req.query());
    return csvResponse(await exportCsv(tenant(c), entity, filter), entity === 'people' ? 'pessoas.csv' : 'organizacoes.csv');
  });

  const importer = requirePermission('parties.write');
  r.get('/imports', async (c) => c.json({ items: await listImports(tenant(c)) }));
  r.post('/imports', write, importer, async (c) => c.json(await createImport(tenant(c)), 201));
  r.get('/imports/:id', async (c) => c.json(await getImport(tenant(c), c.req.param('id'))));
  r.post('/imports/:id/analyze', write, importer, async (c) => {
    const { fileId } = parseWith(importAnalyzeSchema, await readJson(c));
    return c.json(await analyzeImport(s, tenant(c), c.req.param('id'), fileId));
  });
  r.post('/imports/:id/start', write, importer, async (c) => c.json(await startImport(s, tenant(c), c.req.param('id'), parseWith(importStartSchema, await readJson(c)))));
  r.get('/imports/:id/errors', async (c) => csvResponse(await importErrorsCsv(tenant(c), c.req.param('id')), `erros-importacao-${c.req.param('id')}.csv`));

  return r;
}
