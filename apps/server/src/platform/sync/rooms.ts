import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { WSContext, WSEvents } from 'hono/ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { DbOrTx } from '@sede/db/client';
import type { AwarenessChange } from '../changes.ts';
import type { Services } from '../../services.ts';
import { randomUUID } from 'node:crypto';
import { announce, ENTITY_CHANNEL, MAX_PAYLOAD_BYTES } from '../live/announce.ts';
import { registerLiveEntity } from '../live/registry.ts';
import { serverState } from '../module.ts';
import { recheckGrant, type SyncGrant, type Verdict } from './access.ts';

/**
 * Shared editing with Yjs (decisions 0283, 0286, 0310): one WebSocket per open entity, through our
 * own server and its sessions; every accepted update is a row of the type's updates table, applied
 * to this instance's in-memory `Y.Doc` and relayed to its sockets, then announced so the other
 * instances apply it too. One engine for every entity type (documents, canvas boards); a type says
 * where its state lives and how its JSON snapshot is written.
 */

/** Updates kept as rows before they are merged into the entity's state column (decision 0283). */
export const COMPACT_AFTER = 200;
/** How long after the last accepted update the type's JSON snapshot is written (decision 0286). */
export const SNAPSHOT_DELAY_MS = 1500;

const MSG_SYNC = 0;
const MSG_AWARENESS = 1;
/** Ours: the shared state's epoch (decision 0286), sent first; the client reconnects with it. */
const MSG_EPOCH = 2;
/**
 * Close codes the web client understands. signedOut: the session ended (signed out, revoked,
 * expired); noAccess: the person may no longer see the entity (made restricted, removed from the
 * company, a role without it, deleted); accessChanged: their role changed but they still see it
 * (the client reconnects and the route decides their rights again). Decision 0420.
 */
export const CLOSE = { forged: 4400, signedOut: 4401, readOnly: 4403, noAccess: 4404, reset: 4409, accessChanged: 4412 } as const;

type Col = PgColumn;
/** Where a type keeps its shared state. */
export type SyncType = {
  /** The entity type ('document', 'canvas_board'): room keys and log lines. */
  type: string;
  /** The live entity announced for every accepted update ('document_sync'); pages never hear it. */
  liveEntity: string;
  /** The entity's own row: its id, company, merged Yjs state (bytea, nullable) and epoch (integer). */
  entity: { table: PgTable; id: Col; companyId: Col; state: Col; epoch: Col };
  /** The accepted updates: a bigserial id, company, the entity's id (cascade on delete) and the update (bytea). */
  updates: { table: PgTable; id: Col; companyId: Col; entityId: Col; update: Col };
  /**
   * The first update of an entity that has neither a state nor a row (what it held before shared
   * editing), read under the entity's row lock: written exactly once, whoever opens it first.
   */
  seed?: (tx: DbOrTx, id: string, companyId: string) => Promise<Uint8Array | null>;
  /** Refuses an update's content beyond Yjs's own structure (throws); it was decoded already. */
  check?: (update: ReturnType<typeof Y.decodeUpdate>) => void;
  /**
   * The entity's JSON form of the shared state (null: not writable now, e.g. over a limit) and how
   * it is written; written after the edits settle, when the last socket closes and at shutdown,
   * only when it changed.
   */
  snapshot?: {
    of: (doc: Y.Doc) => unknown;
    write: (s: Services, target: { id: string; companyId: string; actorId: string | null }, value: unknown) => Promise<void>;
  };
};

/**
 * The `entity` and `updates` of a type whose tables follow the convention: the entity's
 * `ydocState` and `ydocEpoch`, the updates' `update`, and the updates' column naming the entity.
 */
export const syncTables = (entity: PgTable & { id: Col; companyId: Col; ydocState: Col; ydocEpoch: Col }, updates: PgTable & { id: Col; companyId: Col; update: Col }, entityId: Col) => ({
  entity: { table: entity, id: entity.id, companyId: entity.companyId, state: entity.ydocState, epoch: entity.ydocEpoch },
  updates: { table: updates, id: updates.id, companyId: updates.companyId, entityId, update: updates.update },
});

type Conn = {
  ws: WSContext;
  actorId: string;
  grant: SyncGrant;
  clients: Set<number>;
  queue: Promise<void>;
  /** Messages received so far, and how many of them the last access check covered. */
  received: number;
  checked: number;
  /** Closed by the server for a lost right: nothing more is accepted or sent. */
  ended: boolean;
  expiry: NodeJS.Timeout | null;
};
type Room = {
  key: string;
  def: SyncType;
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
  saved: string | null;
};

const rooms = (s: Services) => serverState(s, 'platform.sync-rooms', () => new Map<string, Room>());
const types = (s: Services) => serverState(s, 'platform.sync-types', () => new Map<string, SyncType>());
const pending = (s: Services) => serverState(s, 'platform.sync-pending', () => new Set<Promise<void>>());
const roomKey = (def: SyncType, id: string) => `${def.type}:${id}`;
const ident = (c: Col) => sql.identifier(c.name);
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const bytes = (b: unknown) => (b instanceof Uint8Array ? b : new Uint8Array(b as ArrayBuffer));

function send(conn: Conn, data: Uint8Array) {
  if (!conn.ended && conn.ws.readyState === 1) conn.ws.send(data as Uint8Array<ArrayBuffer>);
}

async function readState(s: Services, room: Room) {
  const { entity: E, updates: U } = room.def;
  const [row] = rowsOf<{ state: Buffer | null; epoch: number }>(await s.db.execute(sql`select ${ident(E.state)} as state, ${ident(E.epoch)} as epoch from ${E.table} where ${ident(E.id)} = ${room.id}`));
  if (row) room.epoch = Number(row.epoch);
  if (row?.state) Y.applyUpdate(room.doc, bytes(row.state), 'db');
  const updates = rowsOf<{ id: string; update: Buffer }>(await s.db.execute(sql`select ${ident(U.id)} as id, ${ident(U.update)} as update from ${U.table} where ${ident(U.entityId)} = ${room.id} order by ${ident(U.id)}`));
  for (const u of updates) Y.applyUpdate(room.doc, bytes(u.update), 'db');
  room.rows = updates.length;
}

async function insertUpdate(db: DbOrTx, def: SyncType, companyId: string, id: string, update: Uint8Array): Promise<number> {
  const U = def.updates;
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into ${U.table} (${ident(U.companyId)}, ${ident(U.entityId)}, ${ident(U.update)}) values (${companyId}, ${id}, ${Buffer.from(update)}) returning ${ident(U.id)} as id`),
  );
  return Number(row!.id);
}

/**
 * An entity opened for the first time with shared editing gets its earlier content as the first
 * update, exactly once: the row lock makes a second opener (on any instance) wait and find it done.
 */
async function seedOnce(s: Services, def: SyncType, id: string, companyId: string) {
  const seed = def.seed;
  if (!seed) return;
  const { entity: E, updates: U } = def;
  await s.db.transaction(async (tx) => {
    const [row] = rowsOf<{ state: Buffer | null }>(
      await tx.execute(sql`select ${ident(E.state)} as state from ${E.table} where ${ident(E.id)} = ${id} and ${ident(E.companyId)} = ${companyId} for update`),
    );
    if (!row || row.state) return;
    const [any] = rowsOf(await tx.execute(sql`select 1 from ${U.table} where ${ident(U.entityId)} = ${id} limit 1`));
    if (any) return;
    const first = await seed(tx, id, companyId);
    if (first) await insertUpdate(tx, def, companyId, id, first);
  });
}

const snapshotKey = (room: Room) => {
  const value = room.def.snapshot?.of(room.doc);
  return value === null || value === undefined ? null : JSON.stringify(value);
};

/** The origin of awareness applied from another instance: relayed to this instance's sockets only. */
const REMOTE = 'remote';
const instanceOf = (s: Services) => serverState(s, 'platform.sync-instance', () => randomUUID());

/**
 * Awareness is not stored: each instance tells the others on the entities' channel, and a state
 * too big for one NOTIFY stays on its instance (a caret's state is a few hundred bytes).
 */
function publishAwareness(s: Services, room: Room, update: Uint8Array) {
  const payload = JSON.stringify({ t: 'awareness', key: room.key, from: instanceOf(s), update: Buffer.from(update).toString('base64') } satisfies AwarenessChange);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) return;
  void s.pool.query('SELECT pg_notify($1, $2)', [ENTITY_CHANNEL, payload]).catch((e) => console.error('[sync] awareness relay failed:', (e as Error).message));
}

function openRoom(s: Services, def: SyncType, id: string, companyId: string): Room {
  const key = roomKey(def, id);
  const existing = rooms(s).get(key);
  if (existing) return existing;
  const doc = new Y.Doc({ gc: true });
  const awareness = new awarenessProtocol.Awareness(doc);
  awareness.setLocalState(null);
  const room: Room = { key, def, id, companyId, doc, awareness, conns: new Set(), ready: Promise.resolve(), mine: new Set(), rows: 0, epoch: 0, snapshotTimer: null, lastActor: null, saved: null };
  room.ready = (async () => {
    await seedOnce(s, def, id, companyId);
    await readState(s, room);
    room.saved = snapshotKey(room);
  })();
  // A load that failed (the database away) is not kept: the next socket opens the room afresh.
  room.ready.catch(() => {
    if (rooms(s).get(key) === room) rooms(s).delete(key);
  });
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
    // Who is here and their carets reach the people on the other instances too (decision 0312).
    if (origin !== REMOTE) publishAwareness(s, room, awarenessProtocol.encodeAwarenessUpdate(awareness, changed));
  });
  rooms(s).set(key, room);
  return room;
}

/** Writes the type's JSON snapshot of the shared state when it changed (decision 0286). */
async function saveSnapshot(s: Services, room: Room) {
  if (room.snapshotTimer) clearTimeout(room.snapshotTimer);
  room.snapshotTimer = null;
  const snapshot = room.def.snapshot;
  if (!snapshot) return;
  const value = snapshot.of(room.doc);
  if (value === null || value === undefined) return;
  const json = JSON.stringify(value);
  if (room.saved === json) return;
  await snapshot.write(s, { id: room.id, companyId: room.companyId, actorId: room.lastActor }, value);
  room.saved = json;
}

function scheduleSnapshot(s: Services, room: Room) {
  if (!room.def.snapshot) return;
  if (room.snapshotTimer) clearTimeout(room.snapshotTimer);
  room.snapshotTimer = setTimeout(() => void saveSnapshot(s, room).catch((e) => console.error(`[sync] ${room.def.type} snapshot failed:`, (e as Error).message)), SNAPSHOT_DELAY_MS);
}

/** Merges the rows into the entity's state and deletes exactly the rows merged. */
export async function compact(s: Services, def: SyncType, id: string) {
  const { entity: E, updates: U } = def;
  await s.db.transaction(async (tx) => {
    const [row] = rowsOf<{ state: Buffer | null }>(await tx.execute(sql`select ${ident(E.state)} as state from ${E.table} where ${ident(E.id)} = ${id} for update`));
    if (!row) return;
    const updates = rowsOf<{ id: string; update: Buffer }>(await tx.execute(sql`select ${ident(U.id)} as id, ${ident(U.update)} as update from ${U.table} where ${ident(U.entityId)} = ${id} order by ${ident(U.id)}`));
    if (!updates.length) return;
    const merged = Y.mergeUpdates([...(row.state ? [bytes(row.state)] : []), ...updates.map((u) => bytes(u.update))]);
    await tx.execute(sql`update ${E.table} set ${ident(E.state)} = ${Buffer.from(merged)} where ${ident(E.id)} = ${id}`);
    const ids: SQL[] = updates.map((u) => sql`${Number(u.id)}`);
    await tx.execute(sql`delete from ${U.table} where ${ident(U.id)} in (${sql.join(ids, sql`, `)})`);
  });
}

/** A client's update: its sender's access checked again, decoded in full, appended to the table, applied, relayed, announced. */
async function acceptUpdate(s: Services, room: Room, conn: Conn, update: Uint8Array, seq: number) {
  // Every write is checked against the database as it is now: a change of access committed
  // before the client sent it is seen even when its notification has not arrived yet. One check
  // covers every message received before it began.
  // The check's round trip runs while the update is decoded.
  const allowed = conn.checked < seq ? recheck(s, room, conn) : true;
  // A forged update throws while decoding (every struct and the delete set are read) or while
  // integrating on an empty scratch document: refused before anything is stored or applied.
  const decoded = Y.decodeUpdate(update);
  room.def.check?.(decoded);
  const probe = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(probe, update);
  } finally {
    probe.destroy();
  }
  if (!(await allowed)) return;
  if (!conn.grant.canWrite) {
    conn.ws.close(CLOSE.readOnly, 'read only');
    return;
  }
  // The state was replaced (a restore) after this message was queued: its update belongs to the old state.
  if (rooms(s).get(room.key) !== room) return;
  const id = await insertUpdate(s.db, room.def, room.companyId, room.id, update);
  room.mine.add(id);
  room.rows++;
  room.lastActor = conn.actorId;
  Y.applyUpdate(room.doc, update, conn);
  await announce(s.db, { companyId: room.companyId, entity: room.def.liveEntity, id: room.id, action: `u${id}` });
  scheduleSnapshot(s, room);
  if (room.rows > COMPACT_AFTER) {
    room.rows = 0;
    void compact(s, room.def, room.id).catch((e) => console.error(`[sync] ${room.def.type} compaction failed:`, (e as Error).message));
  }
}

async function onMessage(s: Services, room: Room, conn: Conn, data: Uint8Array, seq: number) {
  if (conn.ended) return;
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
      if (update.length > 2 || Y.decodeUpdate(update).structs.length) await acceptUpdate(s, room, conn, update, seq);
    } else throw new Error('unknown sync step');
  } else if (type === MSG_AWARENESS) {
    const update = decoding.readVarUint8Array(dec);
    checkAwareness(room, conn, update);
    awarenessProtocol.applyAwarenessUpdate(room.awareness, update, conn);
  } else throw new Error('unknown message');
}

/**
 * Awareness (who is here, carets, pointers; decision 0306) speaks for the socket's own person
 * only: a state naming another user id, or touching a client id another socket holds, is a
 * forged message (the socket is closed with 4400, nothing relayed). The display name stays the client's.
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

async function leave(s: Services, room: Room, conn: Conn) {
  if (conn.expiry) clearTimeout(conn.expiry);
  conn.expiry = null;
  if (!room.conns.delete(conn)) return;
  awarenessProtocol.removeAwarenessStates(room.awareness, [...conn.clients], null);
  if (room.conns.size || rooms(s).get(room.key) !== room) return;
  rooms(s).delete(room.key);
  // The last one out writes the snapshot; shutdown waits for it (flushSync).
  const saving = saveSnapshot(s, room)
    .catch((e) => console.error(`[sync] ${room.def.type} snapshot failed:`, (e as Error).message))
    .finally(() => {
      pending(s).delete(saving);
      room.doc.destroy();
    });
  pending(s).add(saving);
  await saving;
}

/** Closes the socket of a person who lost a right: their presence leaves the room at once, and nothing more goes either way. */
function endConn(s: Services, room: Room, conn: Conn, code: number, reason: string) {
  if (conn.ended) return;
  conn.ended = true;
  conn.ws.close(code, reason);
  void leave(s, room, conn);
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** The socket is checked again when its session runs out (nothing in the database changes then). */
function watchExpiry(s: Services, room: Room, conn: Conn) {
  if (conn.expiry) clearTimeout(conn.expiry);
  const wait = Math.min(Math.max(conn.grant.sessionExpiresAt - Date.now(), 0) + 1000, MAX_TIMER_MS);
  conn.expiry = setTimeout(() => void recheck(s, room, conn), wait);
}

/**
 * The socket's rights decided again (access.ts); false when it was closed for them: the session
 * ended (4401), the entity is out of reach (4404), the role changed (4412: the client reconnects
 * and the route decides again), the check failed (1011).
 */
async function recheck(s: Services, room: Room, conn: Conn): Promise<boolean> {
  const covered = conn.received;
  let verdict: Verdict;
  try {
    verdict = await recheckGrant(s, conn.grant, room.id);
  } catch (e) {
    console.error(`[sync] ${room.def.type} access check failed:`, (e as Error).message);
    endConn(s, room, conn, 1011, 'check failed');
    return false;
  }
  if (conn.ended) return false;
  if (!verdict.ok) {
    endConn(s, room, conn, CLOSE[verdict.why], verdict.why);
    return false;
  }
  if (verdict.membership !== conn.grant.membership || verdict.canWrite !== conn.grant.canWrite) {
    endConn(s, room, conn, CLOSE.accessChanged, 'access changed');
    return false;
  }
  conn.grant.sessionExpiresAt = verdict.sessionExpiresAt;
  conn.checked = Math.max(conn.checked, covered);
  watchExpiry(s, room, conn);
  return true;
}

/** Checks again the sockets a change of sessions, people, memberships or an entity's sharing may concern. */
function recheckWhere(s: Services, where: Iterable<Room>, concerns: (conn: Conn) => boolean) {
  for (const room of where) {
    for (const conn of [...room.conns]) {
      if (!conn.ended && concerns(conn)) void room.ready.then(() => recheck(s, room, conn)).catch(() => {});
    }
  }
}

/** The socket's events for one person on one entity (the route checked who may see it and wrote the grant). */
export function syncEvents(s: Services, def: SyncType, id: string, grant: SyncGrant, clientEpoch: number | null = null): WSEvents {
  let room = openRoom(s, def, id, grant.companyId);
  const conn: Conn = { ws: null as unknown as WSContext, actorId: grant.userId, grant, clients: new Set(), queue: Promise.resolve(), received: 0, checked: 0, ended: false, expiry: null };
  return {
    onOpen(_e, ws) {
      conn.ws = ws;
      // The room found at the upgrade may have been closed since, by the last socket leaving (a page
      // reloaded: its old socket's close handled after the new one's upgrade) or by a restore: this
      // socket joins the entity's current room, loaded again from the database, never the closed one,
      // whose writes are dropped (decision 0736).
      if (rooms(s).get(room.key) !== room) room = openRoom(s, def, id, grant.companyId);
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
          // A change of access committed between the route's check and this socket joining the room was heard by no one.
          void recheck(s, room, conn);
        },
        (e) => {
          console.error(`[sync] ${def.type} load failed:`, (e as Error).message);
          room.conns.delete(conn);
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
      const seq = ++conn.received;
      conn.queue = conn.queue.then(() =>
        onMessage(s, room, conn, bytes, seq).catch(() => {
          // Anything that does not decode (or a database refusal) closes this socket; the entity keeps what it had.
          if (!conn.ended) ws.close(CLOSE.forged, 'refused');
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

/** Drops a room whose shared state was replaced: its sockets are told to reload (4409). */
function dropRoom(s: Services, room: Room) {
  rooms(s).delete(room.key);
  if (room.snapshotTimer) clearTimeout(room.snapshotTimer);
  for (const c of room.conns) {
    if (c.expiry) clearTimeout(c.expiry);
    c.ws.close(CLOSE.reset, 'reset');
  }
  room.conns.clear();
  room.doc.destroy();
}

/** Another instance's update (by id), a reset, or a lost LISTEN connection: this instance's rooms follow. */
function follow(s: Services) {
  const unsubscribe = s.feed.subscribe((change) => {
    if (change.t === 'awareness') {
      const room = rooms(s).get(change.key);
      if (room && change.from !== instanceOf(s)) awarenessProtocol.applyAwarenessUpdate(room.awareness, Buffer.from(change.update, 'base64'), REMOTE);
      return;
    }
    if (change.t === 'reset') {
      for (const room of rooms(s).values()) void room.ready.then(() => readState(s, room)).catch(() => {});
      // Changes of access may have been missed too.
      return recheckWhere(s, rooms(s).values(), () => true);
    }
    // A session signed out, revoked or refreshed; a person or their membership changed (decision 0420).
    if (change.t === 'session') return recheckWhere(s, rooms(s).values(), (c) => c.grant.sessionToken === change.token);
    if (change.t === 'user' || change.t === 'member') return recheckWhere(s, rooms(s).values(), (c) => c.grant.userId === change.userId);
    if (change.t !== 'entity') return;
    const def = [...types(s).values()].find((d) => d.liveEntity === change.entity);
    if (!def) return;
    const room = rooms(s).get(roomKey(def, change.id));
    if (!room) return;
    if (change.action === 'reset') return dropRoom(s, room);
    if (change.action === ACCESS_ACTION) return recheckWhere(s, [room], () => true);
    const id = Number(change.action?.slice(1));
    if (!Number.isSafeInteger(id)) return;
    if (room.mine.delete(id)) return;
    const U = def.updates;
    void room.ready
      .then(async () => {
        const [row] = rowsOf<{ update: Buffer }>(await s.db.execute(sql`select ${ident(U.update)} as update from ${U.table} where ${ident(U.id)} = ${id}`));
        if (row) {
          room.rows++;
          Y.applyUpdate(room.doc, bytes(row.update), 'remote');
        } else await readState(s, room); // merged meanwhile: the state has it
      })
      .catch((e) => console.error(`[sync] ${def.type} remote update failed:`, (e as Error).message));
  });
  return { stop: unsubscribe };
}

/**
 * Registers a type of shared editing, in its module's `start`: the instance follows the other
 * instances' updates of it, and pages never hear its live entity.
 */
export function defineSyncType(s: Services, def: SyncType): SyncType {
  types(s).set(def.type, def);
  registerLiveEntity(s, def.liveEntity, () => false);
  serverState(s, 'platform.sync-follow', () => follow(s));
  return def;
}

/** On shutdown (the module's `stop`): every open room of the type writes its snapshot. */
export async function flushSync(s: Services, def: SyncType) {
  types(s).delete(def.type);
  if (!types(s).size) serverState(s, 'platform.sync-follow', () => ({ stop: () => {} })).stop();
  for (const room of [...rooms(s).values()].filter((r) => r.def.type === def.type)) {
    rooms(s).delete(room.key);
    await room.ready.then(() => saveSnapshot(s, room)).catch(() => {});
  }
  await Promise.all([...pending(s)]);
}

const ACCESS_ACTION = 'access';

/**
 * Who may see the entity changed (its sharing, its deletion), in the caller's transaction: every
 * instance checks the sockets open on it again and closes those that lost it (4404).
 */
export async function announceAccessChange(tx: DbOrTx, def: SyncType, companyId: string, id: string) {
  await announce(tx, { companyId, entity: def.liveEntity, id, action: ACCESS_ACTION });
}

/**
 * The entity's shared state as it is now in the database (its merged state and the updates not yet
 * merged), for a reader outside the rooms (the company's export, decision 0425); null when the
 * entity was never edited together. The caller destroys the document.
 */
export async function storedSharedState(db: DbOrTx, def: SyncType, companyId: string, id: string): Promise<Y.Doc | null> {
  const { entity: E, updates: U } = def;
  const [row] = rowsOf<{ state: Buffer | null }>(await db.execute(sql`select ${ident(E.state)} as state from ${E.table} where ${ident(E.id)} = ${id} and ${ident(E.companyId)} = ${companyId}`));
  const updates = rowsOf<{ update: Buffer }>(await db.execute(sql`select ${ident(U.update)} as update from ${U.table} where ${ident(U.entityId)} = ${id} and ${ident(U.companyId)} = ${companyId} order by ${ident(U.id)}`));
  if (!row?.state && !updates.length) return null;
  const doc = new Y.Doc();
  if (row?.state) Y.applyUpdate(doc, bytes(row.state));
  for (const u of updates) Y.applyUpdate(doc, bytes(u.update));
  return doc;
}

/**
 * A save outside shared editing (a REST save, a version restore) replaces the shared state, in the
 * caller's transaction: the updates are deleted, the state cleared and the epoch bumped; every
 * instance closes the entity's sockets (4409) and the next open seeds the new content.
 */
export async function resetSharedState(tx: DbOrTx, def: SyncType, companyId: string, id: string, opts: { stateCleared?: boolean } = {}) {
  const { entity: E, updates: U } = def;
  await tx.execute(sql`delete from ${U.table} where ${ident(U.entityId)} = ${id}`);
  // The caller's own UPDATE may clear the state already: a second one would rewrite the row again.
  if (!opts.stateCleared) await tx.execute(sql`update ${E.table} set ${ident(E.state)} = null, ${ident(E.epoch)} = ${ident(E.epoch)} + 1 where ${ident(E.id)} = ${id}`);
  await announce(tx, { companyId, entity: def.liveEntity, id, action: 'reset' });
}
