import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { DbOrTx } from '@sede/db/client';

/** The channel every instance LISTENs on for area entities (platform/changes.ts). */
export const ENTITY_CHANNEL = 'sede_entities';

/** NOTIFY payloads are capped at 8000 bytes: each one stays well below it (decision 0115). */
export const MAX_PAYLOAD_BYTES = 7000;

export type Announcement = {
  companyId: string;
  /** The entity type ('deal', 'task', 'notification', 'job'…). */
  entity: string;
  id: string;
  /** 'created' | 'updated' | 'deleted' | anything the area finds useful; optional. */
  action?: string;
  /** Only these people of the company are told; absent = every member who may see it. */
  userIds?: readonly string[];
};

/** What travels on the channel: ids only, never bodies. */
export type EntityChange = { t: 'entity'; companyId: string; entity: string; id: string; action?: string; userIds?: string[] };

type Executor = DbOrTx | pg.Pool | pg.PoolClient | pg.Client;
const isPg = (x: Executor): x is pg.Pool | pg.PoolClient | pg.Client => typeof (x as { execute?: unknown }).execute !== 'function';

const SHORT = /^[\w.:-]{1,100}$/;

/** The payloads of an announcement: several when its recipient list would not fit in one. */
export function entityPayloads(a: Announcement): string[] {
  if (!SHORT.test(a.entity) || !SHORT.test(a.id) || (a.action !== undefined && !SHORT.test(a.action))) {
    throw new Error(`announce: entity, id and action must be short ids (got ${a.entity} ${a.id} ${a.action})`);
  }
  const base: EntityChange = { t: 'entity', companyId: a.companyId, entity: a.entity, id: a.id, ...(a.action ? { action: a.action } : {}) };
  if (!a.userIds) return [JSON.stringify(base)];
  const unique = [...new Set(a.userIds)];
  if (!unique.length) return [];
  const payloads: string[] = [];
  const baseBytes = Buffer.byteLength(JSON.stringify({ ...base, userIds: [] }));
  let chunk: string[] = [];
  let bytes = baseBytes;
  for (const userId of unique) {
    const size = Buffer.byteLength(JSON.stringify(userId)) + 1;
    if (chunk.length && bytes + size > MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ ...base, userIds: chunk }));
      chunk = [];
      bytes = baseBytes;
    }
    chunk.push(userId);
    bytes += size;
  }
  if (chunk.length) payloads.push(JSON.stringify({ ...base, userIds: chunk }));
  return payloads;
}

/**
 * "Entity X of company C changed": NOTIFY on 'sede_entities' through the caller's connection.
 * Called inside the transaction of the change, PostgreSQL delivers it only on commit (and
 * never after a rollback). Every instance relays it to the open pages (GET /api/events) of
 * the people who may see it; the pages refetch what changed. Ids only: no body ever travels.
 */
export async function announce(db: Executor, a: Announcement): Promise<void> {
  const later = deferred.get(deferralKey(db));
  if (later) {
    entityPayloads(a); // checked now, where the caller can see it
    later.push(a);
    return;
  }
  await send(db, entityPayloads(a));
}

/** Transactions whose announcements wait for their commit (see `deferAnnouncements`). */
const deferred = new WeakMap<object, Announcement[]>();
/** Which key each `later` list was deferred under, to forget it once its work is done. */
const keyOfLater = new WeakMap<Announcement[], object>();
/**
 * A Drizzle transaction's session: its nested transactions (savepoints, as the functions it calls
 * with it open) are other objects on the same session, and must defer alike. A pg client is its own key.
 */
const deferralKey = (db: Executor): object => (db as { session?: object }).session ?? db;

/**
 * Inside `announcedAfterCommit`'s transaction `tx`: whatever announces through `tx` from here on —
 * this module's code or another's it calls with the same transaction — joins `later` instead of
 * NOTIFYing inside it (decision 0765).
 */
export function deferAnnouncements(tx: Executor, later: Announcement[]): void {
  const key = deferralKey(tx);
  deferred.set(key, later);
  keyOfLater.set(later, key);
}

/**
 * Several announcements in one statement. Work that announces after its commit (decision 0765)
 * collects them and sends them here, outside the transaction: a transaction that NOTIFYs takes
 * PostgreSQL's database-wide notify lock at commit and holds it through its WAL flush, so
 * concurrent committing transactions that announce would wait on each other's flush.
 */
export async function announceAll(db: Executor, list: readonly Announcement[]): Promise<void> {
  await send(db, list.flatMap(entityPayloads));
}

/**
 * Sends the announcements `work` collects after its transaction committed (decision 0765): none on
 * a rollback. A failure to send is logged, not thrown: the change is committed, and open pages
 * refetch on their next change or reconnection.
 */
export async function announcedAfterCommit<T>(db: Executor, work: (later: Announcement[]) => Promise<T>): Promise<T> {
  const later: Announcement[] = [];
  let result: T;
  try {
    result = await work(later);
  } finally {
    // A session outlives its transaction when the database is one client: later announcements go at once.
    const key = keyOfLater.get(later);
    if (key && deferred.get(key) === later) deferred.delete(key);
  }
  await announceAll(db, later).catch((e: Error) => console.error('[live] announcement after commit failed:', e.message));
  return result;
}

async function send(db: Executor, payloads: string[]): Promise<void> {
  if (!payloads.length) return;
  if (isPg(db)) {
    await db.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [ENTITY_CHANNEL, payloads]);
  } else {
    // One statement for all of them (decision 0740), as on a pool.
    await db.execute(sql`SELECT pg_notify(${ENTITY_CHANNEL}, p) FROM unnest(ARRAY[${sql.join(payloads.map((p) => sql`${p}`), sql`, `)}]::text[]) AS p`);
  }
}
