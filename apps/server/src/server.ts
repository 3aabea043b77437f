import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { WebSocketServer } from 'ws';
import { createDb, createPool } from '@sede/db/client';
import { runMigrations } from '@sede/db/migrate';
import { createApp } from './app.ts';
import { type Clock, systemClock } from './platform/clock.ts';
import { liveStreams } from './platform/live-streams.ts';
import { createAuth, createAuthHooks } from './platform/auth.ts';
import { createChangeFeed } from './platform/changes.ts';
import type { Config } from './platform/config.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from './platform/embedded-postgres.ts';
import { startJobs } from './platform/jobs.ts';
import { createMailer } from './platform/mail.ts';
import { systemDns, type DnsResolver } from './platform/net/dns.ts';
import { authSecret } from './platform/secret.ts';
import { createViewerCache } from './platform/viewer.ts';
import { MODULES } from './modules/index.ts';
import { enabledModules, setServerModules, startOrder, type ModuleDefinition } from './platform/module.ts';
import type { Services } from './services.ts';

export type RunningServer = {
  url: string;
  port: number;
  /** The database this instance uses (the embedded one's URL unless DATABASE_URL was given). */
  databaseUrl: string;
  services: Services;
  /** The modules this server runs (enabled ones, in order). */
  modules: readonly ModuleDefinition[];
  /** The HTTP app (its routes and their contracts: the OpenAPI document is generated from it). */
  app: ReturnType<typeof createApp>;
  stop: () => Promise<void>;
};

/** The largest WebSocket message a client may send (2 MB; decision 0283). */
export const WS_MAX_PAYLOAD = 2 * 1024 * 1024;

/** Boots the whole server: database (embedded unless DATABASE_URL), migrations, auth, jobs, HTTP. */
export async function startServer(cfg: Config, opts: { modules?: readonly ModuleDefinition[]; clock?: Clock; dns?: DnsResolver } = {}): Promise<RunningServer> {
  let embedded: EmbeddedDb | null = null;
  let databaseUrl = cfg.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres(cfg.dataDir, cfg.EMBEDDED_PG_PORT, Boolean(cfg.PG_LOG), { durable: cfg.embeddedPgDurable });
    databaseUrl = embedded.url;
  }
  const pool = createPool(databaseUrl, 20);
  const db = createDb(pool);
  await runMigrations(db);
  const feed = createChangeFeed(databaseUrl);
  await feed.start();
  const boss = await startJobs(databaseUrl);
  const mailer = createMailer(cfg, db);
  const authHooks = createAuthHooks();
  const auth = createAuth(cfg, db, mailer, authSecret(cfg.dataDir, cfg.BETTER_AUTH_SECRET), authHooks);
  const viewers = createViewerCache(auth, pool, feed);
  const services: Services = { cfg, db, pool, auth, mailer, boss, feed, viewers, authHooks, clock: opts.clock ?? systemClock, dns: opts.dns ?? systemDns, state: new Map() };
  const modules = enabledModules(services, startOrder(opts.modules ?? MODULES));
  setServerModules(services, modules);
  for (const m of modules) await m.start?.(services);

  let ready = false;
  const app = createApp(services, modules, () => ready);
  // WebSockets (the documents' shared editing, decision 0283) go through the same app, its
  // sessions and checks; a message larger than the cap closes the socket with 1009.
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD });
  const server: ServerType = await new Promise((resolve) => {
    const srv = serve({ fetch: app.fetch, port: cfg.PORT, hostname: cfg.HOST, websocket: { server: wss } }, () => resolve(srv));
  });
  // A large upload (500 MB on a slow line) outlasts Node's default 5 minutes per request; headers still time out (decision 0110).
  (server as unknown as { requestTimeout: number }).requestTimeout = 60 * 60_000;
  // Idle keep-alive sockets live longer than the clients' and proxies' own idle timeouts (Node's
  // 5 s default closes a socket just as a client reuses it: ECONNRESET on a healthy request).
  Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
  ready = true;
  const port = (server.address() as AddressInfo).port;

  let stopping: Promise<void> | null = null;
  const stop = () =>
    (stopping ??= (async () => {
      ready = false;
      liveStreams(services).closeAll();
      for (const ws of wss.clients) ws.close(1001, 'server stopping');
      setTimeout(() => {
        for (const ws of wss.clients) ws.terminate();
      }, 1000).unref();
      // Stop taking requests; let the ones in flight finish. Keep-alive sockets become idle
      // once their response is out: close them then, instead of waiting for their timeout.
      const http = server as unknown as { closeIdleConnections?: () => void; closeAllConnections?: () => void };
      await new Promise<void>((resolve) => {
        const sweep = setInterval(() => http.closeIdleConnections?.(), 50);
        const giveUp = setTimeout(() => {
          clearInterval(sweep);
          http.closeAllConnections?.();
          resolve();
        }, 10_000);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(giveUp);
          resolve();
        });
        http.closeIdleConnections?.();
      });
      for (const m of [...modules].reverse()) await m.stop?.(services);
      await boss.stop({ graceful: true, timeout: 5000 }).catch(() => {});
      await feed.stop();
      await pool.end().catch(() => {});
      await embedded?.stop().catch((e) => console.error('[pg] stop failed:', e));
    })());

  return { url: `http://127.0.0.1:${port}`, port, databaseUrl, services, modules, app, stop };
}
