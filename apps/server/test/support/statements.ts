import type pg from 'pg';

/** What `recordStatements` notes: the texts of the statements run while `on`. */
export type SeenStatements = { on: boolean; texts: string[] };

const textOf = (q: unknown) => (typeof q === 'string' ? q : ((q as { text?: string }).text ?? ''));

/**
 * Every statement the server's pool runs while `seen.on`, into `seen.texts`: through the pool
 * itself and through its clients (transactions). pg's own pool.query takes its client through
 * connect's callback form: both forms are wrapped.
 */
export function recordStatements(pool: pg.Pool, seen: SeenStatements) {
  const count = (client: pg.PoolClient & { counted?: boolean }) => {
    if (client.counted) return client;
    const own = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: unknown }).query = (...a: unknown[]) => {
      if (seen.on) seen.texts.push(textOf(a[0]));
      return own(...a);
    };
    client.counted = true;
    return client;
  };
  const connect = pool.connect.bind(pool) as (cb?: (err: Error | undefined, client: pg.PoolClient, done: () => void) => void) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: unknown }).connect = (cb?: (err: Error | undefined, client: pg.PoolClient, done: () => void) => void) =>
    cb ? connect((err, client, done) => cb(err, client && count(client), done)) : connect()!.then(count);
}
