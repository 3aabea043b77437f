import type { Context } from 'hono';
import { documentCreateSchema, documentListSchema, documentSaveSchema, documentUpdateSchema, folderCreateSchema, folderUpdateSchema } from '@sede/shared/documents/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { badRequest, parseWith, readJson } from '../../http/errors.ts';
import { readEntityFile } from '../files/public.ts';
import { fileIdOfSrc, toDocx, toPdf } from './export.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import {
  createDocument,
  DOCUMENT_ENTITY,
  createFolder,
  deleteDocument,
  deleteFolder,
  getDocument,
  getVersion,
  listDocuments,
  listFolders,
  listVersions,
  restoreVersion,
  saveDocument,
  saveVersion,
  updateDocument,
  updateFolder,
} from './service.ts';

/** /api/documents (issue 17; decisions 0281–0282): folders, documents, versions. */
export function documentsRoutes(s: Services) {
  const r = areaRouter(s, 'documentacao.read');
  const write = requirePermission('documentacao.write');
  const del = requirePermission('documentacao.delete');
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const v = (c: Context<CompanyEnv>) => c.get('viewer');

  r.get('/folders', async (c) => c.json({ folders: await listFolders(t(c)) }));
  r.post('/folders', write, async (c) => c.json(await createFolder(t(c), parseWith(folderCreateSchema, await readJson(c))), 201));
  r.patch('/folders/:id', write, async (c) => c.json(await updateFolder(t(c), c.req.param('id'), parseWith(folderUpdateSchema, await readJson(c)))));
  r.delete('/folders/:id', del, async (c) => {
    await deleteFolder(t(c), c.req.param('id'));
    return c.json({ ok: true });
  });

  r.get('/', async (c) => c.json(await listDocuments(t(c), v(c), parseWith(documentListSchema, c.req.query()))));
  r.post('/', write, async (c) => c.json(await createDocument(t(c), v(c), parseWith(documentCreateSchema, await readJson(c))), 201));
  r.get('/:id', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getDocument(t(c), v(c), c.req.param('id')));
  });
  r.put('/:id/content', write, async (c) => c.json(await saveDocument(t(c), v(c), c.req.param('id'), parseWith(documentSaveSchema, await readJson(c)))));
  r.patch('/:id', write, async (c) => c.json(await updateDocument(t(c), v(c), c.req.param('id'), parseWith(documentUpdateSchema, await readJson(c)))));
  r.delete('/:id', del, async (c) => {
    await deleteDocument(t(c), v(c), c.req.param('id'));
    return c.json({ ok: true });
  });

  r.get('/:id/export', async (c) => {
    const format = c.req.query('formato');
    if (format !== 'pdf' && format !== 'docx') throw badRequest('Escolha o formato: pdf ou docx.', 'EXPORT_FORMAT');
    const doc = await getDocument(t(c), v(c), c.req.param('id'));
    const load = async (src: string) => {
      const fileId = fileIdOfSrc(src);
      return fileId ? readEntityFile(s, t(c), fileId, DOCUMENT_ENTITY, doc.id) : null;
    };
    const bytes = format === 'pdf' ? await toPdf(doc.title, doc.content, load) : await toDocx(doc.title, doc.content, load);
    const name = `${doc.title.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'documento'}.${format}`;
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': format === 'pdf' ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'no-store',
      },
    });
  });

  r.get('/:id/versions', async (c) => c.json({ versions: await listVersions(t(c), v(c), c.req.param('id')) }));
  r.post('/:id/versions', write, async (c) => c.json({ versions: await saveVersion(t(c), v(c), c.req.param('id')) }, 201));
  r.get('/:id/versions/:versionId', async (c) => c.json(await getVersion(t(c), v(c), c.req.param('id'), c.req.param('versionId'))));
  r.post('/:id/versions/:versionId/restore', write, async (c) => c.json(await restoreVersion(t(c), v(c), c.req.param('id'), c.req.param('versionId'))));
  return r;
}
