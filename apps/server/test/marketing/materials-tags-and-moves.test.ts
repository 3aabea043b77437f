import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientSummary } from '@sede/shared/marketing/clients';
import type { MaterialFolder, MaterialListResponse, MaterialView } from '@sede/shared/marketing/materials';
import { openEvents, within } from '../platform/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { sql, type Person } from '../team/support.ts';
import { agencyWithPeople, marketingApi } from './support.ts';

/** Decision 0342: tags typed once at the upload, and folders moved (with what they hold). */
let server: TestServer;
let companyId: string;
let admin: Person;
let mkt: Person;
let vendas: Person;
let outsider: Person;
let outsiderCompany: string;
let own: ClientSummary;
let other: ClientSummary;
const api = marketingApi(() => server);

const TAGS_ERROR = 'Use até 20 etiquetas de até 40 caracteres (letras, números, espaço ou hífen).';

const jpeg = (size = 32) => sharp({ create: { width: size, height: size, channels: 3, background: { r: 20, g: 120, b: 200 } } }).jpeg().toBuffer();

async function upload(who: Person, query: string, data: Buffer, name: string): Promise<{ status: number; body: MaterialView & { error?: string; code?: string } }> {
  const res = await server.request(`/api/marketing/materials?${query}`, {
    method: 'POST',
    jar: who.jar,
    headers: { 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    body: data,
  });
  return { status: res.status, body: (await res.json()) as MaterialView & { error?: string; code?: string } };
}

/** Every object under DATA_DIR/files of the company. */
function stored(): string[] {
  const root = path.join(server.dataDir, 'files', companyId);
  return existsSync(root) ? readdirSync(root) : [];
}
const materialCount = async () => ((await sql(server, 'SELECT count(*)::int AS n FROM marketing_materials WHERE company_id = $1', [companyId]))[0] as { n: number }).n;
const fileCount = async () => ((await sql(server, "SELECT count(*)::int AS n FROM files WHERE company_id = $1 AND entity_type = 'marketing_material'", [companyId]))[0] as { n: number }).n;

const folder = async (clientId: string, name: string, parentId: string | null = null) => {
  const res = await api<MaterialFolder>('/material-folders', mkt, 'POST', { clientId, parentId, name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};
const move = (id: string, body: unknown, who: Person = mkt) => api<MaterialFolder>(`/material-folders/${id}`, who, 'PATCH', body);
const parents = async (clientId: string) => Object.fromEntries((await api<{ folders: MaterialFolder[] }>(`/material-folders?clientId=${clientId}`, mkt)).body.folders.map((f) => [f.name, f.parentId]));

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin, mkt, vendas, outsider, outsiderCompanyId: outsiderCompany } = await agencyWithPeople(server, 'Agência Etiqueta Certa Ltda'));
  const org = await server.request('/api/parties/organizations', { method: 'POST', json: { razaoSocial: 'Cafeteria Grão Fino Ltda', nomeFantasia: 'Grão Fino' }, jar: admin.jar });
  const orgId = ((await org.json()) as { id: string }).id;
  other = (await api<ClientSummary>('/clients', mkt, 'POST', { organizationId: orgId })).body;
  own = (await api<{ clients: ClientSummary[] }>('/clients', mkt)).body.clients.find((c) => c.isOwn)!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('marketing materials: tags typed at the upload', () => {
  it('applies the same tags to every file of the upload, with the rules of "Editar" (lower case, no #, no repeats)', async () => {
    const tags = encodeURIComponent('Campanha de Verão, #Logo,logo , ');
    const a = await upload(mkt, `clientId=${own.id}&tags=${tags}`, await jpeg(), 'Verão 1.jpg');
    const b = await upload(mkt, `clientId=${own.id}&tags=${tags}`, await jpeg(40), 'Verão 2.jpg');
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(a.body.tags).toEqual(['campanha de verão', 'logo']);
    expect(b.body.tags).toEqual(['campanha de verão', 'logo']);
    const stored = await sql(server, 'SELECT tags FROM marketing_materials WHERE id = ANY($1::uuid[]) ORDER BY id', [[a.body.id, b.body.id]]);
    expect(stored.map((r) => r.tags)).toEqual([
      ['campanha de verão', 'logo'],
      ['campanha de verão', 'logo'],
    ]);
    const byTag = await api<MaterialListResponse>(`/materials?clientId=${own.id}&tag=${encodeURIComponent('campanha de verão')}`, mkt);
    expect(byTag.body.materials.map((m) => m.name)).toEqual(['Verão 2.jpg', 'Verão 1.jpg']);
    const list = await api<{ tags: { tag: string; count: number }[] }>(`/material-tags?clientId=${own.id}`, mkt);
    expect(list.body.tags).toEqual([
      { tag: 'campanha de verão', count: 2 },
      { tag: 'logo', count: 2 },
    ]);
    // Without tags the material has none.
    const plain = await upload(mkt, `clientId=${own.id}&tags=`, await jpeg(48), 'Sem etiqueta.jpg');
    expect(plain.body.tags).toEqual([]);
  });

  it('bad tags are a 400 in Portuguese before a byte is stored', async () => {
    const filesBefore = stored().length;
    const rowsBefore = [await materialCount(), await fileCount()];
    const tooMany = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    for (const bad of ['<script>', 'ok,a/b', 'x'.repeat(41), tooMany, '-começa-com-hífen']) {
      const res = await upload(mkt, `clientId=${own.id}&tags=${encodeURIComponent(bad)}`, await jpeg(), 'Recusada.jpg');
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toEqual({ error: TAGS_ERROR, code: 'VALIDATION_ERROR' });
    }
    expect(stored().length).toBe(filesBefore);
    expect([await materialCount(), await fileCount()]).toEqual(rowsBefore);
  });

  it('isolation of the upload with tags: another company 404, a member without marketing 403; nothing stored', async () => {
    const before = stored().length;
    const rows = await materialCount();
    expect((await upload(outsider, `clientId=${own.id}&tags=intrusa`, await jpeg(), 'x.jpg')).status).toBe(404);
    expect((await upload(vendas, `clientId=${own.id}&tags=intrusa`, await jpeg(), 'x.jpg')).status).toBe(403);
    expect(stored().length).toBe(before);
    expect(await materialCount()).toBe(rows);
    const leaked = await sql(server, "SELECT 1 FROM marketing_materials WHERE 'intrusa' = ANY(tags)");
    expect(leaked).toHaveLength(0);
  });
});

describe('marketing materials: moving folders', () => {
  let marca: MaterialFolder;
  let ano: MaterialFolder;
  let verao: MaterialFolder;
  let arquivo: MaterialFolder;
  let logo: MaterialView;

  beforeAll(async () => {
    // Marca / 2026 / Verão, and Arquivo at the root; a material in 2026.
    marca = await folder(own.id, 'Marca');
    ano = await folder(own.id, '2026', marca.id);
    verao = await folder(own.id, 'Verão', ano.id);
    arquivo = await folder(own.id, 'Arquivo');
    logo = (await upload(mkt, `clientId=${own.id}&folderId=${ano.id}`, await jpeg(56), 'Logo 2026.jpg')).body;
  });

  it('moves a folder under another folder of the client, with its subfolders and materials, then back to the root; announced live', async () => {
    const stream = await openEvents(server, admin.jar);
    try {
      const moved = await move(ano.id, { parentId: arquivo.id });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body).toMatchObject({ id: ano.id, parentId: arquivo.id, name: '2026', clientId: own.id });
      expect(await parents(own.id)).toEqual({ Marca: null, Arquivo: null, '2026': arquivo.id, Verão: ano.id });
      // The material went with its folder: same folder id, found in it.
      expect((await api<MaterialView>(`/materials/${logo.id}`, mkt)).body.folderId).toBe(ano.id);
      const inside = await api<MaterialListResponse>(`/materials?clientId=${own.id}&folderId=${ano.id}`, mkt);
      expect(inside.body.materials.map((m) => m.id)).toEqual([logo.id]);
      await within(5000, () => stream.of('entity').some((e) => (e.data as { entity: string; id: string; action?: string }).entity === 'marketing_material_folder' && (e.data as { id: string }).id === ano.id && (e.data as { action?: string }).action === 'updated'));
    } finally {
      stream.close();
    }
    const root = await move(ano.id, { parentId: null });
    expect(root.status).toBe(200);
    expect(root.body.parentId).toBeNull();
    expect(await parents(own.id)).toEqual({ Marca: null, Arquivo: null, '2026': null, Verão: ano.id });
    // Renamed and moved at once.
    const both = await move(ano.id, { name: 'Ano 2026', parentId: marca.id });
    expect(both.body).toMatchObject({ name: 'Ano 2026', parentId: marca.id });
  });

  it('into itself or one of its subfolders is a 409; nothing changes', async () => {
    for (const target of [marca.id, ano.id, verao.id]) {
      const res = await move(marca.id, { parentId: target });
      expect(res.status, target).toBe(409);
      expect(res.body).toEqual({ error: 'Uma pasta não pode ser movida para dentro dela mesma nem de uma das suas subpastas.', code: 'MATERIAL_FOLDER_INTO_ITSELF' });
    }
    expect(await parents(own.id)).toEqual({ Marca: null, Arquivo: null, 'Ano 2026': marca.id, Verão: ano.id });
  });

  it('a destination of another client, of another company or that does not exist is a 404; a bad id 400', async () => {
    const polar = await folder(other.id, 'Polar');
    const theirClient = (await api<{ clients: ClientSummary[] }>('/clients', outsider)).body.clients.find((c) => c.isOwn)!;
    const foreign = (await api<MaterialFolder>('/material-folders', outsider, 'POST', { clientId: theirClient.id, name: 'Deles' })).body;
    expect((await sql(server, 'SELECT company_id FROM marketing_material_folders WHERE id = $1', [foreign.id]))[0]!.company_id).toBe(outsiderCompany);
    for (const target of [polar.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await move(arquivo.id, { parentId: target });
      expect(res.status, target).toBe(404);
      expect(res.body).toEqual({ error: 'Pasta de destino não encontrada nesta empresa cliente.', code: 'NOT_FOUND' });
    }
    // And the other way: the other client's folder cannot be put under this client's.
    expect((await move(polar.id, { parentId: arquivo.id })).status).toBe(404);
    const bad = await move(arquivo.id, { parentId: 'nao-e-id' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Pasta de destino não encontrada nesta empresa cliente.');
    const empty = await move(arquivo.id, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Informe o novo nome ou a pasta de destino.');
    expect(await parents(own.id)).toEqual({ Marca: null, Arquivo: null, 'Ano 2026': marca.id, Verão: ano.id });
  });

  it('a sibling with the same name in the destination is a 409 with a clear message, never a 500', async () => {
    const outraMarca = await folder(own.id, 'marca', arquivo.id);
    const res = await move(outraMarca.id, { parentId: null });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Já existe uma pasta com esse nome aqui.', code: 'MATERIAL_FOLDER_EXISTS' });
    expect((await parents(own.id)).marca).toBe(arquivo.id);
  });

  it('keeps the 4-level limit with the moved folder\'s subfolders counted', async () => {
    // Marca / Ano 2026 / Verão is 3 levels; Arquivo holds "marca" (1 level below it).
    const deep = await folder(own.id, 'Fotos', verao.id); // level 4
    const res = await move(arquivo.id, { parentId: verao.id });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Com as subpastas que tem, esta pasta passaria de 4 níveis no destino. Escolha uma pasta mais acima.', code: 'MATERIAL_FOLDER_DEPTH' });
    // A leaf fits at level 4, not at level 5.
    const leaf = await folder(own.id, 'Solta');
    expect((await move(leaf.id, { parentId: verao.id })).status).toBe(200);
    expect((await move(leaf.id, { parentId: deep.id })).status).toBe(400);
  });

  it('two opposite moves at once never make a loop', async () => {
    const pairs = await Promise.all(Array.from({ length: 12 }, async (_, i) => [await folder(own.id, `Concorrente A${i}`), await folder(own.id, `Concorrente B${i}`)] as const));
    const answers = await Promise.all(pairs.flatMap(([a, b]) => [move(a.id, { parentId: b.id }), move(b.id, { parentId: a.id })]));
    for (let i = 0; i < pairs.length; i++) expect([answers[2 * i]!.status, answers[2 * i + 1]!.status].sort(), `pair ${i}`).toEqual([200, 409]);
    const ids = pairs.flat().map((f) => f.id);
    const rows = await sql(server, 'SELECT id, parent_id FROM marketing_material_folders WHERE id = ANY($1::uuid[]) AND parent_id IS NOT NULL', [ids]);
    expect(rows).toHaveLength(pairs.length);
  });

  it('isolation: another company 404, a member without marketing 403 on the move', async () => {
    const movable = await folder(own.id, 'Para mover');
    await expectTenantIsolation(server, { owner: mkt, outsider, withoutPermission: vendas, secrets: [companyId, 'Agência Etiqueta Certa', 'Para mover'] }, [
      { method: 'PATCH', path: `/api/marketing/material-folders/${movable.id}`, body: { parentId: arquivo.id }, ownerStatus: 200 },
      { method: 'PATCH', path: `/api/marketing/material-folders/${movable.id}`, body: { parentId: null }, ownerStatus: 200 },
    ]);
    expect((await parents(own.id))['Para mover']).toBeNull();
  });
});
