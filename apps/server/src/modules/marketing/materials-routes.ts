import { okFlagSchema } from '@sede/shared/platform/api';
import type { Context, Hono } from 'hono';
import { folderCreateSchema, folderListQuerySchema, folderUpdateSchema, MATERIAL_MESSAGES as M, materialFolderListSchema, materialFolderSchema, materialListQuerySchema, materialListSchema, materialTagsListSchema, materialUpdateSchema, materialUploadQuerySchema, materialViewSchema, tagsQuerySchema } from '@sede/shared/marketing/materials';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { createFolder, deleteFolder, deleteMaterial, getMaterial, listFolders, listMaterials, listTags, updateFolder, updateMaterial, uploadMaterial } from './materials-service.ts';
import { closeAfterRefusal } from '../../http/security.ts';
import { uploadFileName } from '../files/public.ts';

const folderId = idParams(M.folderNotFound);
const materialId = idParams(M.notFound);



/**
 * /api/marketing/materials and /material-folders (decisions 0335–0339, 0342): the library.
 * Downloads, thumbnails and share links are the platform's `/api/files/:fileId…` (entity
 * 'marketing_material', checked like the material).
 */
export function materialsRoutes(r: Hono<CompanyEnv>, s: Services) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');

  r.get('/material-folders', contract({ summary: 'Listar pastas de materiais', query: folderListQuerySchema, response: materialFolderListSchema }), async (c) =>
    c.json({ folders: await listFolders(t(c), c.req.valid('query').clientId) }),
  );
  r.post('/material-folders', requirePermission('marketing.write'), contract({ summary: 'Criar pasta de materiais', body: folderCreateSchema, response: materialFolderSchema, status: 201 }), async (c) =>
    c.json(await createFolder(t(c), c.req.valid('json')), 201),
  );
  r.patch(
    '/material-folders/:id',
    requirePermission('marketing.write'),
    contract({ summary: 'Renomear ou mover pasta de materiais', params: folderId, body: folderUpdateSchema, response: materialFolderSchema }),
    async (c) => c.json(await updateFolder(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/material-folders/:id', requirePermission('marketing.delete'), contract({ summary: 'Excluir pasta de materiais', params: folderId, response: okFlagSchema }), async (c) => answerOk(c, deleteFolder(t(c), c.req.valid('param').id)));

  r.get('/material-tags', contract({ summary: 'Listar etiquetas de materiais', query: tagsQuerySchema, response: materialTagsListSchema }), async (c) =>
    c.json({ tags: await listTags(t(c), c.req.valid('query').clientId) }),
  );

  r.get('/materials', contract({ summary: 'Listar materiais', query: materialListQuerySchema, response: materialListSchema }), async (c) => c.json(await listMaterials(t(c), c.req.valid('query'))));
  // Raw body, streamed to storage (exempt from the 1 MB JSON limit in http/security.ts), the detected kind's limit.
  r.post(
    '/materials',
    requirePermission('marketing.write'),
    closeAfterRefusal,
    contract({ summary: 'Enviar material', query: materialUploadQuerySchema, bodyMedia: 'application/octet-stream', response: materialViewSchema, status: 201 }),
    async (c) => {
      const name = uploadFileName(c);
      const length = c.req.header('content-length');
      const declaredLength = length !== undefined && !c.req.header('transfer-encoding') ? Number(length) : undefined;
      return c.json(await uploadMaterial(s, t(c), { ...c.req.valid('query'), name, body: c.req.raw.body, declaredLength }), 201);
    },
  );
  r.get('/materials/:id', contract({ summary: 'Ver material', params: materialId, response: materialViewSchema }), async (c) => c.json(await getMaterial(t(c), c.req.valid('param').id)));
  r.patch('/materials/:id', requirePermission('marketing.write'), contract({ summary: 'Alterar material', params: materialId, body: materialUpdateSchema, response: materialViewSchema }), async (c) =>
    c.json(await updateMaterial(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/materials/:id', requirePermission('marketing.delete'), contract({ summary: 'Excluir material', params: materialId, response: okFlagSchema }), async (c) => answerOk(c, deleteMaterial(s, t(c), c.req.valid('param').id)));
}
