import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from './errors.ts';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../platform/config.ts';

/**
 * Response headers of every answer (decision 0075): a strict Content-Security-Policy (scripts
 * from our origin only, no inline script; inline styles allowed because sonner and Radix inject
 * <style> elements), no framing, no MIME sniffing, no Referer (a reset or invitation link
 * carries its token in the query), no powerful browser features, and HSTS behind https.
 */
export function securityHeaders(cfg: Config) {
  const https = cfg.appUrl.startsWith('https:');
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for images the page itself made (Excalidraw resizes an inserted image through an object URL; decision 0297).
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
      midi: [],
      magnetometer: [],
      gyroscope: [],
      accelerometer: [],
      displayCapture: [],
      browsingTopics: [],
    },
  });
  // The chat widget's script and public API are loaded by the companies' sites (decision 0260).
  return createMiddleware(async (c, next) => {
    await next();
    // Built with every one of these headers already in its plain record (securedResponder): left as
    // it is, so its headers are never turned into a Headers object and set one by one (decision 0763).
    if (PRESECURED.has(c.res)) return;
    await headers(c, settled);
    if (CROSS_ORIGIN_RESOURCES.test(c.req.path)) c.res.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    const routePolicy = c.res.headers.get(ROUTE_CSP);
    if (routePolicy !== null) {
      c.res.headers.delete(ROUTE_CSP);
      c.res.headers.set('Content-Security-Policy', routePolicy);
    }
    if (c.res.headers.has(SAME_ORIGIN_FRAME)) {
      c.res.headers.delete(SAME_ORIGIN_FRAME);
      c.res.headers.set('Content-Security-Policy', (c.res.headers.get('Content-Security-Policy') ?? '').replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
      c.res.headers.set('X-Frame-Options', 'SAMEORIGIN');
    }
  });
}

const settled = async () => {};

/** Responses that already carry every security header (securedResponder): the middleware leaves them alone. */
const PRESECURED = new WeakSet<Response>();
/** Per configuration: the headers the middleware gives an ordinary answer, once derived (null until then). */
const derivedHeaders = new WeakMap<Config, { record: Record<string, string> | null }>();

/**
 * The security headers of an ordinary answer under `cfg`, as a plain record: derived once by
 * running the middleware itself on a probe answer (never written out a second time, so they
 * cannot drift apart). The derivation settles within a few microtasks of the first call; until
 * then this is null.
 */
function securityHeaderRecord(cfg: Config): Record<string, string> | null {
  let entry = derivedHeaders.get(cfg);
  if (!entry) {
    const made: { record: Record<string, string> | null } = { record: null };
    derivedHeaders.set(cfg, (entry = made));
    const probe = new Hono().use('*', securityHeaders(cfg)).get('/', () => new Response(null, { status: 204 }));
    void Promise.resolve(probe.request('/')).then((res) => {
      made.record = Object.fromEntries(res.headers);
    });
  }
  return entry.record;
}

/**
 * A hot route's answers (the cached CNPJ lookup, decision 0763) with the security headers already
 * in their plain header record, so the middleware has nothing left to do: an undici Headers object
 * built and ten headers validated and set on every answer were a tenth of that route's CPU. For a
 * path that no per-path rule of the middleware concerns (the widget's cross-origin resources, a
 * route's own CSP or framing). Until the headers are derived (microtasks after start) its answers
 * are ordinary ones and the middleware completes them. `extra`: headers of this one answer (a
 * middleware's, held for it: `takeAnswerHeaders`), in the same record (decision 0774).
 */
export function securedResponder(cfg: Config, headers: Record<string, string>): (body: string | Uint8Array, extra?: Record<string, string> | null) => Response {
  let merged: Record<string, string> | null = null;
  const derive = () => {
    const record = securityHeaderRecord(cfg);
    if (record) merged = { ...record, ...headers };
  };
  derive();
  return (body, extra) => {
    if (!merged) derive();
    const base = merged ?? headers;
    const res = new Response(body as ConstructorParameters<typeof Response>[0], { headers: extra ? joined(base, extra) : base });
    if (merged) PRESECURED.add(res);
    return res;
  };
}

/**
 * The two records in a new one, copied key by key: an object spread of the derived record (its
 * keys added one by one at start) took 13–16 µs a copy in V8, this loop under 1 µs (decision 0774).
 */
function joined(base: Record<string, string>, extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in base) out[name] = base[name]!;
  for (const name in extra) out[name] = extra[name]!;
  return out;
}

/** Headers a middleware gives its request's answer, held until that answer is built (decision 0774). */
/** The request's variable that holds them (a plain variable of the context: no WeakMap entry per request). */
const HELD = 'sede.heldAnswerHeaders';
type Held = { get(key: typeof HELD): Record<string, string> | undefined; set(key: typeof HELD, value: Record<string, string> | undefined): void };
const contextVars = (c: Context) => c as unknown as Held;

/**
 * Holds headers for the request's answer, whatever the route answers (the key's `RateLimit-*`):
 * a route answering through `securedResponder` writes them in its one plain record
 * (`takeAnswerHeaders`); any other answer gets them from `applyHeldHeaders` once the route is done.
 * Neither builds a Headers object for a kept list's answer.
 */
export const holdAnswerHeaders = (c: Context, headers: Record<string, string>) => contextVars(c).set(HELD, headers);

/** The headers held for this request's answer, handed over once (null: none). */
export function takeAnswerHeaders(c: Context): Record<string, string> | null {
  const headers = contextVars(c).get(HELD);
  if (!headers) return null;
  contextVars(c).set(HELD, undefined);
  return headers;
}

/**
 * After the route: the held headers no answer took are set on its answer (as the security
 * middleware sets its own), or, when the route failed with no answer yet, on the one its error gets.
 */
export function applyHeldHeaders(c: Context) {
  const held = takeAnswerHeaders(c);
  if (!held) return;
  if (!c.finalized) {
    for (const name in held) c.header(name, held[name]!);
    return;
  }
  const headers = c.res.headers;
  for (const name in held) headers.set(name, held[name]!);
}

/**
 * A response header a route sets for an answer our own pages may frame (the shared-file page's PDF
 * preview, decision 0392): framing by our origin only, never by another site. Removed before sending.
 */
export const SAME_ORIGIN_FRAME = 'x-sede-frame-same-origin';

/**
 * A response header a route sets to answer with its own Content-Security-Policy instead of the
 * app's (the API reference page, decision 0643: its script nonce and its pinned CDN script).
 * Removed before sending; no framing is ever allowed through it.
 */
export const ROUTE_CSP = 'x-sede-route-csp';

const CROSS_ORIGIN_RESOURCES = /^\/(widget\.js$|api\/inbox\/public\/|api\/v1\/leads$)/;

/** The origins a browser request may come from: APP_URL's (and the local port's); better-auth trusts the same list (platform/auth.ts). */
export function trustedOrigins(cfg: Config): string[] {
  return [cfg.appUrl, `http://localhost:${cfg.PORT}`, `http://127.0.0.1:${cfg.PORT}`].map((u) => new URL(u).origin);
}

/** Signature-verified server-to-server calls, which no browser makes. */
const ORIGIN_EXEMPT = new Set(['/api/billing/webhooks/stripe']);
/**
 * The website chat widget's public API runs on the companies' own sites (decision 0260): it
 * carries no cookie or session (a signed visitor token instead) and checks each request's
 * Origin against that company's allowed sites itself, answering CORS for them only.
 */
const WIDGET_API = /^\/api\/inbox\/public\/[^/]+\//;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The public API (decision 0641) reads no cookie: a request is its bearer key's, wherever it comes
 * from (a server, or a site's form posting a lead with its form key, decision 0644).
 */
const BEARER_API = /^\/api\/v1\//;

/**
 * Cross-site requests (decision 0076): a state-changing /api request must come from a trusted
 * origin. A browser always sends Origin on such a request; without Origin (curl, a server) it is
 * accepted unless Sec-Fetch-Site says another site sent it.
 */
export function sameOriginOnly(cfg: Config) {
  const trusted = new Set(trustedOrigins(cfg));
  return createMiddleware(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || ORIGIN_EXEMPT.has(c.req.path) || WIDGET_API.test(c.req.path) || BEARER_API.test(c.req.path)) return next();
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site');
    const allowed = origin !== undefined ? trusted.has(origin) : site === undefined || site === 'same-origin' || site === 'none';
    if (!allowed) {
      return c.json({ error: 'Origem da requisição não permitida.', code: 'FORBIDDEN_ORIGIN' }, 403);
    }
    return next();
  });
}

export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Request bodies under /api are JSON and at most 1 MB (decision 0077): refused with a 413 as
 * soon as the declared length, or the bytes read so far, pass the limit, never kept in memory.
 * Uploads will stream through their own routes with their own limits.
 */
export const jsonBodyLimit = () => {
  const tooLarge = (c: Context) =>
    c.json({ error: 'O corpo da requisição é grande demais (máximo de 1 MB).', code: 'PAYLOAD_TOO_LARGE' }, 413);
  const limit = bodyLimit({ maxSize: JSON_BODY_LIMIT, onError: tooLarge });
  return createMiddleware(async (c, next) => {
    const method = c.req.method;
    // A GET or HEAD has no body to limit (the Request drops it), and asking for it would build the
    // whole Request with its AbortSignal on every read: about 3 % of a busy server's CPU.
    if (method === 'GET' || method === 'HEAD') return next();
    // File uploads stream to storage with their kind's limit (decision 0110): never buffered here.
    if (method === 'POST' && (STREAMED_UPLOADS.has(c.req.path) || WIDGET_UPLOAD.test(c.req.path))) return next();
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (declared > JSON_BODY_LIMIT && !c.req.header('transfer-encoding')) {
      // A client answered while still sending can get a reset that beats the answer to it. A
      // modest overflow is read and dropped first, so the answer arrives on a quiet connection that
      // stays open; a huge one is answered at once and the connection closed.
      const drained = declared <= DRAIN_LIMIT && (await dropBody(c.req.raw.body));
      const res = tooLarge(c);
      if (!drained) res.headers.set('connection', 'close');
      return res;
    }
    return limit(c, next);
  });
};

/** How much of a refused JSON body is read and dropped so its answer is not lost to a reset. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/** Reads a body to its end and drops it; false when the client stalls for 10 s or errs. */
async function dropBody(body: ReadableStream<Uint8Array> | null): Promise<boolean> {
  if (!body) return true;
  const reader = body.getReader();
  let stalled = false;
  const stall = setTimeout(() => {
    stalled = true;
    void reader.cancel().catch(() => {});
  }, 10_000);
  try {
    for (;;) {
      const { done } = await reader.read();
      if (done) return !stalled;
      stall.refresh();
    }
  } catch {
    return false;
  } finally {
    clearTimeout(stall);
  }
}

/** The widget visitor's attachment (modules/inbox), streamed with its own 10 MB limit. */
const WIDGET_UPLOAD = /^\/api\/inbox\/public\/[^/]+\/files$/;

/** Routes whose body streams to storage under their own limits (modules/files; the public API's multipart upload). */
const STREAMED_UPLOADS = new Set(['/api/files', '/api/files/', '/api/finance/statements/imports', '/api/marketing/materials', '/api/v1/files']);

/** A refused upload's rest is not read: the connection closes after the answer, so the client stops sending. */
export const closeAfterRefusal: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.error instanceof AppError) c.res.headers.set('connection', 'close');
};
