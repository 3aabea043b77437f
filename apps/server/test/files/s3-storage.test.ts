import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../support/fake-s3.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person } from '../team/support.ts';
import { mp4Bytes, pngBytes, rawUpload, upload } from './support.ts';

/**
 * Files in S3-compatible storage (S3_* settings) against a fake S3 on 127.0.0.1: single PUT
 * for small files, multipart (create, parts, complete) for large ones, abort and delete of
 * the partial upload past the limit, GET and DELETE, and nothing written under DATA_DIR/files.
 */
let s3: FakeS3;
let server: TestServer;
let companyId: string;
let admin: Person;

beforeAll(async () => {
  s3 = await startFakeS3('sede-arquivos');
  server = await startTestServer({
    S3_BUCKET: 'sede-arquivos',
    S3_ENDPOINT: s3.url,
    S3_REGION: 'sa-east-1',
    S3_ACCESS_KEY_ID: 'teste',
    S3_SECRET_ACCESS_KEY: 'teste-segredo',
  });
  const a = await createCompanyWithAdmin(server, 'Nuvem Ltda');
  companyId = a.companyId;
  admin = a.admin;
});
afterAll(async () => {
  await server?.stop();
  await s3?.close();
});

const q = (kind: string) => `entityType=company&entityId=${companyId}&kind=${kind}`;

it('a small image: one PUT, a thumbnail, download and delete through S3', async () => {
  const png = await pngBytes(640, 640);
  const res = await upload(server, admin.jar, q('image'), png, 'logo.png');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.id as string;
  expect(s3.objects.get(`${companyId}/${id}`)?.equals(png)).toBe(true);
  expect(s3.objects.has(`${companyId}/${id}.thumb.webp`)).toBe(true);
  expect(s3.log).toContain(`PUT ${companyId}/${id}`);

  const content = await server.request(`/api/files/${id}/content`, { jar: admin.jar });
  expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);
  const thumb = await server.request(`/api/files/${id}/thumbnail`, { jar: admin.jar });
  expect(thumb.status).toBe(200);

  expect((await server.request(`/api/files/${id}`, { method: 'DELETE', jar: admin.jar })).status).toBe(200);
  expect(s3.objects.has(`${companyId}/${id}`)).toBe(false);
  expect(s3.objects.has(`${companyId}/${id}.thumb.webp`)).toBe(false);
  expect(existsSync(path.join(server.dataDir, 'files'))).toBe(false);
});

it('a large video streams as a multipart upload', async () => {
  const video = mp4Bytes(18 * 1024 * 1024 + 123);
  const res = await upload(server, admin.jar, q('video'), video, 'apresentacao.mp4');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const key = `${companyId}/${res.body.id}`;
  expect(s3.log).toContain(`POST ${key}?uploads`);
  expect(s3.log.filter((l) => l === `PUT ${key}?partNumber`).length).toBe(3);
  expect(s3.log).toContain(`POST ${key}?uploadId`);
  expect(s3.objects.get(key)?.equals(video)).toBe(true);
  const content = await server.request(`/api/files/${res.body.id}/content`, { jar: admin.jar });
  expect(Number(content.headers.get('content-length'))).toBe(video.length);
  expect(Buffer.from(await content.arrayBuffer()).equals(video)).toBe(true);
  const part = await server.request(`/api/files/${res.body.id}/content`, { jar: admin.jar, headers: { range: 'bytes=10000000-10000999' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 10000000-10000999/${video.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(10_000_000, 10_001_000))).toBe(true);
});

it('past the limit, the multipart upload is aborted and nothing is left in the bucket', async () => {
  const before = s3.objects.size;
  const png = await pngBytes(16, 16);
  async function* chunks() {
    yield png;
    for (let i = 0; i < 22; i++) yield Buffer.alloc(1024 * 1024, 2);
  }
  const res = await rawUpload(server, admin.jar, q('image'), chunks(), { name: 'enorme.png' });
  expect(res.status).toBe(413);
  expect(res.body.code).toBe('FILE_TOO_LARGE');
  expect(s3.log.some((l) => l.endsWith('?uploadId') && l.startsWith('DELETE'))).toBe(true);
  expect(s3.uploads.size).toBe(0);
  expect(s3.objects.size).toBe(before);
  const [row] = (await server.services.pool.query('SELECT count(*)::int AS n FROM files WHERE name = $1', ['enorme.png'])).rows;
  expect(row.n).toBe(0);
});
