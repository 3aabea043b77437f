import { fieldsSaveSchema, fieldsViewSchema } from '@sede/shared/esign/fields';
import { attachDocumentSchema, envelopeViewSchema } from '@sede/shared/esign/schemas';
import { templateArchivedSchema, templateBlankSchema, templateCreateSchema, templateIdParams, templateListSchema, templateUpdateSchema, templateUseSchema, templateViewSchema } from '@sede/shared/esign/templates';
import { type areaRouter, tenant } from '../../http/area-router.ts';
import { contract } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { archiveTemplate, attachTemplateDocument, createBlankTemplate, createTemplate, envelopeFromTemplate, getTemplate, listTemplates, saveTemplateFields, updateTemplate } from './templates.ts';

/** Templates of envelopes (decision 0620), under /api/assinaturas/templates: reading with legal.read, the rest legal.write, archiving legal.delete. */
export function templateRoutes(s: Services, r: ReturnType<typeof areaRouter>) {
  const write = requirePermission('legal.write');
  r.get('/templates', contract({ summary: 'Listar modelos de envelope', response: templateListSchema }), async (c) => c.json({ templates: await listTemplates(tenant(c)) }));
  r.post('/templates', write, contract({ summary: 'Salvar envelope como modelo', body: templateCreateSchema, response: templateViewSchema, status: 201 }), async (c) =>
    c.json(await createTemplate(s, tenant(c), c.req.valid('json')), 201),
  );
  r.post('/templates/blank', write, contract({ summary: 'Criar modelo de envelope a partir de um PDF', body: templateBlankSchema, response: templateViewSchema, status: 201 }), async (c) =>
    c.json(await createBlankTemplate(tenant(c), c.req.valid('json')), 201),
  );
  r.post('/templates/:id/document', write, contract({ summary: 'Definir o PDF do modelo', params: templateIdParams, body: attachDocumentSchema, response: templateViewSchema }), async (c) =>
    c.json(await attachTemplateDocument(s, tenant(c), c.req.valid('param').id, c.req.valid('json').fileId)),
  );
  r.get('/templates/:id', contract({ summary: 'Ver modelo de envelope', params: templateIdParams, response: templateViewSchema }), async (c) => c.json(await getTemplate(tenant(c), c.req.valid('param').id)));
  r.patch('/templates/:id', write, contract({ summary: 'Editar modelo de envelope', params: templateIdParams, body: templateUpdateSchema, response: templateViewSchema }), async (c) =>
    c.json(await updateTemplate(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.put('/templates/:id/fields', write, contract({ summary: 'Posicionar os campos do modelo', params: templateIdParams, body: fieldsSaveSchema, response: fieldsViewSchema }), async (c) =>
    c.json({ fields: await saveTemplateFields(tenant(c), c.req.valid('param').id, c.req.valid('json')) }),
  );
  r.delete('/templates/:id', requirePermission('legal.delete'), contract({ summary: 'Excluir (arquivar) modelo de envelope', params: templateIdParams, response: templateArchivedSchema }), async (c) => {
    await archiveTemplate(tenant(c), c.req.valid('param').id);
    return c.json({ archived: true as const });
  });
  r.post('/templates/:id/envelopes', write, contract({ summary: 'Criar envelope a partir do modelo', params: templateIdParams, body: templateUseSchema, response: envelopeViewSchema, status: 201 }), async (c) =>
    c.json(await envelopeFromTemplate(s, tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
}
