import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, ShareLinkCreated, ShareLinkInfo } from '@sede/shared/platform/files';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { pdfBytes, upload } from './support.ts';

/** The platform's share links (decision 0336) and videos' first frames (decision 0338), on the company's own files: every area gets them. */
let server: TestServer;
let companyA: string;
let member: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Links A Ltda');
  companyA = a.companyId;
  member = await memberOf(server, companyA, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Links B Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const json = async <T>(res: Response) => (await res.json()) as T & { error?: string; code?: string };

describe('share links that can be revoked', () => {
  it('a company file: link opens without a session, lists, revokes (410), another company 404', async () => {
    const up = await upload(server, member.jar, `entityType=company&entityId=${companyA}&kind=document`, pdfBytes(), 'Tabela de preços.pdf');
    const file = up.body as FileInfo;
    const created = await json<ShareLinkCreated>(await server.request(`/api/files/${file.id}/share-links`, { method: 'POST', jar: member.jar, json: {} }));
    expect((new Date(created.expiresAt).getTime() - Date.now()) / 3600_000).toBeGreaterThan(71.9);
    const pathname = `/api/public/files/${new URL(created.url).pathname.split('/').pop()}`;
    expect((await server.request(pathname)).status).toBe(200);
    const listed = await json<{ links: ShareLinkInfo[] }>(await server.request(`/api/files/${file.id}/share-links`, { jar: member.jar }));
    expect(listed.links.map((l) => l.id)).toEqual([created.id]);
    expect(JSON.stringify(listed)).not.toContain(pathname.split('/').pop());
    expect((await server.request(`/api/files/${file.id}/share-links/${created.id}`, { method: 'DELETE', jar: outsider.jar })).status).toBe(404);
    expect((await server.request(pathname)).status).toBe(200);
    expect((await server.request(`/api/files/${file.id}/share-links/${created.id}`, { method: 'DELETE', jar: member.jar })).status).toBe(200);
    const revoked = await server.request(pathname);
    expect(revoked.status).toBe(410);
    expect((await json(revoked)).code).toBe('LINK_REVOKED');
    const audit = await sql(server, "SELECT action FROM activity_log WHERE details->>'id' = $1 ORDER BY created_at", [file.id]);
    expect(audit.map((r) => r.action)).toEqual(['file_share_link_created', 'file_share_link_revoked']);
  });
});

describe("a video's first frame", () => {
  it('becomes the thumbnail of a video attached anywhere, after the upload answers', async () => {
    const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const dir = mkdtempSync(path.join(tmpdir(), 'sede-mp4-'));
    const out = path.join(dir, 'v.webm');
    await new Promise<void>((resolve, reject) =>
      execFile(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=640x480:d=1', '-c:v', 'libvpx', '-b:v', '200k', out], (e) => (e ? reject(e) : resolve())),
    );
    const webm = readFileSync(out);
    rmSync(dir, { recursive: true, force: true });
    const up = await upload(server, member.jar, `entityType=company&entityId=${companyA}&kind=video`, webm, 'Depoimento.webm');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({ kind: 'video', mime: 'video/webm' });
    const id = (up.body as FileInfo).id;
    const end = Date.now() + 30_000;
    let info: FileInfo;
    do {
      info = await json<FileInfo>(await server.request(`/api/files/${id}`, { jar: member.jar }));
      if (!info.hasThumbnail) await new Promise((r) => setTimeout(r, 100));
    } while (!info.hasThumbnail && Date.now() < end);
    expect(info.hasThumbnail).toBe(true);
    const thumb = await server.request(`/api/files/${id}/thumbnail`, { jar: member.jar });
    const { data, info: meta } = await sharp(Buffer.from(await thumb.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(data[0]).toBeGreaterThan(200);
    expect(data[2]).toBeLessThan(60);
  });
});
