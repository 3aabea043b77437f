import http from 'node:http';
import sharp from 'sharp';
import type { ModuleDefinition } from '../../src/platform/module.ts';
import { registerFileEntity } from '../../src/platform/files/entities.ts';
import { forbidden } from '../../src/http/errors.ts';
import { hasAnyPermission } from '@sede/shared/permissions';
import type { CookieJar, TestServer } from '../support/test-server.ts';

/**
 * A test-only entity type 'segredo': only admins may see it (others get 403, like an area
 * they lack the permission of), and only `ok-<their company id>` exists.
 */
export const secretEntityModule: ModuleDefinition = {
  key: 'test-secret-entity',
  start: (s) => {
    registerFileEntity(s, 'segredo', async (tenant, id, viewer) => {
      if (!hasAnyPermission(viewer.permissions, ['admin'])) throw forbidden();
      return id === `ok-${tenant.companyId}`;
    });
  },
};

export const pngBytes = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();

export const pdfBytes = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A minimal MP4 header (ftyp isom) followed by `size` bytes in all. */
export function mp4Bytes(size: number) {
  const b = Buffer.alloc(size, 7);
  b.writeUInt32BE(24, 0);
  b.write('ftypisom', 4, 'latin1');
  b.writeUInt32BE(0x200, 12);
  b.write('isomiso2', 16, 'latin1');
  return b;
}

export type UploadAnswer = { status: number; body: any; requestError?: string };

/**
 * POSTs a raw upload with node:http, streaming `chunks` (with no Content-Length unless given),
 * and resolves on the server's answer even when it arrives before the body is fully sent.
 */
export function rawUpload(
  server: TestServer,
  jar: CookieJar | null,
  query: string,
  chunks: Iterable<Buffer> | AsyncIterable<Buffer>,
  opts: { name?: string; contentLength?: number } = {},
): Promise<UploadAnswer> {
  const url = new URL(`${server.url}/api/files?${query}`);
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(opts.name ?? 'arquivo.bin') };
  if (jar?.cookie) headers.cookie = jar.cookie;
  if (opts.contentLength !== undefined) headers['content-length'] = String(opts.contentLength);
  return new Promise((resolve, reject) => {
    let requestError: string | undefined;
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, body, requestError });
      });
      res.on('error', reject);
    });
    req.on('error', (e) => {
      requestError = e.message;
    });
    (async () => {
      for await (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((r) => {
            const done = () => {
              req.off('drain', done).off('close', done);
              r();
            };
            req.on('drain', done).on('close', done);
          });
        }
      }
      req.end();
    })().catch((e) => (requestError = (e as Error).message));
  });
}

export const upload = (server: TestServer, jar: CookieJar, query: string, data: Buffer, name: string) =>
  rawUpload(server, jar, query, [data], { name, contentLength: data.length });
