import pg from 'pg';
import { ENTITY_CHANNEL, type EntityChange } from './live/announce.ts';

/** Who is here in a shared-editing room (base64 y-protocols awareness), from the instance `from` (platform/sync/rooms.ts). */
export type AwarenessChange = { t: 'awareness'; key: string; from: string; update: string };

/** A row change announced by the database triggers on the channel 'sede_changes'. */
export type Change =
  | { t: 'session'; token: string; userId: string }
  | { t: 'user'; userId: string }
  | { t: 'member'; userId: string; companyId: string }
  | { t: 'company'; companyId: string; currencyAmount: number; balanceOnly?: boolean }
  | EntityChange // an area's entity changed (platform/live/announce.ts, channel 'sede_entities')
  | AwarenessChange // who is here in a shared-editing room, from another instance (platform/sync/rooms.ts)
  | { t: 'webhooks'; companyId: string } // an event waits in the webhook outbox (channel 'sede_webhooks', decision 0651)
  | { t: 'api_key'; id: string } // an API key was revoked (modules/api-keys, decision 0640)
  | { t: 'lists'; companyIds?: string[]; all?: true } // a table the in-memory lists read changed (migration 0044, decision 0771)
  | { t: 'reset' }; // the listener was lost or came back: anything may have been missed

type Listener = (change: Change) => void;

const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The channel of the webhook outbox's triggers (decision 0651). */
export const WEBHOOKS_CHANNEL = 'sede_webhooks';

/**
 * One dedicated connection LISTENs on 'sede_changes' (and 'sede_entities', the areas' entity
 * announcements, and 'sede_webhooks', events waiting to be delivered) and fans every change out to the
 * in-process subscribers (caches, SSE streams). While it is down nothing may be cached
 * (`isLive()` is false: evictions would be missed), and both losing it and getting it back
 * emit 'reset' so caches drop everything they hold. It reconnects by itself.
 */
export function createChangeFeed(connectionString: string) {
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  let live = false;
  let stopped = false;
  let reconnects = 0;
  let failedAttempts = 0;
  let loop: Promise<void> | null = null;

  const emit = (change: Change) => {
    for (const l of listeners) {
      try {
        l(change);
      } catch (e) {
        console.error('[changes] listener failed:', (e as Error).message);
      }
    }
  };

  async function listen(): Promise<pg.Client> {
    const c = new pg.Client({ connectionString });
    c.on('error', (e) => {
      if (!stopped) console.error('[changes] connection error:', e.message);
    });
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      let change: Change;
      try {
        change = JSON.parse(msg.payload) as Change;
      } catch {
        return; // not ours
      }
      emit(change);
    });
    try {
      await c.connect();
      await c.query(`LISTEN sede_changes; LISTEN ${ENTITY_CHANNEL}; LISTEN ${WEBHOOKS_CHANNEL}`);
      return c;
    } catch (e) {
      await c.end().catch(() => {});
      throw e;
    }
  }

  /** Holds the connection until it is lost, then gets a new one; ends on stop(). */
  async function run(first: pg.Client) {
    let current: pg.Client | null = first;
    while (!stopped) {
      if (current) {
        client = current;
        live = true;
        const ended = new Promise<void>((resolve) => current!.once('end', () => resolve()));
        await ended;
        live = false;
        client = null;
        current = null;
        if (stopped) return;
        console.warn('[changes] LISTEN connection lost: caches bypassed until it is back');
        emit({ t: 'reset' });
      }
      for (let attempt = 0; !stopped && !current; attempt++) {
        await sleep(RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!);
        if (stopped) return;
        current = await listen().catch(() => null);
        if (!current) failedAttempts++;
      }
      if (stopped) {
        await current?.end().catch(() => {});
        return;
      }
      reconnects++;
      console.warn('[changes] listening again: caches start over');
      // Changes made while we were away were never heard: everyone starts over.
      emit({ t: 'reset' });
    }
  }

  return {
    /** Connects (throws when the database is unreachable at start), then keeps listening. */
    async start() {
      if (loop) return;
      const first = await listen();
      loop = run(first);
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** True while the LISTEN connection is up: only then may anything be cached. */
    isLive: () => live && !stopped,
    /** The backend pid of the LISTEN connection (tests terminate it on purpose). */
    pid: () => (client as unknown as { processID?: number } | null)?.processID ?? null,
    stats: () => ({ live: live && !stopped, reconnects, failedAttempts }),
    async stop() {
      stopped = true;
      live = false;
      await client?.end().catch(() => {});
      await loop?.catch(() => {});
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
