import { describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { CANVAS_YDOC, type CanvasBoardListItem, type CanvasBoardView, type CanvasScene } from '@sede/shared/canvas/schemas';
import { pngBytes, upload } from '../files/support.ts';
import { openSyncSocket, type Refusal, type SyncSocket } from '../support/sync-client.ts';
import { within } from '../platform/support.ts';
import { startInstanceOn, type SyncInstances, withSyncInstances } from '../support/sync-instances.ts';
import type { TestServer } from '../support/test-server.ts';
import type { Person } from '../team/support.ts';

/** Shared editing of boards through the documents' sync (decision 0311): one mechanism, two entity types. */
let { a, b, admin, ana, bruno, outsider } = {} as SyncInstances;
const open = withSyncInstances('Quadros Conjuntos Ltda', 'sede-canvas-b-', (s) => ({ a, b, admin, ana, bruno, outsider } = s));

type El = { id: string; type: string; version: number; versionNonce: number; isDeleted?: boolean; index?: string; x?: number; fileId?: string };
const rect = (id: string, extra: Partial<El> = {}): El => ({ id, type: 'rectangle', version: 1, versionNonce: 1, index: 'a0', x: 10, ...extra });
const elements = (c: SyncSocket) => c.doc.getMap<El>(CANVAS_YDOC.elements);
const draw = (c: SyncSocket, el: El) => elements(c).set(el.id, el);
const scene = (els: CanvasScene['elements'], files: Record<string, string> = {}): CanvasScene => ({ elements: els, appState: { viewBackgroundColor: '#ffffff' }, files });

async function create(who: Person, title: string, server = a): Promise<CanvasBoardView> {
  const res = await server.request('/api/canvas/boards', { method: 'POST', json: { title }, jar: who.jar });
  expect(res.status).toBe(201);
  return (await res.json()) as CanvasBoardView;
}
const get = async (server: TestServer, who: Person, id: string) => (await (await server.request(`/api/canvas/boards/${id}`, { jar: who.jar })).json()) as CanvasBoardView;
const openBoard = (server: TestServer, id: string, who: Person | null, origin?: string, opts: { epoch?: number; doc?: Y.Doc } = {}) =>
  openSyncSocket(server.url, `/api/canvas/boards/${id}/sync`, who?.jar ?? null, origin, opts);
async function join(server: TestServer, who: Person, id: string) {
  const c = await openBoard(server, id, who);
  if ('refused' in c) throw new Error(`sync refused with ${c.refused}`);
  open.push(c);
  // A socket closed before its first sync says why, instead of waiting for the test's timeout.
  await Promise.race([c.synced, c.closed.then((code) => Promise.reject(new Error(`closed with ${code} before the first sync`)))]);
  return c;
}
const rows = async (id: string) => Number((await a.services.pool.query('select count(*) from canvas_board_updates where board_id = $1', [id])).rows[0].count);

describe('canvas: shared editing', () => {
  it('two people on one board see each other’s strokes and pointers; the stored scene (the list’s preview) follows', async () => {
    const board = await create(ana, 'Brainstorm');
    const [one, two] = await Promise.all([join(a, ana, board.id), join(a, bruno, board.id)]);
    const t0 = Date.now();
    draw(one, rect('r1'));
    await within(2000, () => elements(two).get('r1')?.type === 'rectangle');
    const latency = Date.now() - t0;
    expect(latency).toBeLessThan(500);
    // A newer version of the same element replaces it; a deletion is the element with isDeleted.
    draw(two, rect('r1', { version: 2, versionNonce: 7, x: 99 }));
    draw(two, rect('r2', { index: 'a1' }));
    await within(2000, () => elements(one).get('r1')?.x === 99 && elements(one).has('r2'));
    draw(one, rect('r2', { version: 2, versionNonce: 3, isDeleted: true }));
    await within(2000, () => elements(two).get('r2')?.isDeleted === true);
    // Pointers travel as awareness.
    one.awareness.setLocalStateField('pointer', { x: 12, y: 34, tool: 'pointer' });
    await within(2000, () => [...two.awareness.getStates().values()].some((st) => (st as { pointer?: { x: number } }).pointer?.x === 12));
    // The server writes the scene: live elements only, by Excalidraw's order; the list counts them.
    await within(5000, async () => (await get(a, admin, board.id)).scene.elements.length === 1);
    const stored = await get(a, admin, board.id);
    expect(stored.scene.elements).toEqual([rect('r1', { version: 2, versionNonce: 7, x: 99 })]);
    expect(stored.revision).toBeGreaterThan(0);
    const list = (await (await a.request('/api/canvas/boards', { jar: ana.jar })).json()) as { boards: CanvasBoardListItem[] };
    expect(list.boards.find((x) => x.id === board.id)?.elements).toBe(1);
  });

  it('a stroke reaches the other person at once (relayed, not polled), on one instance and across two', async () => {
    const board = await create(ana, 'Latência');
    const p95 = async (from: SyncSocket, to: SyncSocket, prefix: string) => {
      const times: number[] = [];
      for (let i = 0; i < 40; i++) {
        const t0 = performance.now();
        draw(from, rect(`${prefix}${i}`, { x: i, version: i + 1 }));
        await within(2000, () => elements(to).has(`${prefix}${i}`));
        times.push(performance.now() - t0);
      }
      times.sort((x, y) => x - y);
      return times[Math.ceil(times.length * 0.95) - 1]!;
    };
    const one = await join(a, ana, board.id);
    const two = await join(a, bruno, board.id);
    const three = await join(b, admin, board.id);
    const same = await p95(one, two, 's');
    const across = await p95(one, three, 'x');
    console.log(`canvas: stroke to another client p95 ${same.toFixed(1)} ms (one instance), ${across.toFixed(1)} ms (two instances)`);
    // The 200 ms target is bench/canvas.bench.ts's (measured alone); here, among the suite's parallel
    // files on a shared machine, the bound only proves strokes are relayed as they come (not through
    // the 1.5 s scene write or a poll).
    expect(same).toBeLessThan(1000);
    expect(across).toBeLessThan(1000);
  });

  it('strokes made while disconnected reach the others on reconnect (same epoch): no lost work', async () => {
    const board = await create(ana, 'Reconexão');
    const stay = await join(a, bruno, board.id);
    const away = await join(a, ana, board.id);
    draw(away, rect('before'));
    await within(2000, () => elements(stay).has('before'));
    const epoch = away.epoch()!;
    away.close();
    await away.closed;
    // Offline: a new shape and a newer version of the old one, kept in the page's Y.Doc.
    draw(away, rect('offline', { index: 'a1' }));
    draw(away, rect('before', { version: 2, versionNonce: 5, x: 300 }));
    const back = await openBoard(a, board.id, ana, undefined, { epoch, doc: away.doc });
    if ('refused' in back) throw new Error('refused');
    open.push(back);
    await back.synced;
    await within(3000, () => elements(stay).has('offline') && elements(stay).get('before')?.x === 300);
    await within(5000, async () => (await get(a, ana, board.id)).scene.elements.map((e) => e.id).join() === 'before,offline');
  });

  it('deleting a board closes the sockets open on it, on every instance; it is 404 afterwards', async () => {
    const board = await create(ana, 'Apagável');
    const onA = await join(a, bruno, board.id);
    const onB = await join(b, admin, board.id);
    draw(onA, rect('x'));
    await within(2000, () => elements(onB).has('x'));
    expect((await a.request(`/api/canvas/boards/${board.id}`, { method: 'DELETE', jar: ana.jar })).status).toBe(200);
    expect(await onA.closed).toBe(4409);
    expect(await onB.closed).toBe(4409);
    expect(await openBoard(a, board.id, ana)).toEqual({ refused: 404 });
    expect(await rows(board.id)).toBe(0);
  });

  it('a board drawn before shared editing is seeded exactly once when two open it together, on two instances', async () => {
    const board = await create(ana, 'Antigo');
    const saved = await a.request(`/api/canvas/boards/${board.id}/scene`, { method: 'PUT', json: { scene: scene([rect('old1'), rect('old2', { index: 'a1' })]), revision: 0 }, jar: ana.jar });
    expect(saved.status).toBe(200);
    const clients = await Promise.all([join(a, ana, board.id), join(b, bruno, board.id), join(a, admin, board.id)]);
    for (const c of clients) expect([...elements(c).keys()].sort()).toEqual(['old1', 'old2']);
    for (const c of clients) expect(c.doc.getMap(CANVAS_YDOC.appState).get('viewBackgroundColor')).toBe('#ffffff');
    expect(await rows(board.id)).toBe(1);
  });

  it('relays strokes between two instances on one database, and keeps them across a restart', async () => {
    const board = await create(ana, 'Entre instâncias');
    const onA = await join(a, ana, board.id);
    const onB = await join(b, bruno, board.id);
    draw(onA, rect('fromA'));
    await within(3000, () => elements(onB).has('fromA'));
    draw(onB, rect('fromB', { index: 'a1' }));
    await within(3000, () => elements(onA).has('fromB'));
    onA.close();
    onB.close();
    await Promise.all([onA.closed, onB.closed]);
    const c = await startInstanceOn(a, 'sede-canvas-c-');
    try {
      const again = await openBoard(c, board.id, admin);
      if ('refused' in again) throw new Error('refused');
      await again.synced;
      expect([...elements(again).keys()].sort()).toEqual(['fromA', 'fromB']);
      again.close();
      await again.closed;
    } finally {
      await c.stop();
    }
    // The last one out wrote the scene.
    expect((await get(a, ana, board.id)).scene.elements.map((e) => e.id)).toEqual(['fromA', 'fromB']);
  });

  it('refuses another company’s member (on both instances), a bad id, a stranger and another site', async () => {
    const board = await create(ana, 'Segredo da empresa');
    expect(await openBoard(a, board.id, outsider)).toEqual({ refused: 404 } satisfies Refusal);
    expect(await openBoard(b, board.id, outsider)).toEqual({ refused: 404 });
    expect(await openBoard(a, 'nao-e-um-id', ana)).toEqual({ refused: 404 });
    expect(await openBoard(a, crypto.randomUUID(), ana)).toEqual({ refused: 404 });
    expect(await openBoard(a, board.id, null)).toEqual({ refused: 401 });
    expect(await openBoard(a, board.id, ana, 'https://malicioso.example')).toEqual({ refused: 403 });
    // A board id opened on the documents' socket is not a document there either.
    expect(await openSyncSocket(a.url, `/api/documents/${board.id}/sync`, ana.jar)).toEqual({ refused: 404 });
  });

  it('a forged, oversized or inline-image message closes that socket; the board stays intact', async () => {
    const board = await create(ana, 'Intacto');
    const watcher = await join(a, bruno, board.id);
    const drawer = await join(a, ana, board.id);
    draw(drawer, rect('keep'));
    await within(2000, () => elements(watcher).has('keep'));
    const before = await rows(board.id);
    const forger = await join(a, ana, board.id);
    forger.ws.send(Buffer.from([0, 2, 10, 255, 255, 255, 255, 15, 1, 2, 3, 4, 5, 6]));
    expect(await forger.closed).toBe(4400);
    const big = await join(a, ana, board.id);
    big.ws.send(Buffer.alloc(3 * 1024 * 1024, 1));
    expect(await big.closed).toBe(1009);
    // An image's bytes inside an element: refused (images are platform files, decision 0296).
    const inline = await join(a, ana, board.id);
    draw(inline, rect('img', { type: 'image', fileId: 'f1', dataURL: 'data:image/png;base64,AAAA' } as Partial<El>));
    expect(await inline.closed).toBe(4400);
    expect(await rows(board.id)).toBe(before);
    expect([...elements(watcher).keys()]).toEqual(['keep']);
    const next = await join(a, ana, board.id);
    expect([...elements(next).keys()]).toEqual(['keep']);
  });

  it('images stay platform files: the stored scene maps only this board’s live files', async () => {
    const board = await create(ana, 'Com imagem');
    const up = await upload(a, ana.jar, `entityType=canvas_board&entityId=${board.id}&kind=image`, await pngBytes(20, 20), 'foto.png');
    expect(up.status).toBe(201);
    const fileId = up.body.id as string;
    const c = await join(a, ana, board.id);
    c.doc.transact(() => {
      c.doc.getMap(CANVAS_YDOC.files).set(fileId, fileId);
      c.doc.getMap(CANVAS_YDOC.files).set('stranger', crypto.randomUUID());
      draw(c, rect('img1', { type: 'image', fileId }));
      draw(c, rect('img2', { type: 'image', fileId: 'stranger', index: 'a1' }));
    });
    await within(5000, async () => (await get(a, ana, board.id)).scene.elements.length === 2);
    expect((await get(a, ana, board.id)).scene.files).toEqual({ [fileId]: fileId });
  });

  it('a save outside shared editing (the fallback) replaces the shared state: open sockets reload, an old state is never merged back', async () => {
    const board = await create(ana, 'Substituível');
    const live = await join(a, ana, board.id);
    draw(live, rect('live1'));
    await within(5000, async () => (await get(a, ana, board.id)).scene.elements.length === 1);
    const away = await join(a, bruno, board.id);
    const epoch = away.epoch();
    expect(epoch).not.toBeNull();
    away.close();
    await away.closed;
    const current = await get(a, ana, board.id);
    const saved = await a.request(`/api/canvas/boards/${board.id}/scene`, { method: 'PUT', json: { scene: scene([rect('rest1')]), revision: current.revision }, jar: admin.jar });
    expect(saved.status).toBe(200);
    expect(await live.closed).toBe(4409);
    const again = await join(a, bruno, board.id);
    expect([...elements(again).keys()]).toEqual(['rest1']);
    // Coming back with the replaced state: told to reload (4409), never merged.
    draw(away, rect('offline'));
    const back = await openBoard(a, board.id, bruno, undefined, { epoch: epoch!, doc: away.doc });
    expect('refused' in back).toBe(false);
    expect(await (back as SyncSocket).closed).toBe(4409);
    await new Promise((r) => setTimeout(r, 300));
    expect([...elements(again).keys()]).toEqual(['rest1']);
  });
});
