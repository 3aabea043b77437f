import { readFileSync, statSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, request } from 'undici';
import { PIX_API_MESSAGES as M } from '@sede/shared/finance/pix-api';
import { AppError } from '../../http/errors.ts';
import { isLoopbackUrl } from '../../platform/config.ts';
import { serverState } from '../../platform/module.ts';
import { checkOutboundUrl, OutboundRefused, pinnedLookup } from '../../platform/net/outbound.ts';
import type { Services } from '../../services.ts';
import type { components } from './api-pix.d.ts';

/** The API Pix's own types, generated from the Banco Central's OpenAPI (`npm run pix-api:types`). */
export type PixSchemas = components['schemas'];

/** What a call needs: where, who, and the client certificate's key and chain (PEM). */
export type PspConnection = {
  /** Cache key of the OAuth token: the settings row and its version. */
  id: string;
  baseUrl: string;
  tokenUrl: string | null;
  clientId: string;
  clientSecret: string;
  keyPem: string;
  certPem: string;
};

/** Why a call failed, in the words a person reads; `status` is the PSP's when it answered. */
export class PspError extends AppError {
  constructor(
    code: 'PIX_API_OAUTH_REFUSED' | 'PIX_API_TIMEOUT' | 'PIX_API_UNAVAILABLE' | 'PIX_API_REFUSED' | 'PIX_API_BAD_ANSWER' | 'PIX_API_URL_PRIVATE',
    message: string,
    readonly pspStatus: number | null = null,
  ) {
    super(409, code, message);
  }
}

const SCOPES = 'cob.write cob.read cobv.write cobv.read pix.write pix.read webhook.write webhook.read rec.write rec.read solicrec.write solicrec.read cobr.write cobr.read webhookrec.write webhookcobr.write payloadlocationrec.write';

/** PIX_API_CA_FILE's certificates, read again when the file changes (a test's fake PSP adds its own). */
const extraCa = (s: Services) => {
  const file = s.cfg.PIX_API_CA_FILE;
  if (!file) return null;
  const cache = serverState(s, 'pix-api.ca', () => ({ stamp: '', pem: '' }));
  const { mtimeMs, size } = statSync(file);
  const stamp = `${mtimeMs}:${size}`;
  if (cache.stamp !== stamp) Object.assign(cache, { stamp, pem: readFileSync(file, 'utf8') });
  return cache.pem;
};
const tokens = (s: Services) => serverState(s, 'pix-api.tokens', () => new Map<string, { token: string; expiresAt: number }>());

export const tokenUrlOf = (c: Pick<PspConnection, 'baseUrl' | 'tokenUrl'>) => c.tokenUrl ?? `${c.baseUrl}/oauth/token`;

type Answer = { status: number; json: unknown };

/**
 * One HTTPS call to the PSP over mutual TLS, to an address a person typed: through the outbound
 * guard (decision 0350: checked, pinned to the checked addresses, no redirect; loopback only on a
 * loopback APP_URL), with the server's time limit. Network failures become PspErrors.
 */
async function call(s: Services, conn: PspConnection, url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
  let target: Awaited<ReturnType<typeof checkOutboundUrl>>;
  try {
    target = await checkOutboundUrl(url, { dns: s.dns, allowLoopback: isLoopbackUrl(s.cfg.appUrl) });
  } catch (err) {
    if (err instanceof OutboundRefused && err.reason === 'private') throw new PspError('PIX_API_URL_PRIVATE', M.privateUrl);
    throw new PspError('PIX_API_UNAVAILABLE', M.unavailable);
  }
  const ms = s.cfg.PIX_API_TIMEOUT_MS;
  const ca = extraCa(s);
  const dispatcher = new Agent({
    connect: { key: conn.keyPem, cert: conn.certPem, ca: ca ? [...rootCertificates, ca] : undefined, lookup: pinnedLookup(target), timeout: ms },
    headersTimeout: ms,
    bodyTimeout: ms,
  });
  try {
    const res = await request(target.url, { method: init.method as 'GET', headers: init.headers, body: init.body, dispatcher, signal: AbortSignal.timeout(ms) });
    const text = await res.body.text();
    if (res.statusCode >= 300 && res.statusCode < 400) throw new PspError('PIX_API_UNAVAILABLE', M.unavailable, res.statusCode);
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // judged by the status
    }
    return { status: res.statusCode, json };
  } catch (err) {
    if (err instanceof PspError) throw err;
    const e = err as { name?: string; code?: string };
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError' || /Timeout/.test(e.code ?? '') || /Timeout/.test(e.name ?? '');
    throw timedOut ? new PspError('PIX_API_TIMEOUT', M.timeout) : new PspError('PIX_API_UNAVAILABLE', M.unavailable);
  } finally {
    void dispatcher.close().catch(() => {});
  }
}

/** The OAuth 2.0 client-credentials token (over the same mTLS), cached until a minute before it expires. */
export async function accessToken(s: Services, conn: PspConnection, fresh = false): Promise<string> {
  const cached = tokens(s).get(conn.id);
  if (!fresh && cached && cached.expiresAt > s.clock.now()) return cached.token;
  const basic = Buffer.from(`${encodeURIComponent(conn.clientId)}:${encodeURIComponent(conn.clientSecret)}`).toString('base64');
  const res = await call(s, conn, tokenUrlOf(conn), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: SCOPES }).toString(),
  });
  const body = (res.json ?? {}) as { access_token?: unknown; expires_in?: unknown };
  if (res.status === 400 || res.status === 401 || res.status === 403) throw new PspError('PIX_API_OAUTH_REFUSED', M.oauthRefused, res.status);
  if (res.status >= 500 || res.status < 200 || res.status >= 300) throw new PspError('PIX_API_UNAVAILABLE', M.unavailable, res.status);
  if (typeof body.access_token !== 'string' || !body.access_token) throw new PspError('PIX_API_BAD_ANSWER', M.badAnswer, res.status);
  const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
  tokens(s).set(conn.id, { token: body.access_token, expiresAt: s.clock.now() + Math.max(seconds - 60, 1) * 1000 });
  return body.access_token;
}

/** The problem+json's words (title, detail, violations), short, for the person's message. */
function problemText(json: unknown): string {
  const p = (json ?? {}) as { title?: unknown; detail?: unknown; violacoes?: { razao?: unknown; propriedade?: unknown }[] };
  const parts = [p.detail ?? p.title, ...(Array.isArray(p.violacoes) ? p.violacoes.map((v) => [v.propriedade, v.razao].filter(Boolean).join(': ')) : [])].filter((x) => typeof x === 'string' && x);
  return (parts.join('; ') || 'sem detalhes').slice(0, 300);
}

/**
 * An authenticated call to the API Pix: the token (again once, fresh, if the PSP says it is no
 * longer valid), JSON in and out. 2xx answers the body; 4xx is the PSP's refusal in its words
 * (`refused` words it for what was asked: a charge by default).
 */
export async function pspCall<T>(
  s: Services,
  conn: PspConnection,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  refused: (detail: string) => string = M.refused,
): Promise<{ status: number; body: T }> {
  let retried = false;
  for (;;) {
    const token = await accessToken(s, conn, retried);
    const res = await call(s, conn, `${conn.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401 && !retried) {
      retried = true;
      continue;
    }
    if (res.status >= 200 && res.status < 300) return { status: res.status, body: res.json as T };
    if (res.status === 401) throw new PspError('PIX_API_OAUTH_REFUSED', M.oauthRefused, res.status);
    if (res.status >= 400 && res.status < 500) throw new PspError('PIX_API_REFUSED', refused(problemText(res.json)), res.status);
    throw new PspError('PIX_API_UNAVAILABLE', M.unavailable, res.status);
  }
}
