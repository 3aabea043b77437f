import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { MaterialFolder, MaterialListResponse, MaterialView } from '@sede/shared/marketing/materials';
import type { ShareLinkCreated, ShareLinkInfo } from '@sede/shared/platform/files';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { sql, type Person } from '../team/support.ts';
import { agencyWithPeople } from './support.ts';
import { eventually } from '../support/eventually.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let mkt: Person;
let vendas: Person;
let outsider: Person;
let own: ClientSummary;
let other: ClientSummary;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(url: string, who: Person | null, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(url.startsWith('/api/') ? url : `/api/marketing${url}`, { method, json, jar: who?.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}

/** A raw streamed upload with node:http: resolves on the server's answer even before the body is all sent. */
function rawUpload(who: Person, query: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>, opts: { name: string; contentLength?: number }): Promise<{ status: number; body: any }> {
  const url = new URL(`${server.url}/api/marketing/materials?${query}`);
  const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(opts.name), cookie: who.jar.cookie };
  if (opts.contentLength !== undefined) headers['content-length'] = String(opts.contentLength);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {}
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    req.on('error', () => {});
    (async () => {
      for await (const chunk of chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise<void>((r) => {
          const done = () => {
            req.off('drain', done).off('close', done);
            r();
          };
          req.on('drain', done).on('close', done);
        });
      }
      req.end();
    })().catch(() => {});
  });
}
const upload = (who: Person, query: string, data: Buffer, name: string) => rawUpload(who, query, [data], { name, contentLength: data.length });

const jpeg = (width = 640, height = 480, rgb = { r: 200, g: 40, b: 40 }) => sharp({ create: { width, height, channels: 3, background: rgb } }).jpeg().toBuffer();
const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A 1-second 160×120 MP4 of one colour, made by the registry's ffmpeg (its index at the end, as cameras write it). */
function tinyMp4(colour: string): Promise<Buffer> {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const dir = mkdtempSync(path.join(tmpdir(), 'sede-mp4-'));
  const out = path.join(dir, 'v.mp4');
  return new Promise((resolve, reject) =>
    execFile(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `color=c=${colour}:s=160x120:d=1`, '-pix_fmt', 'yuv420p', '-c:v', 'libx264', out], (err) => {
      if (err) return reject(err);
      const bytes = readFileSync(out);
      rmSync(dir, { recursive: true, force: true });
      resolve(bytes);
    }),
  );
}

/** Every object under DATA_DIR/files of this company (bytes, thumbnails, partial uploads). */
function stored(): string[] {
  const root = path.join(server.dataDir, 'files', companyId);
  if (!existsSync(root)) return [];
  return readdirSync(root);
}

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin, mkt, vendas, outsider } = await agencyWithPeople(server, 'Agência Arquivo Vivo Ltda', 'Concorrente Ltda'));
  const org = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Sorveteria Polar Ltda', nomeFantasia: 'Polar' }, jar: admin.jar });
  const orgId = ((await org.json()) as { id: string }).id;
  other = (await call<ClientSummary>('/clients', mkt, 'POST', { organizationId: orgId })).body;
  own = (await call<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients.find((c) => c.isOwn)!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('marketing: materials library', () => {
  let logo: MaterialView;
  let brand: MaterialFolder;

  it('folders: nested up to 4 levels, unique names among siblings, renamed, deleted only when empty', async () => {
    const root = await call<MaterialFolder>('/material-folders', mkt, 'POST', { clientId: own.id, name: 'Marca' });
    expect(root.status, JSON.stringify(root.body)).toBe(201);
    brand = root.body;
    expect(brand).toMatchObject({ clientId: own.id, parentId: null, name: 'Marca' });
    const dup = await call('/material-folders', mkt, 'POST', { clientId: own.id, name: 'marca' });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ error: 'Já existe uma pasta com esse nome aqui.', code: 'MATERIAL_FOLDER_EXISTS' });
    let parent = brand.id;
    for (const name of ['2026', 'Verão', 'Fotos']) {
      const sub = await call<MaterialFolder>('/material-folders', mkt, 'POST', { clientId: own.id, parentId: parent, name });
      expect(sub.status, name).toBe(201);
      parent = sub.body.id;
    }
    const tooDeep = await call('/material-folders', mkt, 'POST', { clientId: own.id, parentId: parent, name: 'Demais' });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.error).toBe('As pastas podem ter até 4 níveis.');
    const otherClient = await call('/material-folders', mkt, 'POST', { clientId: other.id, parentId: brand.id, name: 'Errada' });
    expect(otherClient.status).toBe(400);
    expect(otherClient.body.code).toBe('MATERIAL_FOLDER_CLIENT');
    const noName = await call('/material-folders', mkt, 'POST', { clientId: own.id, name: '  ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('Informe o nome da pasta.');

    const renamed = await call<MaterialFolder>(`/material-folders/${parent}`, mkt, 'PATCH', { name: 'Fotos de verão' });
    expect(renamed.body.name).toBe('Fotos de verão');
    const notEmpty = await call(`/material-folders/${brand.id}`, mkt, 'DELETE');
    expect(notEmpty.status).toBe(409);
    expect(notEmpty.body.code).toBe('MATERIAL_FOLDER_NOT_EMPTY');
    expect((await call(`/material-folders/${parent}`, mkt, 'DELETE')).status).toBe(200);
    const list = await call<{ folders: MaterialFolder[] }>(`/material-folders?clientId=${own.id}`, mkt);
    expect(list.body.folders.map((f) => f.name).sort()).toEqual(['2026', 'Marca', 'Verão']);
  });

  it('uploads an image by its content into a folder with tags: a WebP thumbnail from the platform', async () => {
    const bytes = await jpeg(1200, 800);
    const res = await upload(mkt, `clientId=${own.id}&folderId=${brand.id}&tags=Logo,%23Marca,logo`, bytes, 'Logo principal.jpg');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    logo = res.body;
    expect(logo).toMatchObject({ clientId: own.id, clientName: 'Agência Arquivo Vivo Ltda', folderId: brand.id, name: 'Logo principal.jpg', kind: 'image', mime: 'image/jpeg', size: bytes.length, hasThumbnail: true, tags: ['logo', 'marca'], createdBy: mkt.userId });
    const thumb = await server.request(`/api/files/${logo.fileId}/thumbnail`, { jar: mkt.jar });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 213 });
    const content = await server.request(`/api/files/${logo.fileId}/content`, { jar: mkt.jar });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a PDF is a document; an audio-less library takes any kind the platform knows, decided by the bytes', async () => {
    const res = await upload(mkt, `clientId=${other.id}&tags=contrato`, pdf(), 'Manual da marca.pdf');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'document', mime: 'application/pdf', hasThumbnail: false, folderId: null, clientName: 'Polar' });
    // A JPEG named .pdf is an image: the content decides.
    const named = await upload(mkt, `clientId=${other.id}`, await jpeg(50, 50), 'na-verdade-foto.pdf');
    expect(named.body).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
  });

  it("a video's first frame becomes its thumbnail in the background (ffmpeg), announced live", async () => {
    const mp4 = await tinyMp4('blue');
    const res = await upload(mkt, `clientId=${own.id}&tags=vídeo`, mp4, 'Reels verão.mp4');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'video', mime: 'video/mp4' });
    const video = await eventually(async () => {
      const m = await call<MaterialView>(`/materials/${res.body.id}`, mkt);
      return m.body.hasThumbnail ? m.body : null;
    });
    const thumb = await server.request(`/api/files/${video.fileId}/thumbnail`, { jar: mkt.jar });
    expect(thumb.status).toBe(200);
    const { data, info } = await sharp(Buffer.from(await thumb.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(160);
    // The frame is blue: the thumbnail is the video's picture, not a placeholder.
    expect(data[2]).toBeGreaterThan(200);
    expect(data[0]).toBeLessThan(40);
    const announced = await sql(server, "SELECT 1 FROM files WHERE id = $1 AND thumbnail_key IS NOT NULL", [video.fileId]);
    expect(announced.length).toBe(1);
  });

  it('lists newest first with filters (client, folder, kind, tag) and a search of names and tags, by cursor', async () => {
    const all = await call<MaterialListResponse>('/materials', mkt);
    expect(all.status).toBe(200);
    expect(all.body.materials.map((m) => m.name)).toEqual(['Reels verão.mp4', 'na-verdade-foto.pdf', 'Manual da marca.pdf', 'Logo principal.jpg']);
    const names = async (q: string) => (await call<MaterialListResponse>(`/materials?${q}`, mkt)).body.materials.map((m) => m.name);
    expect(await names(`clientId=${own.id}`)).toEqual(['Reels verão.mp4', 'Logo principal.jpg']);
    expect(await names(`clientId=${own.id}&folderId=${brand.id}`)).toEqual(['Logo principal.jpg']);
    expect(await names(`clientId=${own.id}&folderId=raiz`)).toEqual(['Reels verão.mp4']);
    expect(await names('kind=image,document')).toEqual(['na-verdade-foto.pdf', 'Manual da marca.pdf', 'Logo principal.jpg']);
    expect(await names('kind=video')).toEqual(['Reels verão.mp4']);
    expect(await names('tag=marca')).toEqual(['Logo principal.jpg']);
    expect(await names('q=MANUAL')).toEqual(['Manual da marca.pdf']);
    expect(await names('q=contr')).toEqual(['Manual da marca.pdf']);
    expect(await names('q=100%25')).toEqual([]);
    const first = await call<MaterialListResponse>('/materials?limit=3', mkt);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await call<MaterialListResponse>(`/materials?limit=3&cursor=${first.body.nextCursor}`, mkt);
    expect(second.body.materials.map((m) => m.name)).toEqual(['Logo principal.jpg']);
    expect(second.body.nextCursor).toBeNull();
    expect((await call('/materials?cursor=lixo', mkt)).status).toBe(400);
    expect((await call('/materials?kind=planilha', mkt)).status).toBe(400);
    const tags = await call<{ tags: { tag: string; count: number }[] }>(`/material-tags?clientId=${own.id}`, mkt);
    expect(tags.body.tags).toEqual([
      { tag: 'logo', count: 1 },
      { tag: 'marca', count: 1 },
      { tag: 'vídeo', count: 1 },
    ]);
  });

  it('renames (downloads follow), moves between folders of its client, retags', async () => {
    const renamed = await call<MaterialView>(`/materials/${logo.id}`, mkt, 'PATCH', { name: 'Logo 2026.jpg', folderId: null, tags: ['logo', 'oficial'] });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Logo 2026.jpg', folderId: null, tags: ['logo', 'oficial'] });
    const content = await server.request(`/api/files/${logo.fileId}/content`, { jar: mkt.jar });
    expect(content.headers.get('content-disposition')).toMatch(/^attachment; filename="Logo 2026.jpg"/);
    const back = await call<MaterialView>(`/materials/${logo.id}`, mkt, 'PATCH', { folderId: brand.id });
    expect(back.body.folderId).toBe(brand.id);
    const otherFolder = await call<MaterialFolder>('/material-folders', mkt, 'POST', { clientId: other.id, name: 'Polar' });
    const wrong = await call(`/materials/${logo.id}`, mkt, 'PATCH', { folderId: otherFolder.body.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('A pasta escolhida é de outra empresa cliente.');
    const badTag = await call(`/materials/${logo.id}`, mkt, 'PATCH', { tags: ['<script>'] });
    expect(badTag.status).toBe(400);
    const slash = await call(`/materials/${logo.id}`, mkt, 'PATCH', { name: '../../etc/passwd' });
    expect(slash.status).toBe(400);
  });

  it('share links: open without a session until they expire or are revoked; stored hashed; forged → 404', async () => {
    const created = await call<ShareLinkCreated>(`/api/files/${logo.fileId}/share-links`, mkt, 'POST', { hours: 24 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const link = created.body;
    expect(link).toMatchObject({ fileId: logo.fileId, revokedAt: null, active: true, createdBy: mkt.userId });
    const token = new URL(link.url).pathname.split('/').pop()!;
    expect(token).toMatch(/^s_[A-Za-z0-9_-]{43}$/);
    const rows = await sql(server, 'SELECT token_hash FROM file_share_links WHERE id = $1', [link.id]);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(token);

    const open = await server.request(new URL(link.url).pathname);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('image/jpeg');
    expect((await call<{ links: ShareLinkInfo[] }>(`/api/files/${logo.fileId}/share-links`, mkt)).body.links.map((l) => [l.id, l.active])).toEqual([[link.id, true]]);

    const revoked = await call<ShareLinkInfo>(`/api/files/${logo.fileId}/share-links/${link.id}`, mkt, 'DELETE');
    expect(revoked.status).toBe(200);
    expect(revoked.body.active).toBe(false);
    const gone = await server.request(new URL(link.url).pathname);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({ error: 'Este link foi desativado por quem o compartilhou.', code: 'LINK_REVOKED' });

    const second = (await call<ShareLinkCreated>(`/api/files/${logo.fileId}/share-links`, mkt, 'POST', { hours: 1 })).body;
    expect((await server.request(new URL(second.url).pathname)).status).toBe(200);
    await sql(server, "UPDATE file_share_links SET expires_at = now() - interval '1 second' WHERE id = $1", [second.id]);
    const expired = await server.request(new URL(second.url).pathname);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: 'Este link expirou. Peça um novo link a quem o compartilhou.', code: 'LINK_EXPIRED' });

    const forged = await server.request(`/api/public/files/s_${'A'.repeat(43)}`);
    expect(forged.status).toBe(404);
    expect(await forged.json()).toEqual({ error: 'Link de arquivo inválido.', code: 'NOT_FOUND' });
    expect((await call(`/api/files/${logo.fileId}/share-links`, mkt, 'POST', { hours: 24 * 31 })).status).toBe(400);
  });

  it('a 2 GB upload is refused with 413 by its Content-Length at once, and while streaming past 500 MB; nothing left behind', async () => {
    const before = stored().length;
    const [{ n: materials }] = await sql(server, 'SELECT count(*)::int AS n FROM marketing_materials');
    const declared = await rawUpload(mkt, `clientId=${own.id}`, [], { name: 'filme.mp4', contentLength: 2 * 1024 ** 3 });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: 'O arquivo passa do limite de 500 MB para vídeo.', code: 'FILE_TOO_LARGE', maxBytes: 500 * 1024 * 1024 });

    const header = Buffer.alloc(32);
    header.writeUInt32BE(24, 0);
    header.write('ftypisom', 4, 'latin1');
    header.write('isomiso2', 16, 'latin1');
    let sent = 0;
    async function* twoGigabytes() {
      yield header;
      const block = Buffer.alloc(4 * 1024 * 1024, 7);
      while (sent < 2 * 1024 ** 3) {
        sent += block.length;
        yield block;
      }
    }
    const streamed = await rawUpload(mkt, `clientId=${own.id}`, twoGigabytes(), { name: 'filme.mp4' });
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe('FILE_TOO_LARGE');
    expect(sent).toBeGreaterThan(400 * 1024 * 1024);
    expect(sent).toBeLessThan(2 * 1024 ** 3);
    await eventually(async () => stored().length === before);
    expect(stored().some((f) => f.endsWith('.part'))).toBe(false);
    expect((await sql(server, 'SELECT count(*)::int AS n FROM marketing_materials'))[0]!.n).toBe(materials);
  }, 120_000);

  it('a renamed executable (ELF as .jpg, Windows PE as .mp4) is refused by its magic bytes; nothing stored', async () => {
    const before = stored().length;
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0)]);
    const a = await upload(mkt, `clientId=${own.id}`, elf, 'foto.jpg');
    expect(a.status).toBe(415);
    expect(a.body).toEqual({ error: 'Arquivos executáveis não são permitidos.', code: 'FILE_EXECUTABLE' });
    const pe = Buffer.alloc(4096, 0);
    pe.write('MZ', 0, 'latin1');
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    const b = await upload(mkt, `clientId=${own.id}`, pe, 'video.mp4');
    expect(b.status).toBe(415);
    expect(b.body.code).toBe('FILE_EXECUTABLE');
    const text = await upload(mkt, `clientId=${own.id}`, Buffer.from('#!/bin/sh\nrm -rf /\n'), 'notas.txt');
    expect(text.status).toBe(415);
    expect(stored().length).toBe(before);
  });

  it('isolation: another company gets 404 for every material, folder, file and link id; vendas 403', async () => {
    const mat = (await upload(mkt, `clientId=${own.id}&folderId=${brand.id}`, await jpeg(64, 64), 'Segredo da agência.jpg')).body as MaterialView;
    const link = (await call<ShareLinkCreated>(`/api/files/${mat.fileId}/share-links`, mkt, 'POST', {})).body;
    const empty = (await call<MaterialFolder>('/material-folders', mkt, 'POST', { clientId: own.id, name: 'Vazia' })).body;
    const cast = { owner: mkt, outsider, withoutPermission: vendas, secrets: [companyId, 'Segredo da agência', 'Agência Arquivo Vivo'] };
    await expectTenantIsolation(server, cast, [
      { method: 'GET', path: `/api/marketing/materials?clientId=${own.id}` },
      { method: 'GET', path: `/api/marketing/materials?folderId=${brand.id}` },
      { method: 'GET', path: `/api/marketing/materials/${mat.id}` },
      { method: 'PATCH', path: `/api/marketing/materials/${mat.id}`, body: { tags: ['isolado'] } },
      { method: 'GET', path: `/api/marketing/material-folders?clientId=${own.id}` },
      { method: 'POST', path: '/api/marketing/material-folders', body: { clientId: own.id, name: 'Nova' }, ownerStatus: 201 },
      { method: 'POST', path: '/api/marketing/material-folders', body: { clientId: own.id, parentId: brand.id, name: 'Sub' }, ownerStatus: 201 },
      { method: 'PATCH', path: `/api/marketing/material-folders/${empty.id}`, body: { name: 'Renomeada' } },
      { method: 'GET', path: `/api/marketing/material-tags?clientId=${own.id}` },
      { method: 'GET', path: `/api/files/${mat.fileId}` },
      { method: 'GET', path: `/api/files/${mat.fileId}/content` },
      { method: 'GET', path: `/api/files/${mat.fileId}/thumbnail` },
      { method: 'POST', path: `/api/files/${mat.fileId}/share-links`, body: { hours: 2 }, ownerStatus: 201 },
      { method: 'GET', path: `/api/files/${mat.fileId}/share-links` },
      { method: 'DELETE', path: `/api/files/${mat.fileId}/share-links/${link.id}` },
      { method: 'DELETE', path: `/api/marketing/material-folders/${empty.id}` },
      { method: 'DELETE', path: `/api/marketing/materials/${mat.id}` },
    ]);
    // The upload: another company's client 404, vendas 403, nothing stored for either.
    const before = stored().length;
    expect((await upload(outsider, `clientId=${own.id}`, await jpeg(10, 10), 'x.jpg')).status).toBe(404);
    expect((await upload(vendas, `clientId=${own.id}`, await jpeg(10, 10), 'x.jpg')).status).toBe(403);
    expect((await upload(mkt, `clientId=${own.id}&folderId=00000000-0000-4000-8000-000000000000`, await jpeg(10, 10), 'x.jpg')).status).toBe(404);
    expect(stored().length).toBe(before);
    for (const bad of ['nao-e-id', '00000000-0000-4000-8000-000000000000']) {
      expect((await call(`/materials/${bad}`, mkt)).status).toBe(404);
      expect((await call(`/material-folders/${bad}`, mkt, 'PATCH', { name: 'x' })).status).toBe(404);
      expect((await call(`/api/files/${mat.fileId}/share-links/${bad}`, mkt, 'DELETE')).status).toBe(404);
    }
  });

  it('deleting a material removes its file, its thumbnail bytes and stops its share links', async () => {
    const mat = (await upload(mkt, `clientId=${own.id}`, await jpeg(64, 64), 'Para excluir.jpg')).body as MaterialView;
    const link = (await call<ShareLinkCreated>(`/api/files/${mat.fileId}/share-links`, mkt, 'POST', {})).body;
    expect(stored().filter((f) => f.startsWith(mat.fileId))).toHaveLength(2);
    expect((await call(`/materials/${mat.id}`, mkt, 'DELETE')).status).toBe(200);
    expect((await call(`/materials/${mat.id}`, mkt)).status).toBe(404);
    expect((await server.request(`/api/files/${mat.fileId}/content`, { jar: mkt.jar })).status).toBe(404);
    expect((await server.request(new URL(link.url).pathname)).status).toBe(404);
    expect(stored().filter((f) => f.startsWith(mat.fileId))).toHaveLength(0);
    const audit = await sql(server, "SELECT 1 FROM activity_log WHERE action = 'entity_deleted' AND details->>'id' = $1", [mat.fileId]);
    expect(audit.length).toBe(1);
  });
});
