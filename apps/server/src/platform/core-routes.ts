import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv, Services } from '../services.ts';
import { healthSchema, pingSchema, publicConfigSchema, viewerSchema } from '@sede/shared/platform/core';
import { contract } from '../http/contract.ts';
import { securedResponder } from '../http/security.ts';
import { cookieHeader, requireViewer } from '../http/middleware.ts';
import { unauthenticated } from '../http/errors.ts';
import type { ModuleDefinition } from './module.ts';
import { sessionCookieValue } from './viewer.ts';
import { liveStreamLoop, sessionCaps } from './live-streams.ts';
import type { Change } from './changes.ts';
import type { EntityChange } from './live/announce.ts';
import { liveVisibility } from './live/registry.ts';

type CompanyChange = Extract<Change, { t: 'company' }>;

const JSON_HEADERS = { 'content-type': 'application/json; charset=UTF-8' };
const ME_HEADERS = { ...JSON_HEADERS, 'cache-control': 'no-store' };
const PING_JSON = '{"ok":true}';

export function coreRoutes(s: Services, modules: readonly ModuleDefinition[], ready: () => boolean) {
  const app = new Hono<AppEnv>();

  app.get('/health', contract({ summary: 'Estado do servidor', response: healthSchema, public: true }), (c) => (ready() ? c.json({ status: 'ok' }) : c.json({ status: 'starting' }, 503)));

  /** Public switches the web app needs before sign-in; modules add theirs (`publicConfig`). */
  app.get('/config', contract({ summary: 'Configuração pública do aplicativo', response: publicConfigSchema, public: true }), (c) => {
    const config: Record<string, unknown> = { googleEnabled: Boolean(s.cfg.GOOGLE_CLIENT_ID && s.cfg.GOOGLE_CLIENT_SECRET), devMailbox: false };
    for (const m of modules) Object.assign(config, m.publicConfig?.(s, c));
    return c.json(config);
  });

  /**
   * A bare answer that touches nothing: the baseline `npm run bench` compares /api/me with. Its
   * headers are written as /me's are (a plain record with the security headers): the ratio then
   * measures what the session costs, not a difference in how the two answers are built.
   */
  const pingAnswer = securedResponder(s.cfg, JSON_HEADERS);
  app.get('/ping', contract({ summary: 'Ping (referência do benchmark)', response: pingSchema, public: true }), () => pingAnswer(PING_JSON));

  /**
   * The signed-in bootstrap: session, profile, company, membership and permissions in one
   * answer. The hot path of the app: a cache hit is a synchronous map lookup and a
   * precomputed JSON string (platform/viewer.ts), without Hono's middleware chain, answered
   * with its security headers already in its plain header record (decision 0775, as the
   * cached CNPJ lookup's in 0763): the middleware builds no Headers object for it.
   */
  const meAnswer = securedResponder(s.cfg, ME_HEADERS);
  app.get('/me', contract({ summary: 'Sessão, perfil, empresa e permissões', response: viewerSchema }), (c): Response | Promise<Response> => {
    const hit = s.viewers.peek(cookieHeader(c));
    if (hit) return meAnswer(hit.json);
    return s.viewers.fromHeaders(c.req.raw.headers).then((cached): Response => {
      if (!cached) throw unauthenticated();
      return meAnswer(cached.json);
    });
  });

  /**
   * Server-sent events for the signed-in person: changes of their company row (the live
   * balance), of their own access ('me': role, membership, profile) and of the areas' entities
   * they may see ('entity': ids only, platform/live/announce.ts). Relayed from the
   * database's LISTEN/NOTIFY, so every instance behind a load balancer sees every change.
   */
  app.get('/events', requireViewer(s), contract({ summary: 'Mudanças ao vivo (SSE)', response: { media: 'text/event-stream' } }), (c) => {
    const viewer = c.get('viewer');
    const userId = viewer.user.id;
    let companyId = viewer.company?.id ?? null;
    return streamSSE(c, async (stream) => {
      // At most STREAMS_PER_SESSION / STREAMS_PER_USER open streams on this instance: a new one
      // closes the oldest, telling its browser not to reconnect for an hour (decision 0078).
      const caps = sessionCaps(sessionCookieValue(c.req.header('cookie')) ?? userId, userId);
      const ready = { event: 'ready', data: JSON.stringify({ companyId }) };
      const live = liveStreamLoop(s, stream, { caps, ready, evicted: { event: 'closed', data: JSON.stringify({ reason: 'too_many_streams' }) } });
      const push = (event: string, data: unknown) => live.push({ event, data: JSON.stringify(data) });
      // While the person's membership is being re-read, company and entity changes wait: once it
      // is known, only those of the company they (still) belong to go out. None is dropped, none leaks.
      let role: string | null = viewer.membership?.role ?? null;
      let reloads = 0;
      let held: Array<CompanyChange | EntityChange> = [];
      let inOrder: Promise<void> = Promise.resolve();
      const sendCompany = (change: CompanyChange) => {
        if (change.companyId === companyId) push('company', { companyId: change.companyId, currency_amount: change.currencyAmount });
      };
      // An area's entity: same company, one of its recipients when it names them, and the
      // entity type's own visibility check when it registered one (platform/live/registry.ts).
      const sendEntity = (change: EntityChange) => {
        if (change.companyId !== companyId || (change.userIds && !change.userIds.includes(userId))) return;
        const event = { entity: change.entity, id: change.id, ...(change.action ? { action: change.action } : {}) };
        const visible = liveVisibility(s, change.entity);
        const forCompany = companyId;
        // One chain per stream: a slow visibility check never lets a later entity overtake it.
        inOrder = inOrder
          .then(async () => {
            const ok = visible ? await visible({ userId, companyId: forCompany, role }, change.id) : true;
            if (ok && companyId === forCompany) push('entity', event);
          })
          .catch((e) => console.error('[events] visibility check failed:', (e as Error).message));
      };
      const deliver = (change: CompanyChange | EntityChange) => (change.t === 'entity' ? sendEntity(change) : sendCompany(change));
      const unsubscribe = s.feed.subscribe((change) => {
        if (change.t === 'company' || change.t === 'entity') {
          if (reloads > 0) held.push(change);
          else deliver(change);
        } else if ((change.t === 'user' || change.t === 'member') && change.userId === userId) {
          push('me', { reason: change.t });
          reloads++;
          void s.viewers
            .loadViewer(userId)
            .then((v) => {
              companyId = v?.viewer.company?.id ?? null;
              role = v?.viewer.membership?.role ?? null;
            })
            .catch(() => {
              companyId = null;
              role = null;
            })
            .finally(() => {
              if (--reloads > 0) return;
              const waiting = held;
              held = [];
              waiting.forEach(deliver);
            });
        } else if (change.t === 'session' && change.userId === userId) {
          push('session', {});
        } else if (change.t === 'reset') {
          push('me', { reason: 'reset' });
        }
      });
      await live.run(unsubscribe);
    });
  });

  return app;
}
