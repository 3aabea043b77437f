import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo, PublicFileView, ShareLinkCreated } from '@sede/shared/platform/files';
import { SHARED_FILE_RULES } from '../../src/modules/files/routes.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { pdfBytes, pngBytes, upload } from './support.ts';

/** The page of a shared file (decision 0392): its facts for an outside person, the browser led to it, dead links in Portuguese. */
let server: TestServer;
let companyId: string;
let member: Person;

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'Agência Farol Ltda');
  companyId = a.companyId;
  member = await memberOf(server, companyId, 'vendas');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const json = async <T>(res: Response) => (await res.json()) as T & { error?: string; code?: string };
/**
 * A browser's navigation to a path (node:http: fetch would send its own Sec-Fetch-Mode 'cors').
 * `withFetchHeaders: false` is an older browser: only Accept says it wants a page.
 */
function navigate(path: string, withFetchHeaders = true): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const headers: Record<string, string> = { accept: 'text/html,application/xhtml+xml' };
  if (withFetchHeaders) Object.assign(headers, { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' });
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

async function shared(bytes: Buffer, name: string, kind: 'document' | 'image') {
  const up = await upload(server, member.jar, `entityType=company&entityId=${companyId}&kind=${kind}`, bytes, name);
  const file = up.body as FileInfo;
  const link = await json<ShareLinkCreated>(await server.request(`/api/files/${file.id}/share-links`, { method: 'POST', jar: member.jar, json: {} }));
  const token = link.url.split('/').pop()!;
  return { file, link, token };
}

describe('the shared-file page', () => {
  it('a share link is the page’s address; its facts are the file and the company’s name only', async () => {
    const pdf = pdfBytes();
    const { file, link, token } = await shared(pdf, 'Proposta comercial.pdf', 'document');
    expect(link.url).toMatch(/\/arquivo\/s_[A-Za-z0-9_-]{43}$/);
    const info = await server.request(`/api/public/files/${token}/info`);
    expect(info.status).toBe(200);
    expect(info.headers.get('cache-control')).toBe('no-store');
    const view = await json<PublicFileView>(info);
    expect(view).toEqual({ name: 'Proposta comercial.pdf', size: pdf.length, mime: 'application/pdf', preview: 'pdf', companyName: 'Agência Farol Ltda', expiresAt: link.expiresAt });
    expect(JSON.stringify(view)).not.toContain(companyId);
    expect(JSON.stringify(view)).not.toContain(file.id);

    // The preview of a PDF is framed by our own page only; the download is an attachment.
    const inline = await server.request(`/api/public/files/${token}?inline=1`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline/);
    expect(inline.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(inline.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(inline.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(inline.headers.has('x-sede-frame-same-origin')).toBe(false);
    const download = await navigate(`/api/public/files/${token}?download=1`);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment/);
    expect(download.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(download.body.equals(pdf)).toBe(true);

    // An image's facts say it can be previewed; another file than PDF is never framed.
    const png = await shared(await pngBytes(40, 30), 'Logo.png', 'image');
    expect((await json<PublicFileView>(await server.request(`/api/public/files/${png.token}/info`))).preview).toBe('image');
    const img = await server.request(`/api/public/files/${png.token}?inline=1`);
    expect(img.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(img.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the browser opening a link goes to the page; a dead link leads there too; programs still get the bytes or the JSON error', async () => {
    const { file, link, token } = await shared(pdfBytes(), 'Tabela.pdf', 'document');
    for (const fetchHeaders of [true, false]) {
      const page = await navigate(`/api/public/files/${token}`, fetchHeaders);
      expect([page.status, page.headers.location]).toEqual([303, `/arquivo/${token}`]);
    }
    expect((await server.request(`/api/public/files/${token}`)).status).toBe(200);

    expect((await server.request(`/api/files/${file.id}/share-links/${link.id}`, { method: 'DELETE', jar: member.jar })).status).toBe(200);
    const revoked = await server.request(`/api/public/files/${token}/info`);
    expect([revoked.status, (await json(revoked)).error]).toEqual([410, 'Este link foi desativado por quem o compartilhou.']);
    const clicked = await navigate(`/api/public/files/${token}?download=1`);
    expect([clicked.status, clicked.headers.location]).toEqual([303, `/arquivo/${token}`]);
    const program = await server.request(`/api/public/files/${token}?download=1`);
    expect([program.status, (await json(program)).code]).toEqual([410, 'LINK_REVOKED']);

    const other = await shared(pdfBytes(), 'Outro.pdf', 'document');
    await sql(server, "UPDATE file_share_links SET expires_at = now() - interval '1 minute' WHERE id = $1", [other.link.id]);
    const expired = await server.request(`/api/public/files/${other.token}/info`);
    expect([expired.status, (await json(expired)).code, (await json(await server.request(`/api/public/files/${other.token}/info`))).error]).toEqual([410, 'LINK_EXPIRED', 'Este link expirou. Peça um novo link a quem o compartilhou.']);

    for (const bad of [`s_${'A'.repeat(43)}`, 'qualquer-coisa']) {
      const res = await server.request(`/api/public/files/${bad}/info`);
      const body = await json(res);
      expect([res.status, body.error], bad).toEqual([404, 'Link de arquivo inválido.']);
      expect(JSON.stringify(body)).not.toMatch(/Farol|Tabela/);
    }
  });

  it('the app’s signed links keep answering the bytes at once, in the browser too', async () => {
    const up = await upload(server, member.jar, `entityType=company&entityId=${companyId}&kind=image`, await pngBytes(20, 20), 'Assinado.png');
    const signed = await json<{ url: string }>(await server.request(`/api/files/${(up.body as FileInfo).id}/links`, { method: 'POST', jar: member.jar, json: { hours: 1 } }));
    const path = new URL(signed.url).pathname;
    const opened = await navigate(path);
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('image/png');
    expect((await server.request(`${path}/info`)).status).toBe(200);
  });

  it('the page’s facts are rate-limited per address (429 with the wait)', async () => {
    let last = 0;
    let retryAfter: string | null = null;
    for (let i = 0; i <= SHARED_FILE_RULES.viewPerIp.max; i++) {
      const res = await server.request(`/api/public/files/s_${'B'.repeat(43)}/info`);
      last = res.status;
      retryAfter = res.headers.get('retry-after');
      await res.body?.cancel();
    }
    expect(last).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
