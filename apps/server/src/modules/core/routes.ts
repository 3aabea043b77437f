import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv, Services } from '../../services.ts';
import { requireViewer } from '../../http/middleware.ts';
import { unauthenticated } from '../../http/errors.ts';
import { sessionCookieValue } from '../../platform/viewer.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const ME_HEADERS = { ...JSON_HEADERS, 'cache-control': 'no-store' };
const PING_JSON = '{"ok":true}';

export function coreRoutes(s: Services, ready: () => boolean) {
  const app = new Hono<AppEnv>();

  app.get('/health', (c) => (ready() ? c.json({ status: 'ok' }) : c.json({ status: 'starting' }, 503)));

  /** Public switches the web app needs before sign-in. */
  app.get('/config', (c) =>
    c.json({
      googleEnabled: Boolean(s.cfg.GOOGLE_CLIENT_ID && s.cfg.GOOGLE_CLIENT_SECRET),
      devMailbox: s.mailer.mode === 'dev-mailbox',
      paymentsMode: s.cfg.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox',
    }),
  );

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
      let evicted = false;
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
      // At most STREAMS_PER_SESSION / STREAMS_PER_USER open streams on this instance: a new one
      // closes the oldest, telling its browser not to reconnect for an hour (decision 0078).
      const offLimit = limitStreams(sessionCookieValue(c.req.header('cookie')) ?? userId, userId, () => {
        push('closed', { reason: 'too_many_streams' });
        evicted = true;
        wake?.();
      });
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ companyId }) });
      const heartbeat = setInterval(() => push('ping', {}), 25_000);
      try {
        while (!closed) {
          while (queue.length) {
            const item = queue.shift()!;
            await stream.writeSSE(item.event === 'closed' ? { ...item, retry: EVICTED_RETRY_MS } : item);
          }
          if (closed || evicted) break;
          await new Promise<void>((resolve) => (wake = resolve));
          wake = null;
        }
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        off();
        offLimit();
      }
    });
  });

  return app;
}

export const STREAMS_PER_SESSION = 8;
export const STREAMS_PER_USER = 20;
const EVICTED_RETRY_MS = 60 * 60 * 1000;

/** Open streams per session and per user, oldest first (a Set keeps insertion order). */
type LimitedStream = { sessionKey: string; userId: string; evict: () => void };
const streamsBySession = new Map<string, Set<LimitedStream>>();
const streamsByUser = new Map<string, Set<LimitedStream>>();
function addTo(map: Map<string, Set<LimitedStream>>, key: string, entry: LimitedStream) {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(entry);
  return set;
}
function removeFrom(map: Map<string, Set<LimitedStream>>, key: string, entry: LimitedStream) {
  const set = map.get(key);
  set?.delete(entry);
  if (set?.size === 0) map.delete(key);
}
function forget(entry: LimitedStream) {
  removeFrom(streamsBySession, entry.sessionKey, entry);
  removeFrom(streamsByUser, entry.userId, entry);
}
function limitStreams(sessionKey: string, userId: string, evict: () => void) {
  const entry: LimitedStream = { sessionKey, userId, evict };
  const bySession = addTo(streamsBySession, sessionKey, entry);
  const byUser = addTo(streamsByUser, userId, entry);
  for (const [set, max] of [[bySession, STREAMS_PER_SESSION], [byUser, STREAMS_PER_USER]] as const) {
    while (set.size > max) {
      const oldest = set.values().next().value!;
      forget(oldest);
      oldest.evict();
    }
  }
  return () => forget(entry);
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
