import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv, Services } from '../services.ts';
import { requireViewer } from '../http/middleware.ts';
import { unauthenticated } from '../http/errors.ts';
import type { ModuleDefinition } from './module.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const ME_HEADERS = { ...JSON_HEADERS, 'cache-control': 'no-store' };
const PING_JSON = '{"ok":true}';

export function coreRoutes(s: Services, modules: readonly ModuleDefinition[], ready: () => boolean) {
  const app = new Hono<AppEnv>();

  app.get('/health', (c) => (ready() ? c.json({ status: 'ok' }) : c.json({ status: 'starting' }, 503)));

  /** Public switches the web app needs before sign-in; modules add theirs (`publicConfig`). */
  app.get('/config', (c) => {
    const config: Record<string, unknown> = { googleEnabled: Boolean(s.cfg.GOOGLE_CLIENT_ID && s.cfg.GOOGLE_CLIENT_SECRET), devMailbox: false };
    for (const m of modules) Object.assign(config, m.publicConfig?.(s, c));
    return c.json(config);
  });

  /** A bare answer that touches nothing: the baseline `npm run bench` compares /api/me with. */
  app.get('/ping', () => new Response(PING_JSON, { headers: JSON_HEADERS }));

  /**
   * The signed-in bootstrap: session, profile, company, membership and permissions in one
   * answer. The hot path of the app: a cache hit is a synchronous map lookup and a
   * precomputed JSON string (platform/viewer.ts), without Hono's middleware chain.
   */
  app.get('/me', (c): Response | Promise<Response> => {
    const hit = s.viewers.peek(c.req.raw.headers.get('cookie'));
    if (hit) return new Response(hit.json, { headers: ME_HEADERS });
    return s.viewers.fromHeaders(c.req.raw.headers).then((cached): Response => {
      if (!cached) throw unauthenticated();
      return new Response(cached.json, { headers: ME_HEADERS });
    });
  });

  /**
   * Server-sent events for the signed-in person: changes of their company row (the live
   * balance) and of their own access ('me': role, membership, profile). Relayed from the
   * database's LISTEN/NOTIFY, so every instance behind a load balancer sees every change.
   */
  app.get('/events', requireViewer(s), (c) => {
    const viewer = c.get('viewer');
    const userId = viewer.user.id;
    let companyId = viewer.company?.id ?? null;
    return streamSSE(c, async (stream) => {
      let closed = false;
      const queue: Array<{ event: string; data: string }> = [];
      let wake: (() => void) | null = null;
      const push = (event: string, data: unknown) => {
        queue.push({ event, data: JSON.stringify(data) });
        wake?.();
      };
      const unsubscribe = s.feed.subscribe((change) => {
        if (change.t === 'company' && change.companyId === companyId) {
          push('company', { companyId: change.companyId, currency_amount: change.currencyAmount });
        } else if ((change.t === 'user' || change.t === 'member') && change.userId === userId) {
          if (change.t === 'member') companyId = null; // re-read below
          push('me', { reason: change.t });
          void s.viewers.loadViewer(userId).then((v) => {
            companyId = v?.viewer.company?.id ?? null;
          });
        } else if (change.t === 'session' && change.userId === userId) {
          push('session', {});
        } else if (change.t === 'reset') {
          push('me', { reason: 'reset' });
        }
      });
      const stop = () => {
        closed = true;
        wake?.();
      };
      stream.onAbort(stop);
      const off = registerStream(stop);
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ companyId }) });
      const heartbeat = setInterval(() => push('ping', {}), 25_000);
      try {
        while (!closed) {
          while (queue.length) {
            const item = queue.shift()!;
            await stream.writeSSE(item);
          }
          if (closed) break;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        off();
      }
    });
  });

  return app;
}

/** Open SSE streams, closed on shutdown so the server can drain. */
const openStreams = new Set<() => void>();
function registerStream(stop: () => void) {
  openStreams.add(stop);
  return () => openStreams.delete(stop);
}
export function closeAllStreams() {
  for (const stop of openStreams) stop();
}
