import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake S3-compatible storage on 127.0.0.1, path-style (`/<bucket>/<key>`), speaking enough of
 * the protocol for the SDK's PutObject, multipart upload (create, upload part, complete, abort),
 * GetObject (whole or one byte range) and DeleteObject, with S3's XML answers. Signatures are not checked.
 */
export type FakeS3 = {
  url: string;
  bucket: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, Buffer>;
  /** Multipart uploads in progress by upload id. */
  uploads: Map<string, { key: string; parts: Map<number, Buffer> }>;
  /** Every request seen: 'PUT key', 'POST key?uploads', 'PUT key?partNumber', 'POST key?uploadId', 'DELETE key?uploadId', 'GET key', 'DELETE key'. */
  log: string[];
  close: () => Promise<void>;
};

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

export async function startFakeS3(bucket = 'sede-test'): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer> }>();
  const log: string[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, b, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const q = url.searchParams;
    const send = (status: number, text = '', headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(text);
    };
    if (b !== bucket) return send(404, xml('<Error><Code>NoSuchBucket</Code><Message>The specified bucket does not exist</Message></Error>'));
    const method = req.method ?? 'GET';
    if (method === 'POST' && q.has('uploads')) {
      log.push(`POST ${key}?uploads`);
      const id = randomUUID();
      uploads.set(id, { key, parts: new Map() });
      return send(200, xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`));
    }
    if (method === 'PUT' && q.has('uploadId')) {
      log.push(`PUT ${key}?partNumber`);
      const up = uploads.get(q.get('uploadId')!);
      if (!up) return send(404, xml('<Error><Code>NoSuchUpload</Code><Message>no upload</Message></Error>'));
      up.parts.set(Number(q.get('partNumber')), body);
      return send(200, '', { etag: `"part-${q.get('partNumber')}"` });
    }
    if (method === 'POST' && q.has('uploadId')) {
      log.push(`POST ${key}?uploadId`);
      const id = q.get('uploadId')!;
      const up = uploads.get(id);
      if (!up) return send(404, xml('<Error><Code>NoSuchUpload</Code><Message>no upload</Message></Error>'));
      const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      objects.set(key, Buffer.concat(numbers.map((n) => up.parts.get(n)!)));
      uploads.delete(id);
      return send(200, xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`));
    }
    if (method === 'DELETE' && q.has('uploadId')) {
      log.push(`DELETE ${key}?uploadId`);
      uploads.delete(q.get('uploadId')!);
      return send(204);
    }
    if (method === 'PUT') {
      log.push(`PUT ${key}`);
      objects.set(key, body);
      return send(200, '', { etag: '"single"' });
    }
    if (method === 'GET') {
      log.push(`GET ${key}`);
      const obj = objects.get(key);
      if (!obj) return send(404, xml(`<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key></Error>`));
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (range) {
        const part = obj.subarray(Number(range[1]), Number(range[2]) + 1);
        res.writeHead(206, { 'content-type': 'application/octet-stream', 'content-length': String(part.length), 'content-range': `bytes ${range[1]}-${range[2]}/${obj.length}` });
        return res.end(part);
      }
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(obj.length), etag: '"x"' });
      return res.end(obj);
    }
    if (method === 'DELETE') {
      log.push(`DELETE ${key}`);
      objects.delete(key);
      return send(204);
    }
    send(400, xml('<Error><Code>NotImplemented</Code><Message>fake</Message></Error>'));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    uploads,
    log,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
