import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../src/modules/index.ts';
import { createLinkToken, linkKey } from '../../src/platform/files/links.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { pdfBytes, pngBytes, rawUpload, secretEntityModule, upload } from './support.ts';

let server: TestServer;
let companyA: string;
let admin: Person;
let member: Person;
let outsider: Person;
let companyB: string;

const companyQuery = () => `entityType=company&entityId=${companyA}`;

/** Every file under DATA_DIR/files (bytes of any company). */
function storedFiles(): string[] {
  const root = path.join(server.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
}

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...MODULES, secretEntityModule] });
  const a = await createCompanyWithAdmin(server, 'Arquivos A Ltda');
  companyA = a.companyId;
  admin = a.admin;
  member = await memberOf(server, companyA, 'vendas');
  const b = await createCompanyWithAdmin(server, 'Arquivos B Ltda');
  companyB = b.companyId;
  outsider = b.admin;
});
afterAll(async () => {
  await server?.stop();
});

describe('upload, download, thumbnail, list, delete', () => {
  it('stores an image by its content, with a 320 px WebP thumbnail, and serves it back', async () => {
    const png = await pngBytes(800, 600);
    const res = await upload(server, member.jar, `${companyQuery()}&kind=image`, png, 'Fachada da loja.png');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ entityType: 'company', entityId: companyA, kind: 'image', name: 'Fachada da loja.png', mime: 'image/png', size: png.length, hasThumbnail: true, createdBy: member.userId, canDelete: true });
    expect(res.body.sha256).toBe(createHash('sha256').update(png).digest('hex'));
    const id = res.body.id as string;
    // Bytes on disk under DATA_DIR/files/<company>/.
    expect(readFileSync(path.join(server.dataDir, 'files', companyA, id)).equals(png)).toBe(true);

    const content = await server.request(`/api/files/${id}/content`, { jar: admin.jar });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('content-disposition')).toBe(`attachment; filename="Fachada da loja.png"; filename*=UTF-8''Fachada%20da%20loja.png`);
    expect(Buffer.from(await content.arrayBuffer()).equals(png)).toBe(true);

    const thumb = await server.request(`/api/files/${id}/thumbnail`, { jar: member.jar });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect(thumb.headers.get('cache-control')).toContain('max-age=31536000');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });

    const list = await server.request(`/api/files?${companyQuery()}`, { jar: admin.jar });
    expect(list.status).toBe(200);
    const { files } = (await list.json()) as { files: Array<{ id: string; canDelete: boolean }> };
    expect(files.map((f) => f.id)).toContain(id);
    // The admin may delete anyone's file.
    expect(files.find((f) => f.id === id)?.canDelete).toBe(true);
  });

  it('a streamed upload in uneven chunks is stored byte for byte, its hash and size those of every byte sent (decision 0764)', async () => {
    // The server gathers the network's chunks into larger writes: none may be lost, doubled or reordered.
    const sizes = [1, 7, 65_536, 300_001, 524_287, 524_289, 1, 1_048_576, 12_345, 700_000];
    const parts = [pdfBytes(), ...sizes.map((n, i) => Buffer.alloc(n, (i * 37 + 11) % 256).map((b, j) => (b + j) % 256) as Buffer)];
    const all = Buffer.concat(parts);
    const res = await rawUpload(server, member.jar, `${companyQuery()}&kind=document`, parts, { name: 'contrato longo.pdf' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ kind: 'document', size: all.length, sha256: createHash('sha256').update(all).digest('hex') });
    expect(readFileSync(path.join(server.dataDir, 'files', companyA, res.body.id as string)).equals(all)).toBe(true);
  });

  it('names files from x-file-name (URL-encoded, accents kept) and gives documents no thumbnail', async () => {
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, pdfBytes(), 'Contrato de locação.pdf');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Contrato de locação.pdf', mime: 'application/pdf', hasThumbnail: false });
    const thumb = await server.request(`/api/files/${res.body.id}/thumbnail`, { jar: member.jar });
    expect(thumb.status).toBe(404);
    expect(await thumb.json()).toEqual({ error: 'Este arquivo não tem miniatura.', code: 'NOT_FOUND' });
    const content = await server.request(`/api/files/${res.body.id}/content`, { jar: member.jar });
    expect(content.headers.get('content-disposition')).toContain(`filename*=UTF-8''Contrato%20de%20loca%C3%A7%C3%A3o.pdf`);
  });

  it('serves byte ranges (players seek in audio and video): a-b, a-, -n; unsatisfiable → 416', async () => {
    const pdf = Buffer.concat([pdfBytes(), Buffer.alloc(1000, 65)]);
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, pdf, 'longo.pdf');
    const url = `/api/files/${res.body.id}/content`;
    const whole = await server.request(url, { jar: member.jar });
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    for (const [range, start, end] of [['bytes=0-3', 0, 3], ['bytes=100-', 100, pdf.length - 1], ['bytes=-10', pdf.length - 10, pdf.length - 1], ['bytes=5-999999', 5, pdf.length - 1]] as const) {
      const part = await server.request(url, { jar: member.jar, headers: { range } });
      expect(part.status, range).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes ${start}-${end}/${pdf.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(start, end + 1)), range).toBe(true);
    }
    const bad = await server.request(url, { jar: member.jar, headers: { range: `bytes=${pdf.length}-` } });
    expect(bad.status).toBe(416);
    expect(await bad.json()).toEqual({ error: 'Intervalo de bytes inválido para este arquivo.', code: 'RANGE_NOT_SATISFIABLE' });
    // Several ranges or a malformed header: the whole file.
    const many = await server.request(url, { jar: member.jar, headers: { range: 'bytes=0-1,5-6' } });
    expect(many.status).toBe(200);
    expect(Number(many.headers.get('content-length'))).toBe(pdf.length);
  });

  it('accepts CSV by its text content and name', async () => {
    const csv = Buffer.from('nome;cidade\nJoão;São Paulo\n');
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, csv, 'clientes.csv');
    expect(res.status).toBe(201);
    expect(res.body.mime).toBe('text/csv');
  });

  it('deletion: the uploader or an admin; another member is refused; the bytes go', async () => {
    const other = await memberOf(server, companyA, 'marketing');
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, pdfBytes(), 'apagar.pdf');
    const id = res.body.id as string;
    const refused = await server.request(`/api/files/${id}`, { method: 'DELETE', jar: other.jar });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'Só quem enviou o arquivo ou um administrador pode excluí-lo.', code: 'FORBIDDEN' });
    expect(existsSync(path.join(server.dataDir, 'files', companyA, id))).toBe(true);

    const ok = await server.request(`/api/files/${id}`, { method: 'DELETE', jar: member.jar });
    expect(ok.status).toBe(200);
    expect(existsSync(path.join(server.dataDir, 'files', companyA, id))).toBe(false);
    expect((await server.request(`/api/files/${id}`, { jar: member.jar })).status).toBe(404);
    expect((await server.request(`/api/files/${id}/content`, { jar: member.jar })).status).toBe(404);
    const [row] = await sql(server, 'SELECT deleted_at FROM files WHERE id = $1', [id]);
    expect(row.deleted_at).not.toBeNull();
    // Audited without the file's name (it may be personal data).
    const audit = await sql(server, "SELECT details FROM activity_log WHERE action = 'file_deleted' AND details->>'id' = $1", [id]);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ entity: 'file', holder: 'company', kind: 'document' });
    expect(JSON.stringify(audit[0]!.details)).not.toContain('apagar');
  });
});

describe('bad input: clear refusals in Portuguese, nothing stored half-way', () => {
  const rowsOf = async () => Number((await sql(server, 'SELECT count(*)::int AS n FROM files WHERE company_id = $1', [companyA]))[0].n);

  it('0 bytes → 400', async () => {
    const before = storedFiles().length;
    const rows = await rowsOf();
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, Buffer.alloc(0), 'vazio.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'O arquivo está vazio (0 bytes). Escolha outro arquivo.', code: 'FILE_EMPTY' });
    // Chunked with no bytes at all.
    const chunked = await rawUpload(server, member.jar, `${companyQuery()}&kind=document`, [], { name: 'vazio.pdf' });
    expect(chunked.status).toBe(400);
    expect(chunked.body.code).toBe('FILE_EMPTY');
    expect(storedFiles().length).toBe(before);
    expect(await rowsOf()).toBe(rows);
  });

  it('a renamed executable (ELF named .pdf, PE named .png) → 415, nothing stored', async () => {
    const before = storedFiles().length;
    const rows = await rowsOf();
    const elf = readFileSync(process.execPath).subarray(0, 200_000);
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, Buffer.from(elf), 'relatorio.pdf');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Arquivos executáveis não são permitidos.', code: 'FILE_EXECUTABLE' });
    const pe = Buffer.alloc(4096);
    pe.write('MZ', 0);
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    const res2 = await upload(server, member.jar, `${companyQuery()}&kind=image`, pe, 'foto.png');
    expect(res2.status).toBe(415);
    expect(res2.body.code).toBe('FILE_EXECUTABLE');
    const script = Buffer.from('#!/bin/sh\nrm -rf /\n');
    const res3 = await upload(server, member.jar, `${companyQuery()}&kind=document`, script, 'notas.txt');
    expect(res3.status).toBe(415);
    expect(res3.body.code).toBe('FILE_EXECUTABLE');
    expect(storedFiles().length).toBe(before);
    expect(await rowsOf()).toBe(rows);
  });

  it('a type the kind does not take (a PDF as an image) → 415 naming the types', async () => {
    const res = await upload(server, member.jar, `${companyQuery()}&kind=image`, pdfBytes(), 'foto.jpg');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'Tipo de arquivo não permitido para imagem: envie JPEG, PNG, WebP ou GIF.', code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it('over the limit, declared → 413 before reading; streamed without a length → 413 and the partial bytes removed', async () => {
    const before = storedFiles().length;
    const rows = await rowsOf();
    const declared = await rawUpload(server, member.jar, `${companyQuery()}&kind=image`, [], { name: 'grande.png', contentLength: 21 * 1024 * 1024 });
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: 'O arquivo passa do limite de 20 MB para imagem.', code: 'FILE_TOO_LARGE', maxBytes: 20 * 1024 * 1024 });

    const png = await pngBytes(64, 64);
    let sent = 0;
    let sawPartial = false;
    async function* chunks() {
      yield png;
      const block = Buffer.alloc(1024 * 1024, 1);
      for (let i = 0; i < 24; i++) {
        sent += block.length;
        // The partial file exists while the upload streams (it is written, not held in memory):
        // with 19 MB sent the server has not reached the limit yet, and has received far more than the 64 KB it sniffs.
        if (i === 18) sawPartial = storedFiles().some((f) => f.endsWith('.part'));
        yield block;
      }
    }
    const streamed = await rawUpload(server, member.jar, `${companyQuery()}&kind=image`, chunks(), { name: 'grande.png' });
    expect(streamed.status).toBe(413);
    expect(streamed.body.code).toBe('FILE_TOO_LARGE');
    expect(sent).toBeGreaterThan(10 * 1024 * 1024);
    expect(sawPartial).toBe(true);
    expect(storedFiles().length).toBe(before);
    expect(await rowsOf()).toBe(rows);
  });

  it('unknown entity type → 400, bad kind → 400, missing name → 400, another company id as entity → 404', async () => {
    const png = await pngBytes(10, 10);
    const unknown = await upload(server, member.jar, `entityType=nave&entityId=x&kind=image`, png, 'a.png');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Tipo de registro desconhecido para anexar arquivos.', code: 'UNKNOWN_ENTITY_TYPE' });
    const kind = await upload(server, member.jar, `${companyQuery()}&kind=planilha`, png, 'a.png');
    expect(kind.status).toBe(400);
    expect(kind.body.error).toBe('Tipo de arquivo inválido: use image, document, audio ou video.');
    const noName = await rawUpload(server, member.jar, `${companyQuery()}&kind=image`, [png], { name: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.error).toBe('Informe o nome do arquivo.');
    const foreign = await upload(server, member.jar, `entityType=company&entityId=${companyB}&kind=image`, png, 'a.png');
    expect(foreign.status).toBe(404);
    const list = await server.request(`/api/files?entityType=nave&entityId=x`, { jar: member.jar });
    expect(list.status).toBe(400);
  });

  it('the upload route is exempt from the 1 MB JSON limit, other /api routes are not', async () => {
    const png = await pngBytes(10, 10);
    const big = Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]);
    const res = await upload(server, member.jar, `${companyQuery()}&kind=image`, big, 'grande-mas-ok.png');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.size).toBe(big.length);
    const other = await server.request('/api/profile', { method: 'PUT', jar: member.jar, headers: { 'content-type': 'application/json' }, body: `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}` });
    expect(other.status).toBe(413);
  });
});

describe('signed links', () => {
  let fileId: string;
  beforeAll(async () => {
    const res = await upload(server, member.jar, `${companyQuery()}&kind=document`, pdfBytes(), 'Proposta comercial.pdf');
    fileId = res.body.id;
  });

  it('a link opens the file without a session until it expires (default 72 h, max 30 days)', async () => {
    const res = await server.request(`/api/files/${fileId}/links`, { method: 'POST', jar: member.jar, json: {} });
    expect(res.status).toBe(201);
    const link = (await res.json()) as { url: string; expiresAt: string };
    const hours = (new Date(link.expiresAt).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const url = new URL(link.url);
    expect(url.pathname).toMatch(/^\/api\/public\/files\//);
    const open = await server.request(url.pathname);
    expect(open.status).toBe(200);
    expect(open.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await open.arrayBuffer()).equals(pdfBytes())).toBe(true);
    expect(open.headers.get('content-disposition')).toMatch(/^attachment; filename="Proposta comercial.pdf"/);
    const inline = await server.request(`${url.pathname}?inline=1`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);
    // A link serves byte ranges too (a client's browser playing a video: Safari asks for ranges).
    const part = await server.request(`${url.pathname}?inline=1`, { headers: { range: 'bytes=2-9' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-9/${pdfBytes().length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(pdfBytes().subarray(2, 10))).toBe(true);
    expect((await server.request(url.pathname, { headers: { range: `bytes=${pdfBytes().length}-` } })).status).toBe(416);

    const audit = await sql(server, "SELECT details FROM activity_log WHERE action = 'file_link_created' AND details->>'id' = $1", [fileId]);
    expect(audit[0]?.details).toMatchObject({ entity: 'file', via: 'link', expiresAt: link.expiresAt });

    const tooLong = await server.request(`/api/files/${fileId}/links`, { method: 'POST', jar: member.jar, json: { hours: 30 * 24 + 1 } });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { error: string }).error).toBe('A validade máxima do link é de 30 dias.');
  });

  it('a forged token → 404, an expired one → 410, a deleted file → 404; all in Portuguese', async () => {
    const res = await server.request(`/api/files/${fileId}/links`, { method: 'POST', jar: member.jar, json: { hours: 1 } });
    const token = new URL(((await res.json()) as { url: string }).url).pathname.split('/').pop()!;
    const [id, exp, mac] = token.split('.');
    // Another expiry under the same signature, another file id, a signature of another key.
    const later = (Number.parseInt(exp!, 36) + 86400 * 365).toString(36);
    for (const forged of [`${id}.${later}.${mac}`, `${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${exp}.${mac}`, createLinkToken(linkKey('outra-chave-outra-chave-outra-chave'), fileId, new Date(Date.now() + 3600_000)), 'nada', `${token}x`]) {
      const r = await server.request(`/api/public/files/${forged}`);
      expect(r.status, forged).toBe(404);
      expect(await r.json()).toEqual({ error: 'Link de arquivo inválido.', code: 'NOT_FOUND' });
    }
    const secret = 'test-secret-test-secret-test-secret-0123';
    const expired = createLinkToken(linkKey(secret), fileId, new Date(Date.now() - 1000));
    const r = await server.request(`/api/public/files/${expired}`);
    expect(r.status).toBe(410);
    expect(await r.json()).toEqual({ error: 'Este link expirou. Peça um novo link a quem o compartilhou.', code: 'LINK_EXPIRED' });

    await server.request(`/api/files/${fileId}`, { method: 'DELETE', jar: admin.jar });
    const gone = await server.request(`/api/public/files/${token}`);
    expect(gone.status).toBe(404);
  });
});

describe('isolation', () => {
  it('another company gets 404 for every file endpoint; anonymous 401', async () => {
    const res = await upload(server, member.jar, `${companyQuery()}&kind=image`, await pngBytes(40, 30), 'Segredo da empresa A.png');
    const id = res.body.id as string;
    await expectTenantIsolation(server, { owner: member, outsider, secrets: [companyA, 'Segredo da empresa A'] }, [
      { method: 'GET', path: `/api/files/${id}` },
      { method: 'GET', path: `/api/files/${id}/content` },
      { method: 'GET', path: `/api/files/${id}/thumbnail` },
      { method: 'GET', path: `/api/files?entityType=company&entityId=${companyA}` },
      { method: 'POST', path: `/api/files/${id}/links`, body: { hours: 2 }, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/files/${id}` },
    ]);
    // The outsider's own upload into company A's entity is refused too.
    const foreign = await upload(server, outsider.jar, `entityType=company&entityId=${companyA}&kind=image`, await pngBytes(10, 10), 'x.png');
    expect(foreign.status).toBe(404);
  });

  it("an entity the member may not see: 403 (the area's check), a missing one 404", async () => {
    const res = await upload(server, admin.jar, `entityType=segredo&entityId=ok-${companyA}&kind=document`, pdfBytes(), 'restrito.pdf');
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    await expectTenantIsolation(server, { owner: admin, outsider, withoutPermission: member, secrets: ['restrito.pdf'] }, [
      { method: 'GET', path: `/api/files/${id}` },
      { method: 'GET', path: `/api/files/${id}/content` },
      { method: 'GET', path: `/api/files?entityType=segredo&entityId=ok-${companyA}` },
      { method: 'POST', path: `/api/files/${id}/links`, body: {}, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/files/${id}` },
    ]);
    const upByMember = await upload(server, member.jar, `entityType=segredo&entityId=ok-${companyA}&kind=document`, pdfBytes(), 'b.pdf');
    expect(upByMember.status).toBe(403);
    const missing = await upload(server, admin.jar, 'entityType=segredo&entityId=nope&kind=document', pdfBytes(), 'b.pdf');
    expect(missing.status).toBe(404);
  });
});
