import { describe, expect, it } from 'vitest';
import { CANVAS_YDOC, type CanvasBoardView } from '@sede/shared/canvas/schemas';
import { within } from '../platform/support.ts';
import { openSyncSocket, type SyncSocket } from '../support/sync-client.ts';
import { type SyncInstances, withSyncInstances } from '../support/sync-instances.ts';
import type { TestServer } from '../support/test-server.ts';
import { memberOf, type Person } from '../team/support.ts';

/** Boards follow the documents (decision 0420): a person who loses access is closed out on every instance, and their strokes meanwhile are not kept. */
let { a, b, companyId, admin, ana } = {} as SyncInstances;
const open = withSyncInstances('Quadros Revogados Ltda', 'sede-canvas-access-b-', (s) => ({ a, b, companyId, admin, ana } = s));

const rect = (id: string) => ({ id, type: 'rectangle', version: 1, versionNonce: 1, index: 'a0', x: 10 });
const elements = (c: SyncSocket) => c.doc.getMap<{ id: string }>(CANVAS_YDOC.elements);
const present = (c: SyncSocket, userId: string) => [...c.awareness.getStates().values()].some((st) => (st as { user?: { id?: string } }).user?.id === userId);
const closedWithin = (c: SyncSocket, ms = 5000) => Promise.race([c.closed, new Promise<string>((r) => setTimeout(() => r('still open'), ms))]);

async function join(server: TestServer, who: Person, id: string) {
  const c = await openSyncSocket(server.url, `/api/canvas/boards/${id}/sync`, who.jar);
  if ('refused' in c) throw new Error(`sync refused with ${c.refused}`);
  open.push(c);
  await c.synced;
  return c;
}
async function board(): Promise<CanvasBoardView> {
  const res = await a.request('/api/canvas/boards', { method: 'POST', json: { title: 'Quadro da equipe' }, jar: ana.jar });
  expect(res.status).toBe(201);
  return (await res.json()) as CanvasBoardView;
}
/** The board's elements now, through a fresh socket of its admin. */
async function stored(id: string) {
  const c = await join(a, admin, id);
  const ids = [...elements(c).keys()];
  c.close();
  await c.closed;
  return ids;
}

describe('canvas: shared editing when access is taken away', () => {
  for (const [what, code, change] of [
    ['a member removed from the company', 4404, (p: Person) => a.request(`/api/members/${p.userId}`, { method: 'DELETE', jar: admin.jar })],
    ['a person who signs out', 4401, (p: Person) => a.request('/api/auth/sign-out', { method: 'POST', json: {}, jar: p.jar })],
  ] as const) {
    it(`${what} is closed out on the other instance (${code}); their stroke meanwhile is not kept, and nothing reaches them after`, async () => {
      const { id } = await board();
      const person = await memberOf(a, companyId, 'vendas');
      const stays = await join(a, ana, id);
      const gone = await join(b, person, id);
      gone.awareness.setLocalStateField('user', { id: person.userId, name: 'Quem sai' });
      await within(3000, () => present(stays, person.userId));
      expect((await change(person)).status).toBe(200);
      elements(gone).set('late', rect('late'));
      expect(await closedWithin(gone)).toBe(code);
      await within(3000, () => !present(stays, person.userId));
      elements(stays).set('after', rect('after'));
      await within(3000, async () => (await stored(id)).includes('after'));
      expect(await stored(id)).not.toContain('late');
      expect(elements(gone).has('after')).toBe(false);
    });
  }
});
