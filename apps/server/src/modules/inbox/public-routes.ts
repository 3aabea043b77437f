import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { streamSSE } from 'hono/streaming';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { schema } from '@sede/db/client';
import { z } from 'zod';
import { csatSchema, inboxOkSchema, INBOX_MESSAGES as M, visitorConversationSchema, visitorFileSentSchema, visitorMessageSchema, visitorSentSchema, visitorStartedSchema, visitorStartSchema, widgetConfigSchema } from '@sede/shared/inbox/schemas';
import { uuidSchema } from '@sede/shared/platform/api';
import { fileNameSchema } from '@sede/shared/platform/files';
import { contract } from '../../http/contract.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { rateLimitMessage, type RateRule } from '../../http/rate-limit.ts';
import { rateLimits } from '../../platform/rate-limits.ts';
import { trustedOrigins } from '../../http/security.ts';
import type { EntityChange } from '../../platform/live/announce.ts';
import { liveStreamLoop } from '../../platform/live-streams.ts';
import { clientAddressKey } from '../../platform/net/addresses.ts';
import { systemTenant } from '../../platform/tenant.ts';
import type { Services } from '../../services.ts';
import { readEntityFile, storeExternalFile } from '../files/public.ts';
import { recordBlockedSite, unavailableConfig } from './blocked-sites.ts';
import { answerCsat, CONVERSATION_ENTITY, conversationOfToken, conversationToContinue, receiveInbound, settingsByKey, visitorConversation, visitorFileId, visitorToken, widgetConfig } from './service.ts';
import { closeAfterRefusal } from '../../http/security.ts';

type SettingsRow = typeof schema.inboxSettings.$inferSelect;
type ConversationRow = typeof schema.inboxConversations.$inferSelect;
type PublicEnv = { Variables: { settings: SettingsRow; conversation: ConversationRow } };

/**
 * Rate limits of the widget (decision 0262), in PostgreSQL like the platform's: per visitor
 * (conversation) and per address, so a flood from one page or one machine is refused with a 429
 * and every message accepted before it is kept.
 */
export const WIDGET_RULES = {
  messagePerVisitor: { window: 60, max: 20 },
  messagePerIp: { window: 60, max: 60 },
  startPerIp: { window: 3600, max: 20 },
  filePerVisitor: { window: 3600, max: 20 },
} satisfies Record<string, RateRule>;

/**
 * Open live streams (GET …/events) on an instance, per visitor (its conversation: a few tabs) and
 * per address (IPv6 by /64): a new stream over a cap closes the oldest, like /api/events.
 */
export const WIDGET_STREAMS_PER_VISITOR = 5;
export const WIDGET_STREAMS_PER_ADDRESS = 50;

/** A visitor's attachment: the platform's image and document kinds, at most 10 MB (decision 0266). */
export const VISITOR_FILE_MAX_BYTES = 10 * 1024 * 1024;

const bearer = (c: Context) => c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? c.req.query('token') ?? null;

/** The widget's key names the company; the middleware answers 404 for an unknown one. */
const keyParams = z.object({ key: z.string() });
/** The token may travel in the query where a browser sends no headers (EventSource, a file's link). */
const tokenQuery = z.object({ token: z.string().optional() });
const fileUploadQuery = z.object({
  name: z.string().default('').pipe(fileNameSchema),
  kind: z
    .string()
    .optional()
    .transform((v) => (v === 'image' ? ('image' as const) : ('document' as const))),
});


/**
 * The widget's public API, /api/inbox/public/:key/… (decisions 0260–0262): no session; the company
 * comes from the unguessable public key; each browser request must come from one of the company's
 * allowed sites (or our own app), answered with CORS for that origin only; a visitor reads and
 * writes only the conversation its signed token names (anything else is a 404). Another site gets
 * only the config, saying the chat is unavailable there with the company's e-mail, and the
 * company is told once per site (decision 0401).
 */
export function publicInboxRoutes(s: Services) {
  const limits = rateLimits(s);
  const ours = new Set(trustedOrigins(s.cfg));
  const pub = new Hono<PublicEnv>();

  const limit = async (key: string, rule: RateRule) => {
    const d = await limits.consume(`inbox:${key}`, rule);
    if (!d.allowed) throw new AppError(429, 'RATE_LIMITED', rateLimitMessage(d.retryAfter ?? rule.window), { retryAfter: d.retryAfter ?? rule.window });
  };
  const ip = (c: Context) => getConnInfo(c).remote.address ?? 'unknown';

  pub.use(
    '/:key/*',
    createMiddleware<PublicEnv>(async (c, next) => {
      // The one read before a tenant exists: which company the public key belongs to.
      const settings = await settingsByKey(s.db, c.req.param('key') ?? '');
      if (!settings) throw notFound('Chat não encontrado.');
      const origin = c.req.header('origin');
      if (origin !== undefined) {
        if (!settings.allowedOrigins.includes(origin) && !ours.has(origin)) {
          if (c.req.method !== 'GET' || !c.req.path.endsWith('/config')) throw new AppError(403, 'FORBIDDEN_ORIGIN', M.originNotAllowed);
          await recordBlockedSite(s, settings.companyId, origin).catch((e: Error) => console.error('[inbox] blocked site not recorded', e.message));
          c.header('access-control-allow-origin', origin);
          c.header('vary', 'Origin');
          c.header('cache-control', 'no-store');
          return c.json(await unavailableConfig(systemTenant(s, settings.companyId, 'public-link').db, settings));
        }
        c.header('access-control-allow-origin', origin);
        c.header('vary', 'Origin');
        c.header('access-control-expose-headers', 'retry-after');
      }
      if (c.req.method === 'OPTIONS') {
        c.header('access-control-allow-methods', 'GET, POST');
        c.header('access-control-allow-headers', 'authorization, content-type');
        c.header('access-control-max-age', '600');
        return c.body(null, 204);
      }
      c.set('settings', settings);
      await next();
      if (c.res.status === 429 && !c.res.headers.has('retry-after')) {
        const body = (await c.res.clone().json().catch(() => null)) as { retryAfter?: number } | null;
        if (body?.retryAfter) c.res.headers.set('retry-after', String(body.retryAfter));
      }
    }),
  );

  // The conversation the visitor's token names, checked before anything else (like a session).
  const visitor: MiddlewareHandler<PublicEnv> = async (c, next) => {
    c.set('conversation', await conversationOfToken(s, c.get('settings'), bearer(c)));
    await next();
  };

  pub.get('/:key/config', contract({ summary: 'Configuração do chat do site', params: keyParams, response: widgetConfigSchema, public: true }), (c) =>
    c.json(widgetConfig(c.get('settings'))),
  );

  /** The visitor's first message opens the conversation and returns its token. */
  pub.post(
    '/:key/conversations',
    contract({ summary: 'Iniciar conversa pelo chat do site', params: keyParams, body: visitorStartSchema, response: visitorStartedSchema, status: 201, public: true }),
    async (c) => {
      const settings = c.get('settings');
      const input = c.req.valid('json');
      await limit(`start:${settings.companyId}:${ip(c)}`, WIDGET_RULES.startPerIp);
      await limit(`ip:${settings.companyId}:${ip(c)}`, WIDGET_RULES.messagePerIp);
      const { conversation } = await receiveInbound(s, settings, { channel: 'chat', visitor: { name: input.name, email: input.email }, body: input.body });
      return c.json({ token: visitorToken(s, settings.companyId, conversation.id), conversation: await visitorConversation(s, conversation) }, 201);
    },
  );

  pub.get('/:key/conversation', visitor, contract({ summary: 'Ver a conversa do visitante', params: keyParams, query: tokenQuery, response: visitorConversationSchema, public: true }), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await visitorConversation(s, c.get('conversation')));
  });

  pub.post(
    '/:key/messages',
    visitor,
    contract({ summary: 'Enviar mensagem pelo chat do site', params: keyParams, body: visitorMessageSchema, response: visitorSentSchema, status: 201, public: true }),
    async (c) => {
      const settings = c.get('settings');
      const own = c.get('conversation');
      const { body } = c.req.valid('json');
      await limit(`visitor:${own.id}`, WIDGET_RULES.messagePerVisitor);
      await limit(`ip:${settings.companyId}:${ip(c)}`, WIDGET_RULES.messagePerIp);
      // Resolved long ago: a new conversation, whose token the widget keeps from now on (decision 0303).
      const { conversation: conv, started } = await conversationToContinue(s, own);
      const { messageId } = await receiveInbound(s, settings, { channel: 'chat', conversation: conv, body });
      return c.json({ id: messageId, ...(started ? { token: visitorToken(s, settings.companyId, conv.id) } : {}) }, 201);
    },
  );

  /** An attachment (image or document, raw body, `?name=`): stored as a platform file of the conversation and sent as a message. */
  pub.post(
    '/:key/files',
    visitor,
    closeAfterRefusal,
    contract({
      summary: 'Enviar arquivo pelo chat do site',
      params: keyParams,
      query: fileUploadQuery,
      bodyMedia: 'application/octet-stream',
      response: visitorFileSentSchema,
      status: 201,
      public: true,
    }),
    async (c) => {
      const settings = c.get('settings');
      const conv = c.get('conversation');
      const { name, kind } = c.req.valid('query');
      const length = c.req.header('content-length');
      const declaredLength = length !== undefined && !c.req.header('transfer-encoding') ? Number(length) : undefined;
      if (declaredLength === undefined || declaredLength > VISITOR_FILE_MAX_BYTES) {
        throw new AppError(413, 'FILE_TOO_LARGE', 'O arquivo pode ter no máximo 10 MB.', { maxBytes: VISITOR_FILE_MAX_BYTES });
      }
      await limit(`file:${conv.id}`, WIDGET_RULES.filePerVisitor);
      await limit(`ip:${settings.companyId}:${ip(c)}`, WIDGET_RULES.messagePerIp);
      const file = await storeExternalFile(s, systemTenant(s, settings.companyId, 'public-link'), { entityType: CONVERSATION_ENTITY, entityId: conv.id, kind, name, body: c.req.raw.body, declaredLength });
      const { messageId } = await receiveInbound(s, settings, { channel: 'chat', conversation: conv, body: '', fileId: file.id, fileName: file.name });
      return c.json({ id: messageId, file: { id: file.id, name: file.name, mime: file.mime, size: file.size } }, 201);
    },
  );

  pub.get(
    '/:key/files/:fileId',
    visitor,
    contract({
      summary: 'Baixar arquivo da conversa do visitante',
      params: z.object({ key: z.string(), fileId: uuidSchema('Arquivo não encontrado.') }),
      query: tokenQuery,
      response: { media: 'application/octet-stream', description: 'O arquivo' },
      public: true,
    }),
    async (c) => {
      const settings = c.get('settings');
      const conv = c.get('conversation');
      const fileId = await visitorFileId(s, conv, c.req.valid('param').fileId);
      const file = await readEntityFile(s, systemTenant(s, settings.companyId, 'public-link'), fileId, CONVERSATION_ENTITY, conv.id);
      if (!file) throw notFound('Arquivo não encontrado.');
      const inline = /^image\/(png|jpeg|gif|webp)$/.test(file.mime);
      return c.body(new Uint8Array(file.bytes), 200, {
        'content-type': file.mime,
        'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      });
    },
  );

  pub.post('/:key/csat', visitor, contract({ summary: 'Avaliar o atendimento', params: keyParams, body: csatSchema, response: inboxOkSchema, public: true }), async (c) => {
    const conv = c.get('conversation');
    const { score } = c.req.valid('json');
    await limit(`visitor:${conv.id}`, WIDGET_RULES.messagePerVisitor);
    await answerCsat(s, conv, score);
    return c.json({ ok: true as const });
  });

  /**
   * The visitor's live channel (decision 0261): SSE of its own conversation only. Every instance
   * relays the database's NOTIFY (announce), so a reply from any instance reaches it; the widget
   * then reads its conversation again. The token travels in the query (EventSource sends no headers).
   */
  pub.get(
    '/:key/events',
    visitor,
    contract({ summary: 'Acompanhar a conversa do visitante ao vivo', params: keyParams, query: tokenQuery, response: { media: 'text/event-stream' }, public: true }),
    async (c) => {
      const conv = c.get('conversation');
      const address = clientAddressKey(ip(c));
      c.header('cache-control', 'no-store');
      return streamSSE(c, async (stream) => {
        const caps = [
          { key: `widget-visitor:${conv.id}`, max: WIDGET_STREAMS_PER_VISITOR },
          { key: `widget-address:${address}`, max: WIDGET_STREAMS_PER_ADDRESS },
        ];
        const live = liveStreamLoop(s, stream, { caps, ready: { event: 'ready', data: '{}' }, evicted: { event: 'evicted', data: '{"reason":"too_many_streams"}' } });
        const unsubscribe = s.feed.subscribe((change) => {
          if (change.t !== 'entity') return;
          const e = change as EntityChange;
          if (e.entity !== CONVERSATION_ENTITY || e.id !== conv.id || e.companyId !== conv.companyId || e.action === 'note') return;
          live.push({ event: e.action === 'deleted' ? 'closed' : 'changed', data: '{}' });
          if (e.action === 'deleted') live.end();
        });
        await live.run(unsubscribe);
      });
    },
  );

  return pub;
}
