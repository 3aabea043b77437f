import { describe, expect, it } from 'vitest';
import type { DocContent, DocumentView } from '@sede/shared/documents/schemas';
import { within } from '../platform/support.ts';
import { type SyncInstances, withSyncInstances } from '../support/sync-instances.ts';
import type { TestServer } from '../support/test-server.ts';
import { memberOf, type Person } from '../team/support.ts';
import { connected, openSync, type SyncClient } from './sync-client.ts';

/**
 * Access lost while a document is open (decision 0420): whatever takes it away (the document made
 * restricted, the member removed, a role without it, the session ended), the person's sockets close
 * on every instance with a code that says why, a write they send meanwhile is not stored, and
 * neither edits nor presence reach them afterwards.
 */
let { a, b, companyId, admin, ana } = {} as SyncInstances;
const open = withSyncInstances('Acesso Revogado Ltda', 'sede-access-b-', (s) => ({ a, b, companyId, admin, ana } = s));

const SIGNED_OUT = 4401;
const NO_ACCESS = 4404;
const ACCESS_CHANGED = 4412;

const doc = (...paragraphs: string[]): DocContent => ({ type: 'doc', content: paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })) });
async function create(who: Person, body: Record<string, unknown>): Promise<DocumentView> {
  const res = await a.request('/api/documents', { method: 'POST', json: body, jar: who.jar });
  expect(res.status).toBe(201);
  return (await res.json()) as DocumentView;
}
async function join(server: TestServer, who: Person, id: string) {
  const c = await connected(server.url, id, who.jar);
  open.push(c);
  return c;
}
const closedWithin = (c: SyncClient, ms = 5000) => Promise.race([c.closed, new Promise<string>((r) => setTimeout(() => r('still open'), ms))]);
const present = (c: SyncClient, userId: string) => [...c.awareness.getStates().values()].some((st) => (st as { user?: { id?: string } }).user?.id === userId);
/** What the document holds now, read through a fresh socket of its admin. */
async function storedText(id: string) {
  const c = await join(a, admin, id);
  const text = c.text();
  c.close();
  await c.closed;
  return text;
}

/**
 * The person (on instance B) has the document open next to a colleague (on A) who keeps it; `change`
 * takes their access away on instance A; the write they send right after must never be stored.
 */
async function loses(d: DocumentView, person: Person, change: () => Promise<void>, code: number) {
  const stays = await join(a, ana, d.id);
  const gone = await join(b, person, d.id);
  gone.awareness.setLocalStateField('user', { id: person.userId, name: 'Quem perde o acesso' });
  await within(3000, () => present(stays, person.userId));
  await change();
  gone.type('Escrito depois de perder o acesso.');
  expect(await closedWithin(gone)).toBe(code);
  // Their presence leaves the others; what the others write no longer reaches them.
  await within(3000, () => !present(stays, person.userId));
  stays.type('Escrito depois do fechamento.');
  await within(3000, async () => (await storedText(d.id)).includes('Escrito depois do fechamento.'));
  expect(await storedText(d.id)).not.toContain('Escrito depois de perder o acesso.');
  expect(gone.text()).not.toContain('Escrito depois do fechamento.');
}

describe('documents: shared editing when access is taken away', () => {
  it('a document made restricted closes the sockets of those who no longer see it (4404), on the other instance', async () => {
    const d = await create(ana, { title: 'Passa a restrito', content: doc('Aberto a todos.') });
    const colleague = await memberOf(a, companyId, 'financeiro');
    await loses(
      d,
      colleague,
      async () => expect((await a.request(`/api/documents/${d.id}`, { method: 'PATCH', json: { visibility: 'restrita' }, jar: ana.jar })).status).toBe(200),
      NO_ACCESS,
    );
    expect(await openSync(b.url, d.id, colleague.jar)).toEqual({ refused: 404 });
  });

  it('taking someone off a restricted document’s people closes their socket', async () => {
    const colleague = await memberOf(a, companyId, 'rh');
    const d = await create(ana, { title: 'Compartilhado e depois não', visibility: 'restrita', content: doc('Só para nós.') });
    expect((await a.request(`/api/documents/${d.id}`, { method: 'PATCH', json: { memberIds: [colleague.userId] }, jar: ana.jar })).status).toBe(200);
    await loses(
      d,
      colleague,
      async () => expect((await a.request(`/api/documents/${d.id}`, { method: 'PATCH', json: { memberIds: [] }, jar: ana.jar })).status).toBe(200),
      NO_ACCESS,
    );
  });

  it('a member removed from the company is closed out (4404)', async () => {
    const d = await create(ana, { title: 'Da empresa', content: doc('Texto.') });
    const leaving = await memberOf(a, companyId, 'vendas');
    await loses(d, leaving, async () => expect((await a.request(`/api/members/${leaving.userId}`, { method: 'DELETE', jar: admin.jar })).status).toBe(200), NO_ACCESS);
  });

  it('a role that no longer sees the document closes the socket (4404)', async () => {
    const d = await create(ana, { title: 'Restrito à diretoria', visibility: 'restrita', content: doc('Admins veem.') });
    const director = await memberOf(a, companyId, 'admin');
    await loses(
      d,
      director,
      async () => expect((await a.request(`/api/members/${director.userId}`, { method: 'PATCH', json: { role: 'vendas' }, jar: admin.jar })).status).toBe(200),
      NO_ACCESS,
    );
  });

  it('signing out closes the session’s sockets (4401), on every instance', async () => {
    const d = await create(ana, { title: 'Até logo', content: doc('Texto.') });
    const person = await memberOf(a, companyId, 'marketing');
    await loses(d, person, async () => expect((await a.request('/api/auth/sign-out', { method: 'POST', json: {}, jar: person.jar })).status).toBe(200), SIGNED_OUT);
  });

  it('revoking the sessions closes their sockets (4401)', async () => {
    const d = await create(ana, { title: 'Sessões revogadas', content: doc('Texto.') });
    const person = await memberOf(a, companyId, 'juridico');
    await loses(d, person, async () => expect((await a.request('/api/auth/revoke-sessions', { method: 'POST', json: {}, jar: person.jar })).status).toBe(200), SIGNED_OUT);
  });

  it('every write is checked against the database as it is now, even before any instance heard of the change', async () => {
    const d = await create(ana, { title: 'Mudado por fora', content: doc('Texto.') });
    const person = await memberOf(a, companyId, 'financeiro');
    const c = await join(b, person, d.id);
    c.type('Antes da mudança.');
    await within(3000, async () => (await storedText(d.id)).includes('Antes da mudança.'));
    // Nothing is announced: only the check on the write itself can refuse it.
    await a.services.pool.query("update documents set visibility = 'restrita' where id = $1", [d.id]);
    c.type('Depois da mudança.');
    expect(await closedWithin(c)).toBe(NO_ACCESS);
    expect(await storedText(d.id)).not.toContain('Depois da mudança.');
  });

  it('a role change that keeps the document asks the socket to reconnect (4412); the write is kept after it', async () => {
    const d = await create(ana, { title: 'Troca de função', content: doc('Texto.') });
    const person = await memberOf(a, companyId, 'vendas');
    const c = await join(b, person, d.id);
    expect((await a.request(`/api/members/${person.userId}`, { method: 'PATCH', json: { role: 'financeiro' }, jar: admin.jar })).status).toBe(200);
    c.type('Escrito durante a troca.');
    expect(await closedWithin(c)).toBe(ACCESS_CHANGED);
    // The page reconnects with what it holds (same epoch): nothing written is lost.
    const again = await openSync(b.url, d.id, person.jar, undefined, { epoch: c.epoch()!, doc: c.doc });
    if ('refused' in again) throw new Error(`refused with ${again.refused}`);
    open.push(again);
    await again.synced;
    await within(3000, async () => (await storedText(d.id)).includes('Escrito durante a troca.'));
  });

  it('a change that leaves the person’s access as it was keeps the socket open', async () => {
    const d = await create(ana, { title: 'Nada muda', content: doc('Texto.') });
    const person = await memberOf(a, companyId, 'rh');
    const c = await join(b, person, d.id);
    // Renamed, another person added: the socket's person still sees it.
    expect((await a.request(`/api/documents/${d.id}`, { method: 'PATCH', json: { title: 'Nada muda (2)', memberIds: [admin.userId] }, jar: ana.jar })).status).toBe(200);
    expect((await a.request('/api/profile', { method: 'PUT', json: { firstName: 'Renomeada', lastName: 'Pessoa' }, jar: person.jar })).status).toBe(200);
    c.type('Ainda posso escrever.');
    await within(3000, async () => (await storedText(d.id)).includes('Ainda posso escrever.'));
    expect(await closedWithin(c, 300)).toBe('still open');
  });
});
