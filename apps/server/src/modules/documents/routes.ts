import type { Context } from 'hono';
import { z } from 'zod';
import { okFlagSchema } from '@sede/shared/platform/api';
import { DOCUMENT_MESSAGES as M, documentCreateSchema, documentDraftRequestSchema, documentDraftResponseSchema, documentDraftResultSchema, type DocumentDraftResult, documentExportQuerySchema, documentFolderListSchema, documentFolderSchema, documentListSchema, documentPageSchema, documentProjectSchema, documentSavedSchema, documentSaveSchema, documentUpdateSchema, documentVersionListSchema, documentVersionSchema, documentViewSchema, draftToDoc, folderCreateSchema, folderUpdateSchema } from '@sede/shared/documents/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { readEntityFile } from '../files/public.ts';
import { requirePermission } from '../../http/middleware.ts';
import { generateStructured, requireAiCredentials } from '../../platform/ai/index.ts';
import { documentDraftV1 } from '../../platform/ai/prompts/index.ts';
import { runPaidAction } from '../../platform/paid-actions/index.ts';
import { schema } from '@sede/db/client';
import { eq } from 'drizzle-orm';
import { syncRoute } from '../../platform/sync/route.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { DOCUMENT_TEXT_QUEUE, type DocumentTextJob, createDocument, DOCUMENT_ENTITY, documentExistsFor, createFolder, deleteDocument, deleteFolder, getDocument, getVersion, listDocuments, listFolders, listVersions, projectOf, restoreVersion, saveDocument, saveVersion, updateDocument, updateFolder, visibleDocument } from './service.ts';
import { documentSync } from './sync.ts';

const folderId = idParams(M.folderNotFound);
const documentId = idParams(M.notFound);
const versionParams = idParams({ id: M.notFound, versionId: M.versionNotFound });
/** The project's own check answers (403 without projects, then 404), so its id is read as it comes. */
const projectParams = z.object({ projectId: z.string() });

/** /api/documents (decisions 0281–0282): folders, documents, versions. */
export function documentsRoutes(s: Services) {
  const r = areaRouter(s, 'documents.read');
  const write = requirePermission('documents.write');
  const del = requirePermission('documents.delete');
  const t = (c: Context<CompanyEnv>) => c.get('tenant');
  const v = (c: Context<CompanyEnv>) => c.get('viewer');

  r.get('/folders', contract({ summary: 'Listar pastas', response: documentFolderListSchema }), async (c) => c.json({ folders: await listFolders(t(c)) }));
  r.post('/folders', write, contract({ summary: 'Criar pasta', body: folderCreateSchema, response: documentFolderSchema, status: 201 }), async (c) =>
    c.json(await createFolder(t(c), c.req.valid('json')), 201),
  );
  r.patch('/folders/:id', write, contract({ summary: 'Alterar pasta', params: folderId, body: folderUpdateSchema, response: documentFolderSchema }), async (c) =>
    c.json(await updateFolder(t(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/folders/:id', del, contract({ summary: 'Excluir pasta', params: folderId, response: okFlagSchema }), async (c) => answerOk(c, deleteFolder(t(c), c.req.valid('param').id)));

  /** Drafts a new document from a brief (paid action ai.document_draft): charged once per request, never for a failure. */
  r.post(
    '/draft',
    requirePermission('documents.write'),
    requirePermission('documents.ai'),
    contract({ summary: 'Redigir documento com IA', body: documentDraftRequestSchema, response: documentDraftResponseSchema, status: 201 }),
    async (c) => {
      const req = c.req.valid('json');
      // The creator's id is already this person's document (a reload after the draft): answer it, charge nothing.
      if (await documentExistsFor(t(c), v(c), req.id)) return c.json({ document: await getDocument(t(c), v(c), req.id), charged: 0, balance: null }, 201);
      const creds = await requireAiCredentials(s.cfg, c.req.raw.headers);
      const tenant = t(c);
      const [company] = await tenant.db.select({ name: schema.companies.name }).from(schema.companies).where(eq(schema.companies.id, tenant.companyId));
      const out = await runPaidAction(s, tenant, { action: 'ai.document_draft', reference: `document-draft:${req.requestId}`, ownKey: creds.source === 'own' }, async () => {
        const r = await generateStructured(s, creds, {
          prompt: documentDraftV1,
          input: { empresa: company?.name ?? 'a empresa', modelo: req.template ?? null, briefing: req.brief },
          schema: documentDraftResultSchema,
          maxTokens: 3000,
        });
        const draft = r.data as DocumentDraftResult;
        return createDocument(tenant, v(c), { id: req.id, title: draft.title, folderId: req.folderId ?? null, projectId: req.projectId ?? null, visibility: 'empresa', content: draftToDoc(draft) });
      });
      return c.json({ document: out.result, charged: out.charged, balance: out.balance }, 201);
    },
  );

  r.get('/projects/:projectId', contract({ summary: 'Ver projeto da documentação', params: projectParams, response: documentProjectSchema }), async (c) =>
    c.json(await projectOf(t(c), v(c), c.req.valid('param').projectId)),
  );
  r.get('/', contract({ summary: 'Listar documentos', query: documentListSchema, response: documentPageSchema }), async (c) => c.json(await listDocuments(t(c), v(c), c.req.valid('query'))));
  r.post('/', write, contract({ summary: 'Criar documento', body: documentCreateSchema, response: documentViewSchema, status: 201 }), async (c) =>
    c.json(await createDocument(t(c), v(c), c.req.valid('json')), 201),
  );
  r.get('/:id', contract({ summary: 'Abrir documento', params: documentId, response: documentViewSchema }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getDocument(t(c), v(c), c.req.valid('param').id));
  });
  // Shared editing (decisions 0283, 0310): the same session, company and visibility checks as GET /:id
  // (another company's or a restricted document is a 404 before any upgrade); a member without
  // `documents.write` follows it read-only. Checked again on every write and on every change
  // of the person's access (decision 0420).
  r.get('/:id/sync', ...syncRoute(s, documentSync, { summary: 'Editar documento em conjunto', params: documentId, read: 'documents.read', write: 'documents.write', visible: visibleDocument }));
  // One text job per document per 2 s, whatever the number of saves (decision 0287).
  const textLater = (companyId: string) => (id: string) => s.boss.sendDebounced(DOCUMENT_TEXT_QUEUE, { documentId: id, companyId } satisfies DocumentTextJob, {}, 2, id);
  r.put('/:id/content', write, contract({ summary: 'Salvar texto do documento', params: documentId, body: documentSaveSchema, response: documentSavedSchema }), async (c) =>
    c.json(await saveDocument(t(c), v(c), c.req.valid('param').id, c.req.valid('json'), { textLater: textLater(t(c).companyId) })),
  );
  r.patch('/:id', write, contract({ summary: 'Alterar documento', params: documentId, body: documentUpdateSchema, response: documentViewSchema }), async (c) =>
    c.json(await updateDocument(t(c), v(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/:id', del, contract({ summary: 'Excluir documento', params: documentId, response: okFlagSchema }), async (c) => answerOk(c, deleteDocument(t(c), v(c), c.req.valid('param').id)));

  r.get('/:id/export', contract({ summary: 'Exportar documento (PDF ou DOCX)', params: documentId, query: documentExportQuerySchema, response: { media: 'application/pdf', description: 'PDF ou DOCX' } }), async (c) => {
    const { formato: format } = c.req.valid('query');
    const doc = await getDocument(t(c), v(c), c.req.valid('param').id);
    // pdfkit, docx and sharp load on the first export, not with the server.
    const { fileIdOfSrc, toDocx, toPdf } = await import('./export.ts');
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

  r.get('/:id/versions', contract({ summary: 'Listar versões do documento', params: documentId, response: documentVersionListSchema }), async (c) =>
    c.json({ versions: await listVersions(t(c), v(c), c.req.valid('param').id) }),
  );
  r.post('/:id/versions', write, contract({ summary: 'Salvar versão do documento', params: documentId, response: documentVersionListSchema, status: 201 }), async (c) =>
    c.json({ versions: await saveVersion(t(c), v(c), c.req.valid('param').id) }, 201),
  );
  r.get('/:id/versions/:versionId', contract({ summary: 'Ver versão do documento', params: versionParams, response: documentVersionSchema }), async (c) => {
    const { id, versionId } = c.req.valid('param');
    return c.json(await getVersion(t(c), v(c), id, versionId));
  });
  r.post('/:id/versions/:versionId/restore', write, contract({ summary: 'Restaurar versão do documento', params: versionParams, response: documentViewSchema }), async (c) => {
    const { id, versionId } = c.req.valid('param');
    return c.json(await restoreVersion(t(c), v(c), id, versionId));
  });
  return r;
}
