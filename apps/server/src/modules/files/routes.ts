import { Readable } from 'node:stream';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { okFlagSchema } from '@sede/shared/platform/api';
import {
  fileContentQuerySchema,
  fileInfoSchema,
  fileLinkBodySchema,
  fileLinkResponseSchema,
  fileListQuerySchema,
  fileListResponseSchema,
  fileUploadQuerySchema,
  FILE_MESSAGES,
  publicFileViewSchema,
  SHARE_LINK_MESSAGES,
  shareLinkBodySchema,
  shareLinkCreatedSchema,
  shareLinkInfoSchema,
  shareLinkListResponseSchema,
} from '@sede/shared/platform/files';
import { tenant } from '../../http/area-router.ts';
import { answerOk, contract, idParams } from '../../http/contract.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { requireCompany, requireViewer } from '../../http/middleware.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import type { ByteRange } from '../../platform/files/storage.ts';
import { addressLimiter, type RateRule } from '../../http/rate-limit.ts';
import { rateLimits } from '../../platform/rate-limits.ts';
import { SAME_ORIGIN_FRAME } from '../../http/security.ts';
import {
  createLink,
  createShareLink,
  deleteFile,
  filesStorage,
  isShareToken,
  listFiles,
  listShareLinks,
  loadFile,
  openPublicLink,
  publicFileView,
  revokeShareLink,
  toFileInfo,
  uploadFile,
} from './service.ts';
import { uploadFileName } from './public.ts';
import { closeAfterRefusal } from '../../http/security.ts';

const fileId = idParams(FILE_MESSAGES.notFound);
const tokenParams = z.object({ token: z.string() });


/**
 * The shared-file page's limits per address (decision 0392), like the approval page's: its facts
 * 60 times a minute; a share link's bytes more (a video seeks with many ranges).
 */
export const SHARED_FILE_RULES = {
  viewPerIp: { window: 60, max: 60 },
  bytesPerIp: { window: 60, max: 300 },
} satisfies Record<string, RateRule>;

/** A person opening the address in the browser (not an <img>, a player or a script). */
const isNavigation = (c: Context) => c.req.header('sec-fetch-mode') === 'navigate' || (!c.req.header('sec-fetch-mode') && /text\/html/.test(c.req.header('accept') ?? ''));

/** `Content-Disposition` with an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(type: 'attachment' | 'inline', name: string) {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'arquivo';
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif)|application\/pdf|audio\/|video\/)/;

async function streamObject(s: Services, key: string, headers: Record<string, string>, range?: ByteRange) {
  const stream = await filesStorage(s).get(key, range);
  if (!stream) throw notFound(FILE_MESSAGES.notFound);
  return new Response(Readable.toWeb(stream) as ReadableStream, { status: range ? 206 : 200, headers: { ...headers, 'x-content-type-options': 'nosniff' } });
}

/**
 * One `Range: bytes=a-b` (or `a-`, or `-n`) of a file of `size` bytes, so players can seek in
 * audio and video; several ranges or a malformed header are ignored (the whole file), as RFC 9110 allows.
 * Null when unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  const m = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return null;
  return { start, end };
}

/**
 * A file's bytes for a member or a link: `?inline=1` shows an image, PDF or media in the browser;
 * one `Range` answers 206 (players seek, Safari plays video only so), an unsatisfiable one 416.
 */
function fileResponse(c: Context, s: Services, row: { mime: string; name: string; size: number; sha256: string; storageKey: string }, cacheControl: string) {
  const inline = c.req.query('inline') === '1' && INLINE_TYPES.test(row.mime);
  const range = parseRange(c.req.header('range'), row.size);
  const headers = {
    'content-type': row.mime,
    'content-disposition': disposition(inline ? 'inline' : 'attachment', row.name),
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
    etag: `"${row.sha256}"`,
  };
  if (range === null) {
    return c.json({ error: 'Intervalo de bytes inválido para este arquivo.', code: 'RANGE_NOT_SATISFIABLE' }, 416, { 'content-range': `bytes */${row.size}` });
  }
  if (range) {
    return streamObject(s, row.storageKey, { ...headers, 'content-length': String(range.end - range.start + 1), 'content-range': `bytes ${range.start}-${range.end}/${row.size}` }, range);
  }
  return streamObject(s, row.storageKey, { ...headers, 'content-length': String(row.size) });
}

/**
 * Files (decision 0110): `/api/files…` for members (each file checked like the entity holding
 * it) and `/api/public/files/:token[/info]` for share and signed links, with no session (decision 0392).
 */
export function filesRoutes(s: Services) {
  const r = new Hono<CompanyEnv>();
  r.use('*', requireViewer(s), requireCompany);
  const viewer = (c: Context<CompanyEnv>) => c.get('viewer');

  // Raw body upload, streamed; exempt from the 1 MB JSON limit (http/security.ts), with the kind's own.
  r.post(
    '/',
    closeAfterRefusal,
    contract({ summary: 'Enviar arquivo', query: fileUploadQuerySchema, bodyMedia: 'application/octet-stream', response: fileInfoSchema, status: 201 }),
    async (c) => {
      const q = c.req.valid('query');
      const name = uploadFileName(c);
      const length = c.req.header('content-length');
      const declaredLength = length !== undefined && !c.req.header('transfer-encoding') ? Number(length) : undefined;
      const row = await uploadFile(s, tenant(c), viewer(c), { ...q, name, body: c.req.raw.body, declaredLength });
      return c.json(toFileInfo(row, viewer(c)), 201);
    },
  );

  r.get('/', contract({ summary: 'Listar arquivos de um registro', query: fileListQuerySchema, response: fileListResponseSchema }), async (c) => {
    const q = c.req.valid('query');
    const rows = await listFiles(s, tenant(c), viewer(c), q.entityType, q.entityId);
    return c.json({ files: rows.map((row) => toFileInfo(row, viewer(c))) });
  });

  r.get('/:id', contract({ summary: 'Ver arquivo', params: fileId, response: fileInfoSchema }), async (c) =>
    c.json(toFileInfo(await loadFile(s, tenant(c), viewer(c), c.req.valid('param').id), viewer(c))),
  );

  r.get('/:id/content', contract({ summary: 'Baixar arquivo', params: fileId, query: fileContentQuerySchema, response: { media: 'application/octet-stream' } }), async (c) => {
    const row = await loadFile(s, tenant(c), viewer(c), c.req.valid('param').id);
    return fileResponse(c, s, row, 'private, no-cache');
  });

  r.get('/:id/thumbnail', contract({ summary: 'Ver miniatura do arquivo', params: fileId, response: { media: 'image/webp' } }), async (c) => {
    const row = await loadFile(s, tenant(c), viewer(c), c.req.valid('param').id);
    if (!row.thumbnailKey) throw notFound(FILE_MESSAGES.noThumbnail);
    // A file never changes under its id: the browser may keep its thumbnail.
    return streamObject(s, row.thumbnailKey, { 'content-type': 'image/webp', 'cache-control': 'private, max-age=31536000, immutable' });
  });

  r.delete('/:id', contract({ summary: 'Excluir arquivo', params: fileId, response: okFlagSchema }), async (c) => answerOk(c, deleteFile(s, tenant(c), viewer(c), c.req.valid('param').id)));

  r.post('/:id/links', contract({ summary: 'Criar link assinado do arquivo', params: fileId, body: fileLinkBodySchema, response: fileLinkResponseSchema, status: 201 }), async (c) =>
    c.json(await createLink(s, tenant(c), viewer(c), c.req.valid('param').id, c.req.valid('json').hours), 201),
  );

  // Share links that can be revoked (decision 0336): the token is in the answer of the creation only.
  r.post(
    '/:id/share-links',
    contract({ summary: 'Criar link de compartilhamento', params: fileId, body: shareLinkBodySchema, response: shareLinkCreatedSchema, status: 201 }),
    async (c) => c.json(await createShareLink(s, tenant(c), viewer(c), c.req.valid('param').id, c.req.valid('json').hours), 201),
  );
  r.get('/:id/share-links', contract({ summary: 'Listar links de compartilhamento', params: fileId, response: shareLinkListResponseSchema }), async (c) =>
    c.json({ links: await listShareLinks(s, tenant(c), viewer(c), c.req.valid('param').id) }),
  );
  r.delete(
    '/:id/share-links/:linkId',
    contract({ summary: 'Desativar link de compartilhamento', params: idParams({ id: FILE_MESSAGES.notFound, linkId: SHARE_LINK_MESSAGES.notFound }), response: shareLinkInfoSchema }),
    async (c) => {
      const { id, linkId } = c.req.valid('param');
      return c.json(await revokeShareLink(s, tenant(c), viewer(c), id, linkId));
    },
  );

  const pub = new Hono();
  const limit = addressLimiter(rateLimits(s), 'shared-file');
  pub.get('/:token/info', contract({ summary: 'Ver arquivo compartilhado', params: tokenParams, response: publicFileViewSchema, public: true }), async (c) => {
    await limit(c, 'view', SHARED_FILE_RULES.viewPerIp);
    c.header('cache-control', 'no-store');
    return c.json(await publicFileView(s, c.req.valid('param').token));
  });
  pub.get(
    '/:token',
    contract({ summary: 'Baixar arquivo compartilhado', params: tokenParams, query: fileContentQuerySchema, response: { media: 'application/octet-stream' }, public: true }),
    async (c) => {
      const { token } = c.req.valid('param');
      const page = `/arquivo/${encodeURIComponent(token)}`;
      const { inline, download } = c.req.valid('query');
      const bytes = inline === '1' || download === '1';
      // A share link opened in the browser shows its page (name, size, preview, 'Baixar'); links handed out before the page lead there too.
      if (isShareToken(token) && !bytes && isNavigation(c)) return c.redirect(page, 303);
      try {
        if (isShareToken(token)) await limit(c, 'bytes', SHARED_FILE_RULES.bytesPerIp);
        const { file } = await openPublicLink(s, token);
        // `?inline=1` shows an image, PDF or media in the browser (a client approving a creative; the shared-file page's preview); ranges let a video play and seek (Safari asks for them).
        const res = await fileResponse(c, s, file, 'private, no-store');
        // The shared-file page shows a PDF in a frame of our own origin.
        if (inline === '1' && file.mime === 'application/pdf') res.headers.set(SAME_ORIGIN_FRAME, '1');
        return res;
      } catch (e) {
        // A person who opened a dead link sees the page's Portuguese message, never raw JSON.
        if (e instanceof AppError && e.status !== 429 && isNavigation(c)) return c.redirect(page, 303);
        throw e;
      }
    },
  );

  const app = new Hono();
  app.route('/files', r);
  app.route('/public/files', pub);
  return app;
}
