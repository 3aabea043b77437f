import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';

export type Statement = { text: string; values: readonly unknown[] };

/**
 * What `recordStatements` notes while `on`: by default only the statements of the HTTP requests the
 * server received while `on` (`scope: 'requests'`); with `scope: 'pool'`, every statement of the
 * pool (a job's, whose work no request runs).
 */
export type SeenStatements = { on: boolean; statements: Statement[]; scope?: 'requests' | 'pool' };

/**
 * The HTTP request an async continuation serves, for every server of this process: entered when
 * Node announces the request (`http.server.request.start`, published just before the server's
 * 'request' listeners run), so the handler and all it awaits or schedules carry it, while a
 * schedule's timer, a job's poll or the change feed's listener carry none (or their own request).
 */
const serving = new AsyncLocalStorage<IncomingMessage>();
const recorders = new Set<{ port: number; seen: SeenStatements; requests: WeakSet<IncomingMessage> }>();
let following = false;
function followRequests() {
  if (following) return;
  following = true;
  subscribe('http.server.request.start', (message) => {
    const { request } = message as { request: IncomingMessage };
    serving.enterWith(request);
    for (const r of recorders) if (r.seen.on && request.socket.localPort === r.port) r.requests.add(request);
  });
}

type Checkout = pg.PoolClient & { counted?: boolean; heldBy?: IncomingMessage };

/**
 * The statements of the server's pool into `seen.statements` while `seen.on`: through the pool
 * itself and through its clients (transactions). A statement counts for the request that checked
 * its client out: the request is read where `pool.connect` is called (pg's own pool.query calls it
 * at once, in its caller's context, through connect's callback form), not where the client is
 * handed over, which may be another caller's turn of the pool's queue. A statement of other work
 * of the server (a schedule, a job, a cache fill begun by an earlier request) is never counted as
 * the request's, however it interleaves with it.
 */
export function recordStatements(server: { port: number; services: { pool: pg.Pool } }, seen: SeenStatements): void {
  followRequests();
  const requests = new WeakSet<IncomingMessage>();
  recorders.add({ port: server.port, seen, requests });
  const { pool } = server.services;
  const counts = (client: Checkout) => seen.on && (seen.scope === 'pool' || (client.heldBy !== undefined && requests.has(client.heldBy)));
  const held = (client: Checkout, by: IncomingMessage | undefined) => {
    client.heldBy = by;
    if (client.counted) return client;
    const own = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...a: unknown[]) => {
      if (counts(client)) {
        const q = a[0] as string | { text?: string; values?: unknown[] };
        const values = (typeof q === 'string' ? a[1] : (q.values ?? a[1])) ?? [];
        seen.statements.push({ text: typeof q === 'string' ? q : (q.text ?? ''), values: Array.isArray(values) ? values : [] });
      }
      return own(...a);
    };
    client.counted = true;
    return client;
  };
  type Done = (err: Error | undefined, client: pg.PoolClient, done: () => void) => void;
  const connect = pool.connect.bind(pool) as (cb?: Done) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: unknown }).connect = (cb?: Done) => {
    const by = serving.getStore();
    return cb ? connect((err, client, done) => cb(err, client && held(client, by), done)) : connect()!.then((client) => held(client, by));
  };
}
