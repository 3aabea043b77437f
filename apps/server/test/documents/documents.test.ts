import mammoth from 'mammoth';
import sharp from 'sharp';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocContent, DocumentFolder, DocumentListItem, DocumentVersionView, DocumentView } from '@sede/shared/documents/schemas';
import { upload } from '../files/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

let server: TestServer;
let admin: Person;
let ana: Person;
let bruno: Person;
let outsider: Person;

type Res<T> = { status: number; body: T & { error?: string; code?: string } };
async function call<T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(`/api/documents${path}`, { method, json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
const doc = (...paragraphs: string[]): DocContent => ({ type: 'doc', content: paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })) });
async function create(who: Person, body: Record<string, unknown>) {
  const res = await call<DocumentView>('', who, 'POST', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  let companyId: string;
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Documentos Ltda'));
  ana = await memberOf(server, companyId, 'vendas');
  bruno = await memberOf(server, companyId, 'financeiro');
  outsider = (await createCompanyWithAdmin(server, 'Outra Ltda')).admin;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('documents: folders, saving, search', () => {
  it('creates in a folder, saves by revision (a stale save is 409, nothing lost), lists newest first', async () => {
    const folder = (await call<DocumentFolder>('/folders', ana, 'POST', { name: 'Procedimentos' })).body;
    const d = await create(ana, { title: 'Abertura da loja', folderId: folder.id, content: doc('Ligar as luzes.') });
    expect(d).toMatchObject({ title: 'Abertura da loja', folderId: folder.id, visibility: 'empresa', revision: 0, canManage: true });

    const saved = await call<{ revision: number }>(`/${d.id}/content`, bruno, 'PUT', { content: doc('Ligar as luzes.', 'Conferir o caixa.'), revision: 0 });
    expect(saved.status).toBe(200);
    expect(saved.body.revision).toBe(1);
    // Ana's editor still thinks revision 0: refused, and Bruno's text stays.
    const stale = await call(`/${d.id}/content`, ana, 'PUT', { content: doc('Outro texto'), revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('DOCUMENT_STALE');
    const now = await call<DocumentView>(`/${d.id}`, ana);
    expect(now.body.content).toEqual(doc('Ligar as luzes.', 'Conferir o caixa.'));
    expect(now.body.canManage).toBe(true);
    expect((await call<DocumentView>(`/${d.id}`, bruno)).body.canManage).toBe(false);

    const list = await call<{ items: DocumentListItem[] }>(`?scope=geral&folderId=${folder.id}`, bruno);
    expect(list.body.items.map((i) => i.id)).toEqual([d.id]);
    const folders = await call<{ folders: DocumentFolder[] }>('/folders', bruno);
    expect(folders.body.folders.find((f) => f.id === folder.id)?.documents).toBe(1);
    // A folder with documents is not deleted; a folder cannot go inside itself.
    expect((await call(`/folders/${folder.id}`, admin, 'DELETE')).status).toBe(409);
    const child = (await call<DocumentFolder>('/folders', ana, 'POST', { name: 'Loja', parentId: folder.id })).body;
    const cycle = await call(`/folders/${folder.id}`, ana, 'PATCH', { parentId: child.id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toBe('Uma pasta não pode ficar dentro dela mesma.');
  });

  it('searches title and text in Portuguese: accents and plurals, best match first, with a snippet', async () => {
    await create(admin, { title: 'Política de reembolso', content: doc('Os reembolsos de despesas de viagem são pagos em até 30 dias.', 'Guarde as notas fiscais.') });
    await create(admin, { title: 'Manual do caixa', content: doc('Fechamento diário e conferência da gaveta.') });
    const found = await call<{ items: DocumentListItem[] }>('?q=despesa%20viagem', bruno);
    expect(found.body.items.map((i) => i.title)).toEqual(['Política de reembolso']);
    expect(found.body.items[0]!.snippet).toMatch(/«despesas»/);
    const accents = await call<{ items: DocumentListItem[] }>('?q=politica', bruno);
    expect(accents.body.items.map((i) => i.title)).toContain('Política de reembolso');
    const conferencia = await call<{ items: DocumentListItem[] }>('?q=conferencia', bruno);
    expect(conferencia.body.items.map((i) => i.title)).toEqual(['Manual do caixa']);
  });

  it('a restricted document: only its creator, the people chosen and admins; others get 404 and never see it listed', async () => {
    const secret = await create(ana, { title: 'Metas confidenciais', visibility: 'restrita', content: doc('Meta de vendas: 1 milhão.') });
    expect((await call(`/${secret.id}`, bruno)).status).toBe(404);
    expect((await call(`/${secret.id}/content`, bruno, 'PUT', { content: doc('x'), revision: 0 })).status).toBe(404);
    expect((await call<{ items: DocumentListItem[] }>('?scope=meus', bruno)).body.items.map((i) => i.id)).not.toContain(secret.id);
    expect((await call<{ items: DocumentListItem[] }>('?q=milhao', bruno)).body.items).toEqual([]);
    expect((await call(`/${secret.id}`, admin)).status).toBe(200);
    // Only the creator (or an admin) shares it; then Bruno sees it under 'meus'.
    expect((await call(`/${secret.id}`, bruno, 'PATCH', { memberIds: [bruno.userId] })).status).toBe(404);
    const shared = await call<DocumentView>(`/${secret.id}`, ana, 'PATCH', { memberIds: [bruno.userId] });
    expect(shared.body.memberIds).toEqual([bruno.userId]);
    expect((await call<{ items: DocumentListItem[] }>('?scope=meus', bruno)).body.items.map((i) => i.id)).toContain(secret.id);
    expect((await call(`/${secret.id}`, ana, 'PATCH', { memberIds: [outsider.userId] })).status).toBe(400);
    // A file of the document follows it.
    const file = await upload(server, ana.jar, `entityType=document&entityId=${secret.id}&kind=document`, Buffer.from('anexo'), 'anexo.txt');
    expect(file.status).toBe(201);
  });

  it('versions: kept automatically and by hand; a restore keeps the current text as a version first', async () => {
    const d = await create(ana, { title: 'Ata', content: doc('Primeira versão') });
    await call(`/${d.id}/content`, ana, 'PUT', { content: doc('Segunda versão'), revision: 0 });
    let versions = (await call<{ versions: DocumentVersionView[] }>(`/${d.id}/versions`, ana)).body.versions;
    expect(versions.map((v) => v.reason)).toEqual(['auto']);
    const manual = await call<{ versions: DocumentVersionView[] }>(`/${d.id}/versions`, ana, 'POST');
    expect(manual.body.versions.map((v) => v.reason)).toEqual(['manual', 'auto']);
    versions = manual.body.versions;
    const first = versions.find((v) => v.reason === 'auto')!;
    expect((await call<{ content: DocContent }>(`/${d.id}/versions/${first.id}`, ana)).body.content).toEqual(doc('Primeira versão'));
    const restored = await call<DocumentView>(`/${d.id}/versions/${first.id}/restore`, bruno, 'POST');
    expect(restored.body.content).toEqual(doc('Primeira versão'));
    const after = (await call<{ versions: DocumentVersionView[] }>(`/${d.id}/versions`, ana)).body.versions;
    expect(after[0]!.reason).toBe('restore');
    expect((await call<{ content: DocContent }>(`/${d.id}/versions/${after[0]!.id}`, ana)).body.content).toEqual(doc('Segunda versão'));
  });

  it('the creator URL id: a repeated create answers the same document; an id taken elsewhere is refused', async () => {
    const id = crypto.randomUUID();
    const a = await create(ana, { id, title: 'Proposta comercial' });
    const again = await call<DocumentView>('', ana, 'POST', { id, title: 'Proposta comercial' });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(a.id);
    expect((await call('', outsider, 'POST', { id, title: 'Forjado' })).status).toBe(409);
  });

  it('exports PDF and DOCX with headings, lists, a table and an image of the platform files', async () => {
    const d = await create(ana, { title: 'Manual de exportação' });
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#1d4ed8' } }).png().toBuffer();
    const file = await upload(server, ana.jar, `entityType=document&entityId=${d.id}&kind=image`, png, 'logo.png');
    expect(file.status).toBe(201);
    const content: DocContent = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Seção única' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Texto em ' }, { type: 'text', text: 'negrito', marks: [{ type: 'bold' }] }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Primeiro item' }] }] }] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Coluna A' }] }] }] },
            { type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Valor 42' }] }] }] },
          ],
        },
        { type: 'image', attrs: { src: `/api/files/${file.body.id}/content` } },
      ],
    };
    expect((await call(`/${d.id}/content`, ana, 'PUT', { content, revision: 0 })).status).toBe(200);

    const pdf = await server.request(`/api/documents/${d.id}/export?formato=pdf`, { jar: bruno.jar });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    // unpdf takes (and detaches) the bytes it reads: give it a copy.
    const { text } = await extractText(new Uint8Array(pdfBytes), { mergePages: true });
    for (const s of ['Manual de exportação', 'Seção única', 'negrito', 'Primeiro item', 'Coluna A', 'Valor 42']) expect(text).toContain(s);
    expect(pdfBytes.toString('latin1')).toContain('/Subtype /Image');

    const docx = await server.request(`/api/documents/${d.id}/export?formato=docx`, { jar: bruno.jar });
    expect(docx.status).toBe(200);
    expect(docx.headers.get('content-disposition')).toContain('Manual%20de%20exporta%C3%A7%C3%A3o.docx');
    const docxBytes = Buffer.from(await docx.arrayBuffer());
    const raw = await mammoth.extractRawText({ buffer: docxBytes });
    for (const s of ['Manual de exportação', 'Seção única', 'negrito', 'Primeiro item', 'Coluna A', 'Valor 42']) expect(raw.value).toContain(s);
    expect(docxBytes.includes(Buffer.from('word/media/'))).toBe(true);

    expect((await call(`/${d.id}/export?formato=odt`, ana)).status).toBe(400);
    expect((await server.request(`/api/documents/${d.id}/export?formato=pdf`, { jar: outsider.jar })).status).toBe(404);
  });

  it('bad input: clear refusals, nothing saved', async () => {
    const d = await create(ana, { title: 'Limites' });
    const bad = [
      [{ title: '' }, 'Informe o título.'],
      [{ title: 'a'.repeat(201) }, 'O título pode ter até 200 caracteres.'],
      [{ title: 'x', visibility: 'publica' }, 'Visibilidade inválida.'],
      [{ title: 'x', content: { type: 'html', content: [] } }, 'Conteúdo do documento inválido.'],
    ] as const;
    for (const [body, error] of bad) {
      const r = await call('', ana, 'POST', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe(error);
    }
    // A 10 MB paste: the request body limit answers 413 in Portuguese; the document is unchanged.
    const huge = await call(`/${d.id}/content`, ana, 'PUT', { content: doc('a'.repeat(10 * 1024 * 1024)), revision: 0 });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/grande/i);
    expect((await call<DocumentView>(`/${d.id}`, ana)).body.revision).toBe(0);
  });

  it('erasing a company removes its folders, documents and versions (the folder links do not block it)', async () => {
    const other = await createCompanyWithAdmin(server, 'Encerrada Ltda');
    const parent = (await call<DocumentFolder>('/folders', other.admin, 'POST', { name: 'Raiz' })).body;
    const folder = (await call<DocumentFolder>('/folders', other.admin, 'POST', { name: 'Sub', parentId: parent.id })).body;
    const d = await create(other.admin, { title: 'Some', folderId: folder.id });
    await call(`/${d.id}/versions`, other.admin, 'POST');
    await server.services.pool.query('DELETE FROM companies WHERE id = $1', [other.companyId]);
    const left = await server.services.pool.query(
      'SELECT (SELECT count(*) FROM documents WHERE company_id = $1) + (SELECT count(*) FROM document_folders WHERE company_id = $1) + (SELECT count(*) FROM document_versions WHERE company_id = $1) AS n',
      [other.companyId],
    );
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it("another company's member gets 404 for every document, folder and version", async () => {
    const folder = (await call<DocumentFolder>('/folders', ana, 'POST', { name: 'Segredos' })).body;
    const d = await create(ana, { title: 'Plano de expansão', folderId: folder.id, content: doc('Abrir filial em Campinas.') });
    const v = (await call<{ versions: DocumentVersionView[] }>(`/${d.id}/versions`, ana, 'POST')).body.versions[0]!;
    await expectTenantIsolation(server, { owner: ana, outsider, secrets: ['Plano de expansão', 'Campinas'] }, [
      { method: 'GET', path: `/api/documents/${d.id}` },
      { method: 'PUT', path: `/api/documents/${d.id}/content`, body: { content: doc('forjado'), revision: 0 } },
      { method: 'PATCH', path: `/api/documents/${d.id}`, body: { title: 'Plano de expansão' } },
      { method: 'GET', path: `/api/documents/${d.id}/versions` },
      { method: 'GET', path: `/api/documents/${d.id}/versions/${v.id}` },
      { method: 'POST', path: `/api/documents/${d.id}/versions/${v.id}/restore` },
      { method: 'PATCH', path: `/api/documents/folders/${folder.id}`, body: { name: 'Segredos' } },
    ]);
    const theirs = await call<{ items: DocumentListItem[] }>('?q=campinas', outsider);
    expect(theirs.body.items).toEqual([]);
    expect((await call(`/${d.id}`, outsider, 'DELETE')).status).toBe(404);
    expect((await call(`/${d.id}`, ana)).status).toBe(200);
  });
});

describe("a project's documentation (/documentacao-projeto)", () => {
  it('lists the documents created for a project; another company gets 404; a project id of nobody 404', async () => {
    const project = await server.request('/api/projects', { method: 'POST', json: { name: 'Implantação Cliente X' }, jar: ana.jar });
    expect(project.status, await project.clone().text()).toBe(201);
    const { id: projectId } = (await project.json()) as { id: string };
    const named = await call<{ id: string; name: string }>(`/projects/${projectId}`, bruno);
    expect(named.body).toEqual({ id: projectId, name: 'Implantação Cliente X' });
    const d = await create(ana, { title: 'Escopo do projeto', projectId });
    expect(d.projectId).toBe(projectId);
    await create(ana, { title: 'Fora do projeto' });
    const list = await call<{ items: DocumentListItem[] }>(`?projectId=${projectId}`, bruno);
    expect(list.body.items.map((i) => i.title)).toEqual(['Escopo do projeto']);
    expect((await call(`?projectId=${projectId}`, outsider)).status).toBe(404);
    expect((await call(`/projects/${projectId}`, outsider)).status).toBe(404);
    expect((await call('', outsider, 'POST', { title: 'Intruso', projectId })).status).toBe(404);
    expect((await call(`/projects/${crypto.randomUUID()}`, ana)).status).toBe(404);
  });
});
