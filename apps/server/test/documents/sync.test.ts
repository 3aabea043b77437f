import * as encoding from 'lib0/encoding';
import { describe, expect, it } from 'vitest';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { DocContent, DocumentView } from '@sede/shared/documents/schemas';
import { within } from '../platform/support.ts';
import { startInstanceOn, type SyncInstances, withSyncInstances } from '../support/sync-instances.ts';
import type { TestServer } from '../support/test-server.ts';
import type { Person } from '../team/support.ts';
import { connected, openSync, type SyncClient } from './sync-client.ts';

/** Shared editing (decisions 0283, 0285, 0286): Yjs through our server, its sessions, one database, several instances. */
let { a, b, admin, ana, bruno, outsider } = {} as SyncInstances;
const open = withSyncInstances('Edição Conjunta Ltda', 'sede-b-', (s) => ({ a, b, admin, ana, bruno, outsider } = s));

const doc = (...paragraphs: string[]): DocContent => ({ type: 'doc', content: paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })) });
async function create(who: Person, body: Record<string, unknown>): Promise<DocumentView> {
  const res = await a.request('/api/documents', { method: 'POST', json: body, jar: who.jar });
  expect(res.status).toBe(201);
  return (await res.json()) as DocumentView;
}
async function get(server: TestServer, who: Person, id: string): Promise<DocumentView> {
  return (await (await server.request(`/api/documents/${id}`, { jar: who.jar })).json()) as DocumentView;
}
async function join(server: TestServer, who: Person, id: string) {
  const c = await connected(server.url, id, who.jar);
  open.push(c);
  return c;
}
const rows = async (id: string) => Number((await a.services.pool.query('select count(*) from document_updates where document_id = $1', [id])).rows[0].count);

describe('documents: shared editing', () => {
  it('two people on one server see each other’s edits; the JSON snapshot (search, versions) follows', async () => {
    const d = await create(ana, { title: 'Ata conjunta', content: doc('Pauta do dia.') });
    const [one, two] = await Promise.all([join(a, ana, d.id), join(a, bruno, d.id)]);
    expect(one.text()).toBe('Pauta do dia.');
    one.type('Ana escreveu isto.');
    await within(2000, () => two.text().includes('Ana escreveu isto.'));
    two.type('Bruno respondeu.');
    await within(2000, () => one.text().includes('Bruno respondeu.'));
    expect(one.text()).toBe(two.text());
    // The server derives content and content_text from the shared state: the search finds it.
    await within(5000, async () => JSON.stringify((await get(a, admin, d.id)).content).includes('Bruno respondeu.'));
    const found = (await (await a.request('/api/documents?scope=geral&q=respondeu', { jar: ana.jar })).json()) as { items: Array<{ id: string }> };
    expect(found.items.map((i) => i.id)).toContain(d.id);
  });

  it('a document written before shared editing is seeded exactly once when two open it together', async () => {
    const d = await create(ana, { title: 'Procedimento antigo', content: doc('Primeiro passo.', 'Segundo passo.') });
    const clients = await Promise.all([join(a, ana, d.id), join(b, bruno, d.id), join(a, admin, d.id)]);
    for (const c of clients) expect(c.text()).toBe('Primeiro passo.\nSegundo passo.');
    expect(await rows(d.id)).toBe(1);
  });

  it('relays edits between two instances on one database, and keeps them across a restart', async () => {
    const d = await create(ana, { title: 'Entre instâncias', content: doc('Início.') });
    const onA = await join(a, ana, d.id);
    const onB = await join(b, bruno, d.id);
    onA.type('Escrito na instância A.');
    await within(3000, () => onB.text().includes('Escrito na instância A.'));
    onB.type('Escrito na instância B.');
    await within(3000, () => onA.text().includes('Escrito na instância B.'));
    onA.close();
    onB.close();
    await Promise.all([onA.closed, onB.closed]);
    // A fresh instance (a restart) reads the state back from PostgreSQL.
    const c = await startInstanceOn(a, 'sede-c-');
    try {
      const again = await connected(c.url, d.id, admin.jar);
      expect(again.text()).toBe('Início.\nEscrito na instância A.\nEscrito na instância B.');
      again.close();
      await again.closed;
    } finally {
      await c.stop();
    }
  });

  it('refuses another company’s member, a member who cannot see a restricted document, a stranger and another site', async () => {
    const open = await create(ana, { title: 'Da empresa', content: doc('Texto.') });
    const restricted = await create(ana, { title: 'Restrito', visibility: 'restrita', content: doc('Segredo.') });
    expect(await openSync(a.url, open.id, outsider.jar)).toEqual({ refused: 404 });
    expect(await openSync(b.url, open.id, outsider.jar)).toEqual({ refused: 404 });
    expect(await openSync(a.url, restricted.id, bruno.jar)).toEqual({ refused: 404 });
    expect(await openSync(a.url, 'nao-e-um-id', ana.jar)).toEqual({ refused: 404 });
    expect(await openSync(a.url, open.id, null)).toEqual({ refused: 401 });
    expect(await openSync(a.url, open.id, ana.jar, 'https://malicioso.example')).toEqual({ refused: 403 });
    // The creator and the admins do get in.
    const own = await join(a, ana, restricted.id);
    expect(own.text()).toBe('Segredo.');
  });

  it('a forged or oversized message closes that socket and the document stays intact', async () => {
    const d = await create(ana, { title: 'Intacto', content: doc('Conteúdo original.') });
    const watcher = await join(a, bruno, d.id);
    const forger = await join(a, ana, d.id);
    const before = await rows(d.id);
    // A sync 'update' whose bytes are not a Yjs update.
    forger.ws.send(Buffer.from([0, 2, 10, 255, 255, 255, 255, 15, 1, 2, 3, 4, 5, 6]));
    expect(await forger.closed).toBe(4400);
    const big = await join(a, ana, d.id);
    big.ws.send(Buffer.alloc(3 * 1024 * 1024, 1));
    expect(await big.closed).toBe(1009);
    // Random bytes inside a well-formed sync message, on fresh sockets: each one refused.
    for (let i = 0; i < 8; i++) {
      const fuzz = await join(a, ana, d.id);
      const junk = Buffer.from(Array.from({ length: 40 }, (_, k) => (k * 97 + i * 31 + 7) % 256));
      fuzz.ws.send(Buffer.concat([Buffer.from([0, 2, junk.length]), junk]));
      expect(await fuzz.closed).toBe(4400);
    }
    expect(await rows(d.id)).toBe(before);
    expect(watcher.text()).toBe('Conteúdo original.');
    // The document still works for everyone else.
    const next = await join(a, ana, d.id);
    expect(next.text()).toBe('Conteúdo original.');
    next.type('Depois.');
    await within(2000, () => watcher.text() === 'Conteúdo original.\nDepois.');
  });

  it('carets travel in awareness, each person speaking for themselves; a state naming someone else is refused', async () => {
    const d = await create(ana, { title: 'Com cursores', content: doc('Texto com cursor.') });
    const watcher = await join(a, bruno, d.id);
    const writer = await join(a, ana, d.id);
    // What the editor's caret plugin sends: the person and their selection as relative positions, under a client id.
    const sendState = (c: SyncClient, state: Record<string, unknown>, clientId = c.doc.clientID) => {
      let awareness = c.awareness;
      if (clientId !== c.doc.clientID) {
        const as = new Y.Doc();
        as.clientID = clientId;
        awareness = new awarenessProtocol.Awareness(as);
      }
      awareness.setLocalState(state);
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, 1);
      encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(awareness, [clientId]));
      c.ws.send(encoding.toUint8Array(enc));
    };
    const fragment = writer.doc.getXmlFragment('prosemirror');
    const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(fragment, 0));
    sendState(writer, { user: { id: ana.userId, name: 'Ana Vendas', color: '#1d4ed8' }, cursor: { anchor: at, head: at } });
    await within(2000, () => Boolean((watcher.awareness.getStates().get(writer.doc.clientID) as { cursor?: unknown } | undefined)?.cursor));
    expect(watcher.awareness.getStates().get(writer.doc.clientID)).toMatchObject({ user: { id: ana.userId, name: 'Ana Vendas' }, cursor: { anchor: at, head: at } });
    // Someone claiming to be another person: that socket is closed, nobody sees the claim.
    const forger = await join(a, ana, d.id);
    const closedWithin = (c: SyncClient) => Promise.race([c.closed, new Promise<string>((r) => setTimeout(() => r('still open'), 3000))]);
    sendState(forger, { user: { id: bruno.userId, name: 'Bruno' }, cursor: { anchor: at, head: at } });
    expect(await closedWithin(forger)).toBe(4400);
    // Someone overwriting another socket's client (its caret, or removing it): refused too.
    const hijacker = await join(a, ana, d.id);
    sendState(hijacker, { user: { id: ana.userId, name: 'Ana' } }, writer.doc.clientID);
    expect(await closedWithin(hijacker)).toBe(4400);
    expect(watcher.awareness.getStates().has(forger.doc.clientID)).toBe(false);
    expect(watcher.awareness.getStates().get(writer.doc.clientID)).toMatchObject({ user: { name: 'Ana Vendas' } });
    // The one closed leaves; the caret of the one who stays is still relayed.
    sendState(writer, { user: { id: ana.userId, name: 'Ana Vendas' }, cursor: null });
    await within(2000, () => (watcher.awareness.getStates().get(writer.doc.clientID) as { cursor?: unknown } | undefined)?.cursor === null);
  });

  it('who is here and their carets reach the people on another instance, and leave with them', async () => {
    const d = await create(ana, { title: 'Cursores entre instâncias', content: doc('Texto.') });
    const watcher = await join(b, bruno, d.id);
    const writer = await join(a, ana, d.id);
    const fragment = writer.doc.getXmlFragment('prosemirror');
    const at = Y.relativePositionToJSON(Y.createRelativePositionFromTypeIndex(fragment, 0));
    writer.awareness.setLocalState({ user: { id: ana.userId, name: 'Ana Vendas' }, cursor: { anchor: at, head: at } });
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, 1);
    encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(writer.awareness, [writer.doc.clientID]));
    writer.ws.send(encoding.toUint8Array(enc));
    await within(3000, () => Boolean((watcher.awareness.getStates().get(writer.doc.clientID) as { cursor?: unknown } | undefined)?.cursor));
    expect(watcher.awareness.getStates().get(writer.doc.clientID)).toMatchObject({ user: { id: ana.userId, name: 'Ana Vendas' } });
    // The writer leaves instance A: instance B's people stop seeing them.
    writer.ws.close();
    await within(3000, () => !watcher.awareness.getStates().has(writer.doc.clientID));
  });

  it('a version restore replaces the shared state: open sockets are told to reload', async () => {
    const d = await create(ana, { title: 'Restaurável', content: doc('Versão um.') });
    const editor = await join(a, ana, d.id);
    // Someone who goes offline before the restore, with edits of the old text.
    const away = await join(a, bruno, d.id);
    const epoch = away.epoch();
    expect(epoch).not.toBeNull();
    away.close();
    await away.closed;
    await a.request(`/api/documents/${d.id}/versions`, { method: 'POST', jar: ana.jar });
    editor.type('Texto novo.');
    await within(5000, async () => JSON.stringify((await get(a, ana, d.id)).content).includes('Texto novo.'));
    const versions = (await (await a.request(`/api/documents/${d.id}/versions`, { jar: ana.jar })).json()) as { versions: Array<{ id: string; reason: string }> };
    const manual = versions.versions.find((v) => v.reason === 'manual')!;
    expect((await a.request(`/api/documents/${d.id}/versions/${manual.id}/restore`, { method: 'POST', jar: ana.jar })).status).toBe(200);
    expect(await editor.closed).toBe(4409);
    const again = await join(a, bruno, d.id);
    expect(again.text()).toBe('Versão um.');
    // Coming back with the old state: told to reload (4409), never merged into the restored text.
    away.type('Escrito offline no texto antigo.');
    const back = await openSync(a.url, d.id, bruno.jar, undefined, { epoch: epoch!, doc: away.doc });
    expect('refused' in back).toBe(false);
    expect(await (back as SyncClient).closed).toBe(4409);
    await new Promise((r) => setTimeout(r, 300));
    expect(again.text()).toBe('Versão um.');
  });

  it('a long document’s save answers before its search text is rewritten; the text follows within seconds', async () => {
    const long = (word: string) => doc(...Array.from({ length: 120 }, (_, i) => `Parágrafo ${i} do manual de operações da loja, com ${word} e mais texto para a busca em português.`));
    const d = await create(ana, { title: 'Manual longo', content: long('abacate') });
    const saved = await a.request(`/api/documents/${d.id}/content`, { method: 'PUT', json: { content: long('jabuticaba'), revision: 0 }, jar: ana.jar });
    expect(saved.status).toBe(200);
    expect((await get(a, ana, d.id)).content).toEqual(long('jabuticaba'));
    const search = async (q: string) => ((await (await a.request(`/api/documents?scope=geral&q=${q}`, { jar: ana.jar })).json()) as { items: Array<{ id: string }> }).items.map((i) => i.id);
    await within(15_000, async () => (await search('jabuticaba')).includes(d.id));
    expect(await search('abacate')).not.toContain(d.id);
  });
});
