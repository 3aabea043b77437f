import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanvasBoardListItem, CanvasBoardView, CanvasScene } from '@sede/shared/canvas/schemas';
import { pngBytes, rawUpload, upload } from '../files/support.ts';
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
  const res = await server.request(`/api/canvas${path}`, { method, json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}
const rect = (id: string, extra: Record<string, unknown> = {}) => ({ id, type: 'rectangle', x: 10, y: 20, width: 100, height: 50, ...extra });
const scene = (elements: CanvasScene['elements'], files: Record<string, string> = {}): CanvasScene => ({ elements, appState: { viewBackgroundColor: '#ffffff' }, files });
async function create(who: Person, title: string) {
  const res = await call<CanvasBoardView>('/boards', who, 'POST', { title });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  let companyId: string;
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Quadros Ltda'));
  ana = await memberOf(server, companyId, 'vendas');
  bruno = await memberOf(server, companyId, 'financeiro');
  outsider = (await createCompanyWithAdmin(server, 'Outra Ltda')).admin;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('canvas: boards', () => {
  it('creates, lists the most recently changed first, saves by revision (stale is 409, nothing lost), renames', async () => {
    const a = await create(ana, 'Fluxo de vendas');
    expect(a).toMatchObject({ title: 'Fluxo de vendas', revision: 0, elements: 0, canManage: true, scene: { elements: [], files: {} } });
    const b = await create(bruno, 'Mapa do caixa');
    expect((await call<{ boards: CanvasBoardListItem[] }>('/boards', ana)).body.boards.map((x) => x.id).slice(0, 2)).toEqual([b.id, a.id]);

    const saved = await call<{ revision: number }>(`/boards/${a.id}/scene`, bruno, 'PUT', { scene: scene([rect('r1'), rect('r2', { isDeleted: true })]), revision: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.revision).toBe(1);
    // Ana's editor still holds revision 0: refused, and Bruno's drawing stays.
    const stale = await call(`/boards/${a.id}/scene`, ana, 'PUT', { scene: scene([]), revision: 0 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('CANVAS_STALE');
    expect(stale.body.error).toMatch(/alterado por outra pessoa/);
    const now = await call<CanvasBoardView>(`/boards/${a.id}`, ana);
    expect(now.body.scene.elements.map((e) => e.id)).toEqual(['r1', 'r2']);
    expect(now.body.revision).toBe(1);

    const list = (await call<{ boards: CanvasBoardListItem[] }>('/boards', ana)).body.boards;
    expect(list[0]).toMatchObject({ id: a.id, elements: 1, canManage: true });
    expect(list.find((x) => x.id === b.id)?.canManage).toBe(false);

    const renamed = await call<CanvasBoardView>(`/boards/${a.id}`, bruno, 'PATCH', { title: '  Funil 2026 ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Funil 2026');
    const empty = await call(`/boards/${a.id}`, bruno, 'PATCH', { title: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Informe o nome do quadro.');
  });

  it('a repeated create with the same id answers the same board', async () => {
    const id = crypto.randomUUID();
    const first = await call<CanvasBoardView>('/boards', ana, 'POST', { id, title: 'Ideias' });
    const again = await call<CanvasBoardView>('/boards', ana, 'POST', { id, title: 'Ideias' });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body.id).toBe(id);
    expect((await call<{ boards: CanvasBoardListItem[] }>('/boards', ana)).body.boards.filter((x) => x.id === id)).toHaveLength(1);
    expect((await call('/boards', bruno, 'POST', { id, title: 'Outro' })).status).toBe(409);
  });

  it('deleting is the creator’s or the admin’s: another member gets 403', async () => {
    const mine = await create(ana, 'Rascunho da Ana');
    const refused = await call(`/boards/${mine.id}`, bruno, 'DELETE');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('Só quem criou o quadro (ou um administrador) pode excluí-lo.');
    expect((await call(`/boards/${mine.id}`, ana, 'DELETE')).status).toBe(200);
    expect((await call(`/boards/${mine.id}`, ana)).status).toBe(404);
    const other = await create(bruno, 'Do Bruno');
    expect((await call(`/boards/${other.id}`, admin, 'DELETE')).status).toBe(200);
  });

  it('bad input: a scene over 1 MB is 413, inlined images and malformed scenes are 400, nothing saved', async () => {
    const board = await create(ana, 'Limites');
    const huge = Array.from({ length: 3000 }, (_, i) => rect(`e${i}`, { text: 'x'.repeat(500) }));
    const big = await call(`/boards/${board.id}/scene`, ana, 'PUT', { scene: scene(huge), revision: 0 });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');

    const inline = await call(`/boards/${board.id}/scene`, ana, 'PUT', { scene: scene([rect('img', { type: 'image', fileId: 'f1', dataURL: 'data:image/png;base64,AAAA' })]), revision: 0 });
    expect(inline.status).toBe(400);
    expect(inline.body.code).toBe('CANVAS_INLINE_IMAGE');
    for (const bad of [{ elements: 'x' }, { elements: [{ type: 'rectangle' }] }, { elements: [], files: { f1: 'data:image/png;base64,AAAA' } }]) {
      const res = await call(`/boards/${board.id}/scene`, ana, 'PUT', { scene: bad, revision: 0 });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    expect((await call(`/boards/${board.id}/scene`, ana, 'PUT', { scene: scene([]), revision: 'um' })).status).toBe(400);
    expect((await call<CanvasBoardView>(`/boards/${board.id}`, ana)).body.revision).toBe(0);
    // A text that merely starts with 'data:' is a text, not an inlined image.
    const text = await call(`/boards/${board.id}/scene`, ana, 'PUT', { scene: scene([rect('t1', { type: 'text', text: 'data: 25/11, reunião' })]), revision: 0 });
    expect(text.status, JSON.stringify(text.body)).toBe(200);
    expect((await call('/boards/nao-e-um-id', ana)).status).toBe(404);
  });

  it('images are platform files of the board, referenced by id; a 50 MB image gets the files’ refusal', async () => {
    const board = await create(ana, 'Com imagem');
    const up = await upload(server, bruno.jar, `entityType=canvas_board&entityId=${board.id}&kind=image`, await pngBytes(40, 30), 'foto.png');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const fileId = up.body.id as string;
    const withImage = scene([rect('img1', { type: 'image', fileId: 'exc-file-1', status: 'saved' })], { 'exc-file-1': fileId });
    const saved = await call<{ revision: number }>(`/boards/${board.id}/scene`, ana, 'PUT', { scene: withImage, revision: 0 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call<CanvasBoardView>(`/boards/${board.id}`, ana)).body.scene.files).toEqual({ 'exc-file-1': fileId });
    const content = await server.request(`/api/files/${fileId}/content`, { jar: ana.jar });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toMatch(/image\/png/);

    // A file of another board is not this board's image.
    const other = await create(ana, 'Outro quadro');
    const foreign = await call(`/boards/${other.id}/scene`, ana, 'PUT', { scene: withImage, revision: 0 });
    expect(foreign.status).toBe(400);
    expect(foreign.body.code).toBe('CANVAS_UNKNOWN_FILE');

    // A 50 MB image: the files' own limit refuses it before storing.
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const big = await rawUpload(server, ana.jar, `entityType=canvas_board&entityId=${board.id}&kind=image`, (function* () {
      yield pngHeader();
      for (let i = 0; i < 50; i++) yield chunk;
    })(), { name: 'enorme.png', contentLength: 50 * 1024 * 1024 + 8 });
    expect(big.status).toBe(413);
    expect(String(big.body.error)).toMatch(/grande demais|limite|MB/i);

    // Files of a board that is not the company's: 404.
    const theirs = await upload(server, outsider.jar, `entityType=canvas_board&entityId=${board.id}&kind=image`, await pngBytes(10, 10), 'x.png');
    expect(theirs.status).toBe(404);
    expect((await server.request(`/api/files/${fileId}/content`, { jar: outsider.jar })).status).toBe(404);
    expect((await server.request(`/api/files?entityType=canvas_board&entityId=${board.id}`, { jar: outsider.jar })).status).toBe(404);
  });

  it("another company's member gets 404 for every board endpoint; nothing leaks", async () => {
    const board = await create(ana, 'Estratégia secreta');
    // Its id cannot be taken by another company either.
    expect((await call('/boards', outsider, 'POST', { id: board.id, title: 'x' })).status).toBe(409);
    await expectTenantIsolation(server, { owner: ana, outsider, secrets: ['Estratégia secreta', board.id] }, [
      { method: 'GET', path: `/api/canvas/boards/${board.id}` },
      { method: 'PUT', path: `/api/canvas/boards/${board.id}/scene`, body: { scene: scene([rect('a')]), revision: 0 } },
      { method: 'PATCH', path: `/api/canvas/boards/${board.id}`, body: { title: 'Estratégia secreta' } },
      // The sync socket's route (decision 0311): a plain GET from the owner is 400 (WebSocket only), 404 for the outsider.
      { method: 'GET', path: `/api/canvas/boards/${board.id}/sync`, ownerStatus: 400 },
      { method: 'DELETE', path: `/api/canvas/boards/${board.id}` },
    ]);
    const list = await call<{ boards: CanvasBoardListItem[] }>('/boards', outsider);
    expect(list.status).toBe(200);
    expect(list.body.boards.map((b) => b.id)).not.toContain(board.id);
  });
});

const pngHeader = () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
