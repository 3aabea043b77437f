import { ECOMMERCE_MESSAGES as M } from '@sede/shared/ecommerce/schemas';
import { AppError } from '../../../http/errors.ts';
import type { Services } from '../../../services.ts';
import { problemOf, providerApp, type ProviderApp, providerCall, type ProviderHttp, refused, type StoreAuth, withToken } from '../http.ts';
import type { Tokens } from '../provider.ts';

/**
 * Mercado Livre's API (decision 0683): OAuth 2 with an authorisation code and single-use refresh
 * tokens at `MERCADOLIVRE_API_URL/oauth/token` (form-encoded), the resources with
 * `Authorization: Bearer …`. The hosts come from the installation's configuration.
 */
export const LABEL = 'Mercado Livre';
const http = (s: Services): ProviderHttp => ({ label: LABEL, code: 'MERCADOLIVRE', timeoutMs: s.cfg.MERCADOLIVRE_TIMEOUT_MS });

export type MercadoLivreApp = ProviderApp;

/** The installation's app, or a 409 saying Mercado Livre is not configured here. */
export const mercadolivreApp = (s: Services): MercadoLivreApp => providerApp(http(s), s.cfg.MERCADOLIVRE_APP_ID, s.cfg.MERCADOLIVRE_CLIENT_SECRET);

export const mercadolivreConfigured = (s: Services) => Boolean(s.cfg.MERCADOLIVRE_APP_ID && s.cfg.MERCADOLIVRE_CLIENT_SECRET);

/** The redirect URI registered with the app, sent again with the code (Mercado Livre compares them). */
export const redirectUri = (s: Services) => `${s.cfg.appUrl}/ecommerce/conectar/mercadolivre`;

export function authorizeUrl(s: Services, state: string): string {
  const q = new URLSearchParams({ response_type: 'code', client_id: mercadolivreApp(s).appId, redirect_uri: redirectUri(s), state });
  return `${s.cfg.MERCADOLIVRE_AUTH_URL}/authorization?${q.toString()}`;
}

/** POST /oauth/token: `{ access_token, token_type, expires_in, scope, user_id, refresh_token }`. */
async function token(s: Services, grant: Record<string, string>): Promise<Tokens> {
  const app = mercadolivreApp(s);
  const { status, data } = await providerCall(http(s), `${s.cfg.MERCADOLIVRE_API_URL}/oauth/token`, {
    method: 'POST',
    form: { client_id: app.appId, client_secret: app.secret, ...grant },
  });
  const d = (data ?? {}) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; user_id?: unknown };
  if (status >= 400 || typeof d.access_token !== 'string' || d.user_id === undefined || d.user_id === null) {
    throw new AppError(409, 'MERCADOLIVRE_API_ERROR', M.providerFailed(LABEL, problemOf(data, status)));
  }
  const seconds = Number(d.expires_in);
  return {
    storeId: String(d.user_id),
    accessToken: d.access_token,
    refreshToken: typeof d.refresh_token === 'string' ? d.refresh_token : null,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : null,
  };
}

export const exchangeCode = (s: Services, code: string) => token(s, { grant_type: 'authorization_code', code, redirect_uri: redirectUri(s) });
export const refreshTokens = (s: Services, refreshToken: string) => token(s, { grant_type: 'refresh_token', refresh_token: refreshToken });

/** One call with the account's token (renewed before expiry and once on a 401); `allow404` answers null for a 404. */
export async function mercadolivreApi<T>(s: Services, auth: StoreAuth, path: string, init: { method?: string; allow404?: boolean } = {}): Promise<T | null> {
  const res = await withToken(auth, (t) => providerCall(http(s), `${s.cfg.MERCADOLIVRE_API_URL}/${path}`, { method: init.method, headers: { authorization: `Bearer ${t}` } }));
  if (res.status === 404 && init.allow404) return null;
  if (res.status >= 400) throw refused(http(s), res);
  return res.data as T;
}
