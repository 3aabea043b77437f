import { type Dispatcher, request } from 'undici';
import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { AppError, conflict } from '../../http/errors.ts';

/**
 * What every provider's client shares (decisions 0681, 0683): one HTTP call to a host of the
 * installation's configuration (never a person's, so the outbound guard is not in the way), its
 * refusal in the provider's own words, and the token kept fresh for the providers whose tokens
 * expire. No answer is a 409 `<CODE>_UNREACHABLE`; a refusal a 409 `<CODE>_API_ERROR`.
 */
export type ProviderHttp = { label: string; code: string; timeoutMs: number };
/** A provider's app registered for this installation: its id and secret, from the configuration. */
export type ProviderApp = { appId: string; secret: string };

/** The installation's app of a provider, or a 409 `<CODE>_NOT_CONFIGURED` saying it is not configured here. */
export function providerApp(p: ProviderHttp, appId: string | undefined, secret: string | undefined): ProviderApp {
  if (!appId || !secret) throw conflict(M.notConfigured(p.label), `${p.code}_NOT_CONFIGURED`);
  return { appId, secret };
}

/** An answer's headers, read by name (any case); several values of one name joined with ", " as `Headers#get` does. */
export type AnswerHeaders = { get(name: string): string | null };
export type Answer = { status: number; headers: AnswerHeaders; data: unknown };
export type CallInit = { method?: string; headers?: Record<string, string>; json?: unknown; form?: Record<string, string> };

const headerReader = (raw: Record<string, string | string[] | undefined>): AnswerHeaders => ({
  get(name) {
    const value = raw[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  },
});

/**
 * One call through undici's `request` (decision 0775): a store's webhook fetches its order with it on
 * every delivery, and `fetch` (the WHATWG Request, Response, Headers and body stream built around the
 * same client) cost about twice its CPU. Redirects are refused as `fetch`'s `redirect: 'error'` did (a
 * provider's API never redirects; a redirect is no answer), and the whole call, body included, is bounded
 * by the provider's timeout.
 */
export async function providerCall(p: ProviderHttp, url: string, init: CallInit = {}): Promise<Answer> {
  const type = init.json !== undefined ? 'application/json' : init.form ? 'application/x-www-form-urlencoded' : null;
  const unreachable = () => new AppError(409, `${p.code}_UNREACHABLE`, M.providerUnreachable(p.label));
  let res: Dispatcher.ResponseData;
  try {
    res = await request(url, {
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      // `fetch` named itself ('node'); a provider may refuse a call without a User-Agent.
      headers: { accept: 'application/json', 'user-agent': 'Sede', ...init.headers, ...(type ? { 'content-type': type } : {}) },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.form ? new URLSearchParams(init.form).toString() : undefined,
      signal: AbortSignal.timeout(p.timeoutMs),
    });
  } catch {
    throw unreachable();
  }
  if (res.statusCode >= 300 && res.statusCode < 400) {
    await res.body.dump().catch(() => {});
    throw unreachable();
  }
  const text = await res.body.text().catch(() => null);
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  return { status: res.statusCode, headers: headerReader(res.headers), data };
}

/** The provider's own words for a refusal (OAuth's error_description, REST's message), or the status. */
export function problemOf(data: unknown, status: number): string {
  const d = (data ?? {}) as { description?: unknown; message?: unknown; error_description?: unknown; error?: unknown };
  const text = [d.error_description, d.description, d.message, d.error].find((v) => typeof v === 'string' && v.trim());
  return (typeof text === 'string' ? text : `HTTP ${status}`).slice(0, 300);
}

export const refused = (p: ProviderHttp, a: Answer) => new AppError(409, `${p.code}_API_ERROR`, M.providerFailed(p.label, problemOf(a.data, a.status)));

/** A store's credentials for its provider's API; `refresh` (when its tokens expire) renews them and answers the new ones. */
export type StoreAuth = {
  storeId: string;
  token: string;
  expiresAt?: Date | null;
  refresh?: () => Promise<{ token: string; expiresAt: Date | null }>;
};

/** Renewed this long before the token's expiry, so a page of an import never starts with a dying token. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * A call with the store's token (decision 0683): renewed first when it is about to expire, and on
 * a 401 renewed once and the call repeated once; `auth` keeps the new token for the next calls.
 */
export async function withToken(auth: StoreAuth, send: (token: string) => Promise<Answer>, now = () => Date.now()): Promise<Answer> {
  const renew = async () => {
    const fresh = await auth.refresh!();
    auth.token = fresh.token;
    auth.expiresAt = fresh.expiresAt;
  };
  if (auth.refresh && auth.expiresAt && auth.expiresAt.getTime() - now() < REFRESH_MARGIN_MS) await renew();
  const first = await send(auth.token);
  if (first.status !== 401 || !auth.refresh) return first;
  await renew();
  return send(auth.token);
}
