import type { Context, Hono } from 'hono';
import { fileNameSchema } from '@sede/shared/platform/files';
import { folderCreateSchema, folderListQuerySchema, folderUpdateSchema, materialListQuerySchema, materialUpdateSchema, materialUploadQuerySchema, MATERIAL_MESSAGES } from '@sede/shared/marketing/materials';
import { z } from 'zod';
import { AppError, badRequest, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { createFolder, deleteFolder, deleteMaterial, getMaterial, listFolders, listMaterials, listTags, updateFolder, updateMaterial, uploadMaterial } from './materials-service.ts';

const tagsQuerySchema = z.object({ clientId: z.uuid({ error: MATERIAL_MESSAGES.client }).optional() });

/** The file's name from `x-file-name` (URI-encoded) or `?name=`. */
function uploadName(c: Context<CompanyEnv>) {
  const header = c.req.header('x-file-name');
  let name: string | undefined = c.req.query('name');
  if (header !== undefined) {
    try {
      name = decodeURIComponent(header);
    } catch {
      throw badRequest('Nome do arquivo inválido (x-file-name).');
    }
  }
  return parseWith(fileNameSchema, name);
}

/**
 * /api/marketing/materials and /material-folders (issue 18, decisions 0335–0339, 0342): the library.
 * Downloads, thumbnails and share links are the platform's `/api/files/:fileId…` (entity
 * 'marketing_material', checked like the material).
 */
export function materialsRoutes(r: Hono<CompanyEnv>, s: Services) {
  const t = (c: Context<CompanyEnv>) => c.get('tenant');

  r.get('/material-folders', async (c) => c.json({ folders: await listFolders(t(c), parseWith(folderListQuerySchema, c.req.query()).clientId) }));
  r.post('/material-folders', requirePermission('marketing.write'), async (c) => c.json(await createFolder(t(c), parseWith(folderCreateSchema, await readJson(c))), 201));
  r.patch('/material-folders/:id', requirePermission('marketing.write'), async (c) => c.json(await updateFolder(t(c), c.req.param('id'), parseWith(folderUpdateSchema, await readJson(c)))));
  r.delete('/material-folders/:id', requirePermission('marketing.delete'), async (c) => {
    await deleteFolder(t(c), c.req.param('id'));
    return c.json({ ok: true });
  });

  r.get('/material-tags', async (c) => c.json({ tags: await listTags(t(c), parseWith(tagsQuerySchema, c.req.query()).clientId) }));

  r.get('/materials', async (c) => c.json(await listMaterials(t(c), parseWith(materialListQuerySchema, c.req.query()))));
  // Raw body, streamed to storage (exempt from the 1 MB JSON limit in http/security.ts), the detected kind's limit.
  r.post('/materials', requirePermission('marketing.write'), async (c) => {
    try {
      const q = parseWith(materialUploadQuerySchema, c.req.query());
      const name = uploadName(c);
      const length = c.req.header('content-length');
      const declaredLength = length !== undefined && !c.req.header('transfer-encoding') ? Number(length) : undefined;
      return c.json(await uploadMaterial(s, t(c), { ...q, name, body: c.req.raw.body, declaredLength }), 201);
    } catch (e) {
      // The rest of a refused body is not read: close the connection after the answer.
      if (e instanceof AppError) c.header('connection', 'close');
      throw e;
    }
  });
  r.get('/materials/:id', async (c) => c.json(await getMaterial(t(c), c.req.param('id'))));
  r.patch('/materials/:id', requirePermission('marketing.write'), async (c) => c.json(await updateMaterial(t(c), c.req.param('id'), parseWith(materialUpdateSchema, await readJson(c)))));
  r.delete('/materials/:id', requirePermission('marketing.delete'), async (c) => {
    await deleteMaterial(s, t(c), c.req.param('id'));
    return c.json({ ok: true });
  });
}
