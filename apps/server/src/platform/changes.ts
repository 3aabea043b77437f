import pg from 'pg';

/** A row change announced by the database triggers on the channel 'sede_changes'. */
export type Change =
  | { t: 'session'; token: string; userId: string }
  | { t: 'user'; userId: string }
  | { t: 'member'; userId: string; companyId: string }
  | { t: 'company'; companyId: string; currencyAmount: number }
  | { t: 'reset' }; // the listener reconnected: anything may have been missed

type Listener = (change: Change) => void;

/**
 * One dedicated connection LISTENs on 'sede_changes' and fans every change out to the
 * in-process subscribers (caches, SSE streams). It reconnects by itself; after a reconnect it
 * emits 'reset' so caches drop everything they might have missed.
 */
export function createChangeFeed(connectionString: string) {
  const listeners = new Set<Listener>();
  let client: pg.Client | null = null;
  let stopped = false;
  let ready: Promise<void> | null = null;

  const emit = (change: Change) => {
    for (const l of listeners) {
      try {
        l(change);
      } catch (e) {
        console.error('[changes] listener failed:', (e as Error).message);
      }
    }
  };

  async function connect(isReconnect: boolean): Promise<void> {
    const c = new pg.Client({ connectionString });
    c.on('error', (e) => {
      if (!stopped) console.error('[changes] connection error:', e.message);
    });
    c.on('end', () => {
      if (stopped) return;
      client = null;
      setTimeout(() => void connect(true).catch(() => {}), 500);
    });
    c.on('notification', (msg) => {
      if (!msg.payload) return;
      try {
        emit(JSON.parse(msg.payload) as Change);
      } catch {
        /* not ours */
      }
    });
    try {
      await c.connect();
      await c.query('LISTEN sede_changes');
      client = c;
      if (isReconnect) emit({ t: 'reset' });
    } catch (e) {
      await c.end().catch(() => {});
      if (stopped) return;
      if (!isReconnect) throw e;
      setTimeout(() => void connect(true).catch(() => {}), 1000);
    }
  }

  return {
    start() {
      ready ??= connect(false);
      return ready;
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
