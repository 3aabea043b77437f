import * as encoding from 'lib0/encoding';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CANVAS_YDOC, type CanvasBoardView } from '@sede/shared/canvas/schemas';
import { canvasSync } from '../../src/modules/canvas/sync.ts';
import { syncEvents } from '../../src/platform/sync/rooms.ts';
import { within } from '../platform/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person } from '../team/support.ts';

/**
 * A page reloaded while its board is open (decision 0736): the new socket's upgrade can be handled
 * before the old socket's close. The old one, the last in the room, closes the room; the new one,
 * opened next, must join the board's current room, not the closed one that drops every write.
 * The sockets are driven by hand here, to hold that order exactly.
 */
let server: TestServer;
let admin: Person;
let companyId: string;
beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Quadros Recarregados Ltda'));
});
afterAll(async () => {
  await server?.stop();
});

type FakeSocket = { readyState: number; sent: Uint8Array[]; closed: number | null; send: (d: Uint8Array) => void; close: (code: number) => void };
const socket = (): FakeSocket => ({
  readyState: 1,
  sent: [],
  closed: null,
  send(d) {
    this.sent.push(d);
  },
  close(code) {
    this.closed = code;
  },
});

it('a socket upgraded before the last one left, and opened after, keeps what it draws', async () => {
  const res = await server.request('/api/canvas/boards', { method: 'POST', json: { title: 'Recarregado' }, jar: admin.jar });
  const board = (await res.json()) as CanvasBoardView;
  const [session] = (await server.services.pool.query('select token, expires_at from session where user_id = $1 order by created_at desc limit 1', [admin.userId])).rows;
  const grant = () => ({
    userId: admin.userId,
    companyId,
    sessionToken: session.token as string,
    sessionExpiresAt: new Date(session.expires_at).getTime(),
    membership: JSON.stringify(['admin', []]),
    canWrite: true,
    access: async () => ({ canWrite: true }),
  });
  const s = server.services;

  // The page before the reload: its socket in the board's room.
  const old = syncEvents(s, canvasSync, board.id, grant());
  const oldWs = socket();
  old.onOpen?.(new Event('open'), oldWs as never);
  await within(5000, () => oldWs.sent.length >= 2); // the epoch and the first sync step

  // The reloaded page's upgrade, then the old socket's close (the room's last), then the new socket's open.
  const reloaded = syncEvents(s, canvasSync, board.id, grant());
  old.onClose?.(new Event('close') as never, oldWs as never);
  await new Promise((r) => setTimeout(r, 300)); // the room closed: its snapshot written, its document destroyed
  const ws = socket();
  reloaded.onOpen?.(new Event('open'), ws as never);
  await within(5000, () => ws.sent.length >= 2);

  // A rectangle drawn on the reloaded page reaches the database.
  const doc = new Y.Doc();
  doc.getMap(CANVAS_YDOC.elements).set('r1', { id: 'r1', type: 'rectangle', version: 1, versionNonce: 1, index: 'a0', x: 10 });
  const enc = encoding.createEncoder();
  encoding.writeVarUint(enc, 0);
  syncProtocol.writeUpdate(enc, Y.encodeStateAsUpdate(doc));
  reloaded.onMessage?.(new MessageEvent('message', { data: encoding.toUint8Array(enc) }) as never, ws as never);
  const rows = async () => Number((await s.pool.query('select count(*) from canvas_board_updates where board_id = $1', [board.id])).rows[0].count);
  await within(5000, async () => (await rows()) === 1);
  expect(ws.closed).toBeNull();

  reloaded.onClose?.(new Event('close') as never, ws as never);
  await within(5000, async () => {
    const stored = (await (await server.request(`/api/canvas/boards/${board.id}`, { jar: admin.jar })).json()) as CanvasBoardView;
    return stored.scene.elements.length === 1;
  });
});
