import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Services, Tenant } from '../services.ts';
import type { ChangeFeed } from './changes.ts';
import { serverState } from './module.ts';
import { securedResponder, takeAnswerHeaders } from '../http/security.ts';

/**
 * A list's answer kept in memory, exactly (decision 0771): the JSON a list route answered, per
 * company and per everything else the answer depends on (the list, the shape, the validated query,
 * the caller when the query reads who asks), served again while nothing it reads has changed.
 *
 * When an answer stops being valid:
 * - another instance's (or any) write: every table the lists read announces the companies a
 *   statement touched on commit (migration 0044: `{ t: 'lists', companyIds }`; a person's name,
 *   the companies they belong to; `all` when a statement touched too many, or deleted a person);
 * - this instance's own write: a request that is not a GET drops its company's lists when it ends,
 *   after its commit and before its answer leaves (`listCacheWrites`), so whoever wrote and lists
 *   next sees the write even before the NOTIFY comes back;
 * - the feed: while the LISTEN connection is down nothing is served nor kept, and its 'reset'
 *   drops everything.
 * A fill that raced a change (it began before the change reached this instance: its statement may
 * have read the old rows) is answered but not kept. Memory is bounded by bytes, least recently used first.
 */
export type ListKey = {
  /** The list and its shape ('crm.deals.v1'): two routes never share answers. */
  list: string;
  /** Everything besides the company's data that the answer depends on (the validated query, the caller's id when it is read). */
  scope: unknown;
};

type Entry = { companyId: string; body: Buffer };

/** One answer bigger than this share of the memory is answered, never kept. */
const MAX_ENTRY_SHARE = 8;
/** What a kept answer costs besides its bytes (the key, the entry, the map). */
const ENTRY_OVERHEAD = 200;

export function createListCache(feed: Pick<ChangeFeed, 'subscribe' | 'isLive'>, maxBytes: number) {
  /** In order of use, least recent first. */
  const entries = new Map<string, Entry>();
  const keysOf = new Map<string, Set<string>>();
  let bytes = 0;
  // Fills in flight: `clock` ticks on every change; `changedAt` when a company last changed.
  let clock = 0;
  let clearedAt = 0;
  let inflight = 0;
  const changedAt = new Map<string, number>();
  const counts = { hits: 0, misses: 0, kept: 0, evicted: 0 };

  const sizeOf = (key: string, e: Entry) => e.body.byteLength + key.length * 2 + ENTRY_OVERHEAD;
  const remove = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    entries.delete(key);
    bytes -= sizeOf(key, e);
    const keys = keysOf.get(e.companyId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(e.companyId);
  };
  const clear = () => {
    clearedAt = ++clock;
    changedAt.clear();
    entries.clear();
    keysOf.clear();
    bytes = 0;
  };
  const changed = (companyId: string) => {
    const at = ++clock;
    if (inflight > 0) changedAt.set(companyId, at);
    for (const key of keysOf.get(companyId) ?? []) remove(key);
  };
  const keep = (key: string, e: Entry) => {
    const size = sizeOf(key, e);
    if (size > maxBytes / MAX_ENTRY_SHARE) return;
    remove(key);
    entries.set(key, e);
    bytes += size;
    let keys = keysOf.get(e.companyId);
    if (!keys) keysOf.set(e.companyId, (keys = new Set()));
    keys.add(key);
    counts.kept++;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
      counts.evicted++;
    }
  };

  feed.subscribe((change) => {
    if (change.t === 'reset') clear();
    else if (change.t === 'lists') {
      if (change.all) clear();
      else for (const id of change.companyIds ?? []) changed(id);
    }
  });

  return {
    /**
     * The list's JSON for the tenant's company: the kept bytes, or `compute`'s answer (kept when
     * nothing it reads changed while it ran and the feed was up throughout).
     */
    async json(tenant: Pick<Tenant, 'companyId'>, key: ListKey, compute: () => Promise<unknown>): Promise<Buffer | string> {
      if (maxBytes <= 0) return JSON.stringify(await compute());
      const { companyId } = tenant;
      const full = `${key.list}\n${companyId}\n${JSON.stringify(key.scope)}`;
      const live = feed.isLive();
      if (live) {
        const hit = entries.get(full);
        if (hit) {
          counts.hits++;
          entries.delete(full);
          entries.set(full, hit);
          return hit.body;
        }
      }
      counts.misses++;
      const start = clock;
      inflight++;
      try {
        const text = JSON.stringify(await compute());
        if (!live || !feed.isLive() || clearedAt > start || (changedAt.get(companyId) ?? 0) > start) return text;
        const body = Buffer.from(text);
        keep(full, { companyId, body });
        return body;
      } finally {
        if (--inflight === 0) changedAt.clear();
      }
    },
    /** This instance's own write of the company committed: its lists go now (the NOTIFY follows). */
    changed,
    /** Everything goes (a write whose companies are not known). */
    clear,
    stats: () => ({ entries: entries.size, bytes, ...counts }),
  };
}

export type ListCache = ReturnType<typeof createListCache>;

export const listCache = (s: Services) => serverState(s, 'platform.listCache', () => createListCache(s.feed, s.cfg.LIST_CACHE_MB * 1024 * 1024));

/**
 * A list's answer in one plain header record, the security headers and whatever a middleware held
 * for it (the key's `RateLimit-*`) already in it: @hono/node-server writes it in one go, with no
 * Headers object built and validated per answer (decisions 0763, 0774). A list route's path is
 * concerned by no per-path rule of the security middleware.
 */
const listResponder = (s: Services) => serverState(s, 'platform.listResponder', () => securedResponder(s.cfg, { 'content-type': 'application/json' }));

/** A list route's answer through the cache: the JSON of `compute`, or the same bytes kept from before. */
export async function cachedList(c: Context, s: Services, tenant: Pick<Tenant, 'companyId'>, key: ListKey, compute: () => Promise<unknown>): Promise<Response> {
  const body = await listCache(s).json(tenant, key, compute);
  return listResponder(s)(body, takeAnswerHeaders(c));
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * This instance's writes drop the lists they may change, before their answer leaves: a request
 * that is not a read, once its handler ended (committed, or failed after a commit), drops its
 * company's lists; one with a caller but no company (a person's own profile, whose name lists
 * show in every company) drops them all. Requests with no caller (providers' webhooks, public
 * pages) reach the lists through the feed only: nobody of the company awaits their answer.
 */
export function listCacheWrites(s: Services) {
  const cache = listCache(s);
  return createMiddleware(async (c, next) => {
    if (READS.has(c.req.method)) return next();
    try {
      await next();
    } finally {
      const vars = c as unknown as { get(key: string): unknown };
      const companyId = vars.get('companyId');
      if (typeof companyId === 'string' && companyId) cache.changed(companyId);
      else if (vars.get('viewer') || vars.get('apiKey')) cache.clear();
    }
  });
}
