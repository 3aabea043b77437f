import { Readable } from 'node:stream';
import { bulkResultSchema, bulkSchema, CRM_CONTACTS_MESSAGES as M, crmImportListSchema, crmImportSchema, crmListListSchema, crmListSchema, crmSegmentListSchema, crmSegmentSchema, exportQuerySchema, importAnalysisSchema, importAnalyzeSchema, importStartSchema, listCreateSchema, listMembersAddedSchema, listMembersRemovedSchema, listMembersSchema, listUpdateSchema, segmentCreateSchema, segmentUpdateSchema } from '@sede/shared/crm/contacts';
import { okSchema } from '@sede/shared/platform/api';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { analyzeImport, createImport, getImport, importErrorsCsv, listImports, startImport } from './import.ts';
import { addListMembers, bulkAction, createList, createSegment, deleteList, deleteSegment, exportCsv, getList, getSegment, listLists, listSegments, removeListMembers, updateList, updateSegment } from './service.ts';

const listId = idParams(M.listNotFound);
const segmentId = idParams(M.segmentNotFound);
const importId = idParams(M.importNotFound);
const csv = { media: 'text/csv' } as const;

const csvResponse = (rows: AsyncGenerator<string>, filename: string) =>
  new Response(Readable.toWeb(Readable.from(rows)) as ReadableStream, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });

/**
 * /api/crm-contacts (decisions 0155–0159): lists, segments, bulk actions, export and imports of the
 * caller's company. Every member reads and writes (the tools of /lista-contatos, decision 0125);
 * deleting lists needs `crm.delete`, deleting contacts `parties.delete`, exporting `parties.export`.
 */
export function crmContactsRoutes(s: Services) {
  const r = areaRouter(s, 'crm.read');
  const write = requirePermission('crm.write');

  r.get('/lists', contract({ summary: 'Listar listas de contatos', response: crmListListSchema }), async (c) => c.json({ items: await listLists(tenant(c)) }));
  r.post('/lists', write, contract({ summary: 'Criar lista de contatos', body: listCreateSchema, response: crmListSchema, status: 201 }), async (c) =>
    c.json(await createList(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/lists/:id', contract({ summary: 'Ver lista de contatos', params: listId, response: crmListSchema }), async (c) => c.json(await getList(tenant(c), c.req.valid('param').id)));
  r.patch('/lists/:id', write, contract({ summary: 'Alterar lista de contatos', params: listId, body: listUpdateSchema, response: crmListSchema }), async (c) =>
    c.json(await updateList(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/lists/:id', requirePermission('crm.delete'), contract({ summary: 'Excluir lista de contatos', params: listId, response: okSchema }), async (c) => answerSuccess(c, deleteList(tenant(c), c.req.valid('param').id)));
  r.post('/lists/:id/members', write, contract({ summary: 'Adicionar contatos à lista', params: listId, body: listMembersSchema, response: listMembersAddedSchema }), async (c) =>
    c.json(await addListMembers(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post(
    '/lists/:id/members/remove',
    write,
    contract({ summary: 'Tirar contatos da lista', params: listId, body: listMembersSchema, response: listMembersRemovedSchema }),
    async (c) => c.json(await removeListMembers(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  r.get('/segments', contract({ summary: 'Listar segmentos', response: crmSegmentListSchema }), async (c) => c.json({ items: await listSegments(tenant(c)) }));
  r.post('/segments', write, contract({ summary: 'Criar segmento', body: segmentCreateSchema, response: crmSegmentSchema, status: 201 }), async (c) =>
    c.json(await createSegment(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/segments/:id', contract({ summary: 'Ver segmento', params: segmentId, response: crmSegmentSchema }), async (c) =>
    c.json(await getSegment(tenant(c), c.req.valid('param').id)),
  );
  r.patch('/segments/:id', write, contract({ summary: 'Alterar segmento', params: segmentId, body: segmentUpdateSchema, response: crmSegmentSchema }), async (c) =>
    c.json(await updateSegment(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/segments/:id', requirePermission('crm.delete'), contract({ summary: 'Excluir segmento', params: segmentId, response: okSchema }), async (c) => answerSuccess(c, deleteSegment(tenant(c), c.req.valid('param').id)));

  r.post('/bulk', requirePermission('parties.write'), contract({ summary: 'Ação em massa nos contatos', body: bulkSchema, response: bulkResultSchema }), async (c) =>
    c.json(await bulkAction(tenant(c), c.get('viewer'), c.req.valid('json'))),
  );
  r.get('/export', requirePermission('parties.export'), contract({ summary: 'Exportar contatos (CSV)', query: exportQuerySchema, response: csv }), async (c) => {
    const { entity, ...filter } = c.req.valid('query');
    return csvResponse(await exportCsv(tenant(c), entity, filter), entity === 'people' ? 'pessoas.csv' : 'organizacoes.csv');
  });

  const importer = requirePermission('parties.write');
  r.get('/imports', contract({ summary: 'Listar importações de contatos', response: crmImportListSchema }), async (c) => c.json({ items: await listImports(tenant(c)) }));
  r.post('/imports', write, importer, contract({ summary: 'Começar importação de contatos', response: crmImportSchema, status: 201 }), async (c) =>
    c.json(await createImport(tenant(c)), 201),
  );
  r.get('/imports/:id', contract({ summary: 'Ver importação de contatos', params: importId, response: crmImportSchema }), async (c) =>
    c.json(await getImport(tenant(c), c.req.valid('param').id)),
  );
  r.post(
    '/imports/:id/analyze',
    write,
    importer,
    contract({ summary: 'Analisar arquivo da importação', params: importId, body: importAnalyzeSchema, response: importAnalysisSchema }),
    async (c) => c.json(await analyzeImport(s, tenant(c), c.req.valid('param').id, c.req.valid('json').fileId)),
  );
  r.post(
    '/imports/:id/start',
    write,
    importer,
    contract({ summary: 'Iniciar importação de contatos', params: importId, body: importStartSchema, response: crmImportSchema }),
    async (c) => c.json(await startImport(s, tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.get('/imports/:id/errors', contract({ summary: 'Baixar erros da importação (CSV)', params: importId, response: csv }), async (c) => {
    const { id } = c.req.valid('param');
    return csvResponse(await importErrorsCsv(tenant(c), id), `erros-importacao-${id}.csv`);
  });

  return r;
}
