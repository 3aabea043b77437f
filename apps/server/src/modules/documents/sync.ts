import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WSContext, WSEvents } from 'hono/ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { schema } from '@sede/db/client';
import { DOCUMENT_LIMITS, docText, type DocContent } from '@sede/shared/documents/schemas';
import { announce } from '../../platform/live/announce.ts';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { indexDocument } from './search-index.ts';
import { FRAGMENT, jsonToUpdate, ydocToJson } from './ydoc.ts';

const { documents: D, documentUpdates: DU } = schema;

/** The entity announced for every accepted update: other instances apply it; pages never see it (decision 0283). */
export const SYNC_ENTITY = 'document_sync';
/** Updates kept as rows before they are merged into documents.ydoc_state (decision 0283). */
export const COMPACT_AFTER = 200;
/** How long after the last edit the JSON snapshot (content, content_text) is written (decision 0286). */
export const SNAPSHOT_DELAY_MS = 1500;

const MSG_SYNC = 0;
const MSG_AWARENESS = 1;
/** Ours: the shared state's epoch (decision 0286), sent first; the client reconnects with it. */
const MSG_EPOCH = 2;
/** Close codes the web client understands. */
export const CLOSE = { forged: 4400, readOnly: 4403, reset: 4409 } as const;

type Conn = { ws: WSContext; actorId: string; canWrite: boolean; clients: Set<number>; queue: Promise<void> };
type Room = {
  id: string;
  companyId: string;
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  conns: Set<Conn>;
  ready: Promise<void>;
  /** Update ids this instance wrote (its own notification is then skipped). */
  mine: Set<number>;
  rows: number;
  epoch: number;
  snapshotTimer: NodeJS.Timeout | null;
  lastActor: string | null;
  savedText: string | null;
};

const rooms = (s: Services) => serverState(s, 'documents.sync-rooms', () => new Map<string, Room>());

function send(conn: Conn, data: Uint8Array) {
  if (conn.ws.readyState === 1) conn.ws.send(data as Uint8Array<ArrayBuffer>);
}

async function readState(s: Services, room: Room) {
  const [row] = await s.db.select({ state: D.ydocState, epoch: D.ydocEpoch }).from(D).where(eq(D.id, room.id));
  if (row) room.epoch = row.epoch;
  if (row?.state) Y.applyUpdate(room.doc, row.state, 'db');
  const updates = await s.db.select({ id: DU.id, update: DU.update }).from(DU).where(eq(DU.documentId, room.id)).orderBy(DU.id);
  for (const u of updates) Y.applyUpdate(room.doc, u.update, 'db');
  room.rows = updates.length;
}

/**
 * A document opened for the first time with shared editing gets its JSON as the first update,
 * exactly once: the row lock makes a second opener (on any instance) wait and find it done.
 */
async function seedOnce(s: Services, id: string, companyId: string) {
  await s.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ content: D.content, state: D.ydocState })
      .from(D)
      .where(and(eq(D.id, id), eq(D.companyId, companyId)))
      .for('update');
    if (!row || row.state) return;
    const [any] = await tx.select({ id: DU.id }).from(DU).where(eq(DU.documentId, id)).limit(1);
    if (any) return;
    await tx.insert(DU).values({ companyId, documentId: id, update: Buffer.from(jsonToUpdate(row.content as DocContent)) });
  });
}

function openRoom(s: Services, id: string, companyId: string): Room {
  const existing = rooms(s).get(id);
  if (existing) return existing;
  const doc = new Y.Doc({ gc: true });
  const awareness = new awarenessProtocol.Awareness(doc);
  awareness.setLocalState(null);
  const room: Room = { id, companyId, doc, awareness, conns: new Set(), ready: Promise.resolve(), mine: new Set(), rows: 0, epoch: 0, snapshotTimer: null, lastActor: null, savedText: null };
  room.ready = (async () => {
    await seedOnce(s, id, companyId);
    await readState(s, room);
    room.savedText = JSON.stringify(ydocToJson(doc));
  })();
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, MSG_SYNC);
    syncProtocol.writeUpdate(enc, update);
    const msg = encoding.toUint8Array(enc);
    for (const c of room.conns) if (c !== origin) send(c, msg);
  });
  awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    const changed = [...added, ...updated, ...removed];
    if (origin && typeof origin === 'object' && 'clients' in origin) {
      const conn = origin as Conn;
      for (const id of added) conn.clients.add(id);
      for (const id of removed) conn.clients.delete(id);
    }
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, MSG_AWARENESS);
    encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(awareness, changed));
    const msg = encoding.toUint8Array(enc);
    for (const c of room.conns) send(c, msg);
  });
  rooms(s).set(id, room);
  return room;
}

/** Writes the JSON snapshot of the shared state (content, content_text) when the text changed (decision 0286). */
async function saveSnapshot(s: Services, room: Room) {
  if (room.snapshotTimer) clearTimeout(room.snapshotTimer);
  room.snapshotTimer = null;
  const content = ydocToJson(room.doc);
  const text = docText(content);
  if (text.length > DOCUMENT_LIMITS.contentChars) return;
  const json = JSON.stringify(content);
  if (room.savedText === json) return;
  const [row] = await s.db
    .update(D)
    .set({ content, contentText: text, revision: sql`${D.revision} + 1`, updatedAt: new Date(), ...(room.lastActor ? { updatedBy: room.lastActor } : {}) })
    .where(and(eq(D.id, room.id), eq(D.companyId, room.companyId)))
    .returning({ id: D.id });
  if (row) await indexDocument(s.db, room.id);
  room.savedText = json;
  if (row) await announce(s.db, { companyId: room.companyId, entity: 'document', id: room.id, action: 'updated' });
}

function scheduleSnapshot(s: Services, room: Room) {
  if (room.snapshotTimer) clearTimeout(room.snapshotTimer);
  room.snapshotTimer = setTimeout(() => void saveSnapshot(s, room).catch((e) => console.error('[documents] snapshot failed:', (e as Error).message)), SNAPSHOT_DELAY_MS);
}

/** Merges the rows into documents.ydoc_state and deletes exactly the rows merged. */
export async function compact(s: Services, documentId: string) {
  await s.db.transaction(async (tx) => {
    const [row] = await tx.select({ state: D.ydocState }).from(D).where(eq(D.id, documentId)).for('update');
    if (!row) return;
    const updates = await tx.select({ id: DU.id, update: DU.update }).from(DU).where(eq(DU.documentId, documentId)).orderBy(DU.id);
    if (!updates.length) return;
    const merged = Y.mergeUpdates([...(row.state ? [new Uint8Array(row.state)] : []), ...updates.map((u) => new Uint8Array(u.update))]);
    await tx.update(D).set({ ydocState: Buffer.from(merged) }).where(eq(D.id, documentId));
    await tx.delete(DU).where(inArray(DU.id, updates.map((u) => u.id)));
  });
}

/** A client's update: decoded in full first, appended to the table, applied, relayed, announced. */
async function acceptUpdate(s: Services, room: Room, conn: Conn, update: Uint8Array) {
  if (!conn.canWrite) {
    conn.ws.close(CLOSE.readOnly, 'read only');
    return;
  }
  // The text was replaced (a restore) after this message was queued: its update belongs to the old text.
  if (rooms(s).get(room.id) !== room) return;
  // A forged update throws while decoding (every struct and the delete set are read) or while
  // integrating on an empty scratch document: refused before anything is stored or applied.
  Y.decodeUpdate(update);
  const probe = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(probe, update);
  } finally {
    probe.destroy();
  }
  const [row] = await s.db.insert(DU).values({ companyId: room.companyId, documentId: room.id, update: Buffer.from(update) }).returning({ id: DU.id });
  room.mine.add(row!.id);
  room.rows++;
  room.lastActor = conn.actorId;
  Y.applyUpdate(room.doc, update, conn);
  await announce(s.db, { companyId: room.companyId, entity: SYNC_ENTITY, id: room.id, action: `u${row!.id}` });
  scheduleSnapshot(s, room);
  if (room.rows > COMPACT_AFTER) {
    room.rows = 0;
    void compact(s, room.id).catch((e) => console.error('[documents] compaction failed:', (e as Error).message));
  }
}

async function onMessage(s: Services, room: Room, conn: Conn, data: Uint8Array) {
  const dec = decoding.createDecoder(data);
  const type = decoding.readVarUint(dec);
  if (type === MSG_SYNC) {
    const step = decoding.readVarUint(dec);
    if (step === syncProtocol.messageYjsSyncStep1) {
      const sv = decoding.readVarUint8Array(dec);
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, MSG_SYNC);
      syncProtocol.writeSyncStep2(enc, room.doc, sv);
      send(conn, encoding.toUint8Array(enc));
    } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
      const update = decoding.readVarUint8Array(dec);
      // An empty step 2 (nothing new from the client) carries no change.
      if (update.length > 2 || Y.decodeUpdate(update).structs.length) await acceptUpdate(s, room, conn, update);
    } else throw new Error('unknown sync step');
  } else if (type === MSG_AWARENESS) {
    const update = decoding.readVarUint8Array(dec);
    checkAwareness(room, conn, update);
    awarenessProtocol.applyAwarenessUpdate(room.awareness, update, conn);
  } else throw new Error('unknown message');
}

/**
 * Awareness (who is here, carets; decision 0306) speaks for the socket's own person only: a state
 * naming another user id, or touching a client id another socket holds, is a forged message
 * (the socket is closed with 4400, nothing relayed). The display name stays the client's.
 */
function checkAwareness(room: Room, conn: Conn, update: Uint8Array) {
  const dec = decoding.createDecoder(update);
  const count = decoding.readVarUint(dec);
  for (let i = 0; i < count; i++) {
    const clientId = decoding.readVarUint(dec);
    decoding.readVarUint(dec); // clock
    const state = JSON.parse(decoding.readVarString(dec)) as unknown;
    for (const other of room.conns) if (other !== conn && other.clients.has(clientId)) throw new Error('another socket’s client');
    if (state === null) continue;
    const user = typeof state === 'object' ? (state as { user?: { id?: unknown } }).user : undefined;
    if (typeof state !== 'object' || (user !== undefined && user?.id !== conn.actorId)) throw new Error('awareness of someone else');
  }
}

const pending = (s: Services) => serverState(s, 'documents.sync-pending', () => new Set<Promise<void>>());

async function leave(s: Services, room: Room, conn: Conn) {
  if (!room.conns.delete(conn)) return;
  awarenessProtocol.removeAwarenessStates(room.awareness, [...conn.clients], null);
  if (room.conns.size || rooms(s).get(room.id) !== room) return;
  rooms(s).delete(room.id);
  // The last one out writes the snapshot; shutdown waits for it (flushRooms).
  const saving = saveSnapshot(s, room)
    .catch((e) => console.error('[documents] snapshot failed:', (e as Error).message))
    .finally(() => {
      pending(s).delete(saving);
      room.doc.destroy();
    });
  pending(s).add(saving);
  await saving;
}

/** The socket's events for one viewer of one document (the route checked who may see it). */
export function syncEvents(s: Services, t: Tenant, documentId: string, canWrite: boolean, clientEpoch: number | null = null): WSEvents {
  const room = openRoom(s, documentId, t.companyId);
  const conn: Conn = { ws: null as unknown as WSContext, actorId: t.actorId, canWrite, clients: new Set(), queue: Promise.resolve() };
  return {
    onOpen(_e, ws) {
      conn.ws = ws;
      room.conns.add(conn);
      conn.queue = room.ready.then(
        () => {
          // A client that held an older shared state (replaced by a restore meanwhile) must reload, never merge it back.
          if (clientEpoch !== null && clientEpoch !== room.epoch) {
            room.conns.delete(conn);
            ws.close(CLOSE.reset, 'reset');
            return;
          }
          const e = encoding.createEncoder();
          encoding.writeVarUint(e, MSG_EPOCH);
          encoding.writeVarUint(e, room.epoch);
          send(conn, encoding.toUint8Array(e));
          const enc = encoding.createEncoder();
          encoding.writeVarUint(enc, MSG_SYNC);
          syncProtocol.writeSyncStep1(enc, room.doc);
          send(conn, encoding.toUint8Array(enc));
          const states = [...room.awareness.getStates().keys()];
          if (states.length) {
            const a = encoding.createEncoder();
            encoding.writeVarUint(a, MSG_AWARENESS);
            encoding.writeVarUint8Array(a, awarenessProtocol.encodeAwarenessUpdate(room.awareness, states));
            send(conn, encoding.toUint8Array(a));
          }
        },
        (e) => {
          console.error('[documents] sync load failed:', (e as Error).message);
          ws.close(1011, 'load failed');
        },
      );
    },
    onMessage(e, ws) {
      const data = e.data;
      if (!(data instanceof ArrayBuffer || ArrayBuffer.isView(data))) {
        ws.close(CLOSE.forged, 'binary only');
        return;
      }
      const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      conn.queue = conn.queue.then(() =>
        onMessage(s, room, conn, bytes).catch(() => {
          // Anything that does not decode (or a database refusal) closes this socket; the document keeps what it had.
          ws.close(CLOSE.forged, 'refused');
        }),
      );
    },
    onClose() {
      conn.queue = conn.queue.then(() => leave(s, room, conn));
    },
    onError() {
      void leave(s, room, conn);
    },
  };
}

/** On shutdown: every open document's JSON snapshot is written. */
export async function flushRooms(s: Services) {
  serverState(s, 'documents.sync-unfollow', () => ({ stop: () => {} })).stop();
  for (const room of [...rooms(s).values()]) {
    rooms(s).delete(room.id);
    await room.ready.then(() => saveSnapshot(s, room)).catch(() => {});
  }
  await Promise.all([...pending(s)]);
}

/** Another instance's update (by id), a reset, or a lost LISTEN connection: this instance's rooms follow. */
export function followOtherInstances(s: Services) {
  const unsubscribe = s.feed.subscribe((change) => {
    if (change.t === 'reset') {
      for (const room of rooms(s).values()) void room.ready.then(() => readState(s, room)).catch(() => {});
      return;
    }
    if (change.t !== 'entity' || change.entity !== SYNC_ENTITY) return;
    const room = rooms(s).get(change.id);
    if (!room) return;
    if (change.action === 'reset') {
      rooms(s).delete(room.id);
      if (room.snapshotTimer) clearTimeout(room.snapshotTimer);
      for (const c of room.conns) c.ws.close(CLOSE.reset, 'reset');
      room.conns.clear();
      room.doc.destroy();
      return;
    }
    const id = Number(change.action?.slice(1));
    if (!Number.isSafeInteger(id)) return;
    if (room.mine.delete(id)) return;
    void room.ready
      .then(async () => {
        const [row] = await s.db.select({ update: DU.update }).from(DU).where(eq(DU.id, id));
        if (row) {
          room.rows++;
          Y.applyUpdate(room.doc, row.update, 'remote');
        } else await readState(s, room); // merged meanwhile: the state has it
      })
      .catch((e) => console.error('[documents] remote update failed:', (e as Error).message));
  });
  serverState(s, 'documents.sync-unfollow', () => ({ stop: unsubscribe }));
}

/** A save outside shared editing (the REST fallback, a version restore) replaces the shared state: rooms start over. */
export async function resetSharedState(tx: Pick<Services['db'], 'update' | 'delete' | 'execute'>, companyId: string, documentId: string, opts: { stateCleared?: boolean } = {}) {
  await tx.delete(DU).where(eq(DU.documentId, documentId));
  // The caller's own UPDATE usually clears ydoc_state already: a second one would rewrite the row (and its search index) again.
  if (!opts.stateCleared) await tx.update(D).set({ ydocState: null, ydocEpoch: sql`${D.ydocEpoch} + 1` }).where(eq(D.id, documentId));
  await announce(tx as Services['db'], { companyId, entity: SYNC_ENTITY, id: documentId, action: 'reset' });
}

export { FRAGMENT };
